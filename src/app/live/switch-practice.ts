import { type ActorRefFrom, fromCallback, fromPromise } from 'xstate';
import type { UserPractice, UserState } from '#machines/domain';
import {
  type SwitchPracticeEvent,
  switchPracticeMachine,
  type UserStateView,
} from '#machines/switch-practice.machine';
import { useFlowActor } from '../../ui/flow-actor';
import { type FlowEdges, useFlowEdges, watchUserStore } from './edge';

/**
 * Effects of the switch-practice machine (spec §2 /switch-practice, §6, §7): the live user store,
 * the activate and accept calls, navigation and the environment redirect (allow-listed).
 */

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
      watchUserState: fromCallback<SwitchPracticeEvent>(({ sendBack }) =>
        watchUserStore(
          edges.actors,
          (snapshot) => {
            // The list could not be loaded and nothing (the hub) has filled it: the screen says so.
            if (snapshot.context.error && !snapshot.context.practicesHasLoaded) {
              sendBack({ type: 'userState.failed' });
              return;
            }
            sendBack({ type: 'userState.changed', state: viewOfStore(snapshot.context) });
          },
          // The live state's code could not be loaded (offline): the screen says the list failed.
          { load: true, onUnavailable: () => sendBack({ type: 'userState.failed' }) },
        ),
      ),
      activatePractice: fromPromise(({ input }) =>
        edges.call((api) => api.setActivePractice(input.practiceKey)),
      ),
      acceptInvite: fromPromise<UserPractice, { practiceKey: string }>(({ input }) =>
        edges.call((api) => api.acceptInvite(input.practiceKey)),
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
  return useFlowActor(() => provideSwitchPractice(edges));
}
