import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { type ActorRefFrom, fromCallback, fromPromise } from 'xstate';
import type { UserPractice, UserState } from '#machines/domain';
import { portalRedirectMachine } from '#machines/portal-redirect.machine';
import {
  type SwitchPracticeEvent,
  switchPracticeMachine,
  type UserStateView,
} from '#machines/switch-practice.machine';
import type { RealtimeRoot } from '../../realtime/root';
import { call } from './api';
import { type FlowEdges, settledSession, useFlowEdges } from './edge';
import { portalUrlOf, samePathOn } from './redirects';

/**
 * Effects of the practice flows (spec §2, §6, §7): /switch-practice and the /mobile/*, /billing/*
 * portal redirects.
 */

// ───────────────────────────── switch practice ─────────────────────────────

function viewOfStore(state: UserState): UserStateView {
  return {
    practices: state.practices,
    practicesHasLoaded: state.practicesHasLoaded,
    invites: state.invites,
    email: state.email,
  };
}

export function provideSwitchPractice(edges: FlowEdges): typeof switchPracticeMachine {
  return switchPracticeMachine.provide({
    actors: {
      watchUserState: fromCallback<SwitchPracticeEvent>(({ sendBack }) => {
        let stopped = false;
        let unsubscribe: () => void = () => undefined;
        const watch = ({ userStore: store }: RealtimeRoot) => {
          if (stopped) return;
          const onStore = (snapshot: { context: UserState & { error?: string | null } }) => {
            // The list could not be loaded and nothing (the hub) has filled it: the screen says so.
            if (snapshot.context.error && !snapshot.context.practicesHasLoaded) {
              sendBack({ type: 'userState.failed' });
              return;
            }
            sendBack({ type: 'userState.changed', state: viewOfStore(snapshot.context) });
          };
          store.send({ type: 'store.load' });
          onStore(store.getSnapshot());
          const subscription = store.subscribe(onStore);
          unsubscribe = () => subscription.unsubscribe();
        };
        // The live state's code could not be loaded (offline): the screen says the list failed.
        edges.actors.realtime.load().then(watch, () => {
          if (!stopped) sendBack({ type: 'userState.failed' });
        });
        return () => {
          stopped = true;
          unsubscribe();
        };
      }),
      activatePractice: fromPromise(({ input }) =>
        call(() => edges.api().setActivePractice(input.practiceKey)),
      ),
      acceptInvite: fromPromise<UserPractice, { practiceKey: string }>(({ input }) =>
        call(() => edges.api().acceptInvite(input.practiceKey)),
      ),
    },
    actions: {
      navigate: (_, params) => edges.navigate(params),
      redirectToEnvironment: (_, params) => edges.redirect(params.url),
    },
  });
}

/** The /switch-practice screen's actor (lives as long as the screen). */
export function useSwitchPracticeActor(): ActorRefFrom<typeof switchPracticeMachine> {
  const edges = useFlowEdges();
  const [machine] = useState(() => provideSwitchPractice(edges));
  return useActorRef(machine);
}

// ───────────────────────────── portal redirect ─────────────────────────────

export function providePortalRedirect(edges: FlowEdges): typeof portalRedirectMachine {
  return portalRedirectMachine.provide({
    actors: {
      awaitSession: fromPromise(() => settledSession(edges.actors.session)),
      fetchActivePractice: fromPromise(() => call(() => edges.api().activePractice())),
    },
    actions: {
      navigate: (_, params) => edges.navigate(params),
      redirectToPortal: (_, params) => {
        const base = params.environmentUrl ?? portalUrlOf(null, edges.config);
        edges.redirect(base ? samePathOn(base, params.path, params.search) : null);
      },
    },
  });
}

export type PortalRedirectActor = ActorRefFrom<typeof portalRedirectMachine>;

export function usePortalRedirectActor(input: { path: string; search: string }): PortalRedirectActor {
  const edges = useFlowEdges();
  const [machine] = useState(() => providePortalRedirect(edges));
  return useActorRef(machine, { input });
}
