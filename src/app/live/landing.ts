import { fromPromise } from 'xstate';
import { type LandingActor, landingMachine } from '#machines/landing.machine';
import { loadCode } from '../../code-loads';
import { useFlowActor } from '../../ui/flow-actor';
import { type FlowEdges, settledSession, useFlowEdges } from './edge';
import { clearInviteLanding, isInviteLandingSet } from './invite-landing';

/**
 * Effects of the landing machine (spec §2 '/'): the settled session, GET /api/userpractice/active,
 * the login, navigation, the environment redirect (allow-listed), the invite landing flag and,
 * only when the flag is set, the stored invite (its reader and schema load then, by dynamic
 * import: the landing's first screen carries neither; decision 104).
 */
export function provideLanding(edges: FlowEdges, storage?: Storage): typeof landingMachine {
  return landingMachine.provide({
    actors: {
      awaitSession: fromPromise(() => settledSession(edges.actors.session)),
      checkStoredInvite: fromPromise(async () => {
        const { hasInviteLanding } = await loadCode('stored invite', () => import('./stored-invite'));
        return hasInviteLanding(storage);
      }),
      fetchActivePractice: fromPromise(() => edges.call((api) => api.activePractice())),
    },
    actions: {
      login: (_, params) => edges.login(params),
      navigate: (_, params) => edges.navigate(params),
      clearInviteLanding: () => clearInviteLanding(storage),
      redirectToEnvironment: (_, params) => edges.redirect(params.url),
    },
  });
}

export function useLandingActor(): LandingActor {
  const edges = useFlowEdges();
  return useFlowActor(
    () => provideLanding(edges),
    () => ({ inviteLanding: isInviteLandingSet() }),
  );
}
