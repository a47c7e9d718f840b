import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { type LandingActor, landingMachine } from '../../../machines/landing.machine';
import { call } from './api';
import { type FlowEdges, settledSession, useFlowEdges } from './edge';
import { clearInviteLanding, hasInviteLanding } from './stored-invite';

/**
 * Effects of the landing machine (spec §2 '/'): the settled session, GET /api/userpractice/active,
 * the login, navigation, the environment redirect (allow-listed) and the invite landing flag.
 */
export function provideLanding(edges: FlowEdges, storage?: Storage): typeof landingMachine {
  return landingMachine.provide({
    actors: {
      awaitSession: fromPromise(() => settledSession(edges.actors.session)),
      fetchActivePractice: fromPromise(() => call(() => edges.api().activePractice())),
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
  const [machine] = useState(() => provideLanding(edges));
  const [input] = useState(() => ({ inviteLanding: hasInviteLanding() }));
  return useActorRef(machine, { input });
}
