import { fromPromise } from 'xstate';
import { type AlternateProvider, authRedirectMachine } from '#machines/auth-redirect.machine';
import type { SessionUser } from '#machines/domain';
import { selectSessionStatus } from '#machines/session.machine';
import { connectionOf, providerCodeOfSubject, providerNameOf } from '../../auth/providers';
import { useFlowActor } from '../../ui/flow-actor';
import { type FlowEdges, settledSnapshot, useFlowEdges } from './edge';

/**
 * Effects of the auth-redirect machine (/auth/redirect): the settled session, the profile and
 * alternate-provider calls, the login and navigation. Whether to warn (an established account
 * with a profile is not warned, decision 128) is the machine's.
 */

/** The method the email is registered with, when it is not the one just used. */
async function findAlternateProvider(
  edges: FlowEdges,
  user: SessionUser | null,
): Promise<AlternateProvider | null> {
  if (!user?.email) return null;
  const email = user.email;
  const used = providerCodeOfSubject(user.sub);
  const codes = await edges.call((api) => api.alternateProviders(email));
  if (codes.length === 0 || (used && codes.includes(used as (typeof codes)[number]))) return null;
  const usedName = used ? providerNameOf(used) : null;
  for (const code of codes) {
    const method = providerNameOf(code);
    if (method && method !== usedName) return { method, connection: connectionOf(method) };
  }
  return null;
}

export function provideAuthRedirect(edges: FlowEdges): typeof authRedirectMachine {
  const { session } = edges.actors;
  return authRedirectMachine.provide({
    actors: {
      awaitSession: fromPromise(async () => {
        const settled = await settledSnapshot(session);
        const status = selectSessionStatus(settled) === 'signedIn' ? 'signedIn' : 'signedOut';
        return { status, returnTo: settled.context.returnTo, errorCode: settled.context.errorCode };
      }),
      checkProfileExists: fromPromise(() => edges.call((api) => api.profileExists())),
      findAlternateProvider: fromPromise(() =>
        findAlternateProvider(edges, session.getSnapshot().context.user),
      ),
    },
    actions: {
      navigate: (_, params) => edges.navigate(params),
      login: (_, params) => edges.login(params),
    },
  });
}

/** The /auth/redirect screen's actor. */
export function useAuthRedirectActor() {
  const edges = useFlowEdges();
  return useFlowActor(() => provideAuthRedirect(edges));
}
