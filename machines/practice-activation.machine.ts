import { assign, fromCallback, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { onboardingDelays } from './constants';
import type { UserPractice } from './domain';

/**
 * The thank-you step's wait (spec §4): until the new practice is listed among the user's
 * practices (active), then done with its environment's address. The list is polled
 * (`fetchUserPractices`, every `activationPoll`) and, while the real-time connection is up, pushed
 * (`watchUserPractices` forwards the user store's practices as `practices.update` and the
 * connection as `realtime.connected` / `realtime.disconnected`); after `activationTakingLong` the
 * screen says it takes longer than usual (tag `takingLong`). Invoked by the onboarding machine's
 * `thankYou` state, which redirects with the output; both calls are provided at the edge
 * (src/app/live/onboarding.ts).
 */

export interface PracticeActivationInput {
  practiceKey: string | null;
}

export interface PracticeActivationContext {
  practiceKey: string | null;
  environmentUrl: string | null;
}

export interface PracticeActivationOutput {
  /** The activated practice's environment (its `environmentUrl`; null when the list gave none). */
  environmentUrl: string | null;
}

export type PracticeActivationEvent =
  | { type: 'practices.update'; practices: UserPractice[] }
  | { type: 'realtime.connected' }
  | { type: 'realtime.disconnected' };

function listed(practices: UserPractice[], practiceKey: string | null): UserPractice | undefined {
  return practices.find((p) => p.practiceKey === practiceKey);
}

export const practiceActivationMachine = setup({
  types: {
    input: {} as PracticeActivationInput,
    context: {} as PracticeActivationContext,
    events: {} as PracticeActivationEvent,
    output: {} as PracticeActivationOutput,
    tags: {} as 'takingLong',
  },
  actors: {
    fetchUserPractices: fromPromise<UserPractice[]>(async () => []),
    /** Forwards the user store's practices (`practices.update`) and `realtime.connected/disconnected`. */
    watchUserPractices: fromCallback(() => undefined),
  },
  guards: {
    isPracticeListed: ({ context }, params: { practices: UserPractice[] }) =>
      listed(params.practices, context.practiceKey) !== undefined,
  },
  delays: {
    activationPoll: onboardingDelays.activationPoll,
    activationTakingLong: onboardingDelays.activationTakingLong,
  },
}).createMachine({
  id: 'practiceActivation',
  context: ({ input }) => ({ practiceKey: input.practiceKey, environmentUrl: null }),
  initial: 'waiting',
  output: ({ context }) => ({ environmentUrl: context.environmentUrl }),
  states: {
    waiting: {
      type: 'parallel',
      invoke: {
        id: 'watchUserPractices',
        src: 'watchUserPractices',
        // Falls back to polling. The handler is on `waiting` itself, so both regions restart: a
        // 'taking long' message already shown goes and its timer starts again (docs/testing.md).
        onError: { target: '.updates.polling' },
      },
      on: {
        'practices.update': {
          guard: { type: 'isPracticeListed', params: ({ event }) => ({ practices: event.practices }) },
          target: 'activated',
          actions: assign({
            environmentUrl: ({ context, event }) =>
              listed(event.practices, context.practiceKey)?.environmentUrl ?? null,
          }),
        },
      },
      states: {
        activation: {
          initial: 'waiting',
          states: {
            waiting: { after: { activationTakingLong: 'takingLong' } },
            takingLong: { tags: ['takingLong'] },
          },
        },
        updates: {
          initial: 'polling',
          states: {
            polling: {
              initial: 'fetching',
              on: { 'realtime.connected': 'pushed' },
              states: {
                fetching: {
                  invoke: {
                    id: 'fetchUserPractices',
                    src: 'fetchUserPractices',
                    onDone: [
                      {
                        guard: {
                          type: 'isPracticeListed',
                          params: ({ event }) => ({ practices: event.output }),
                        },
                        target: '#practiceActivation.activated',
                        actions: assign({
                          environmentUrl: ({ context, event }) =>
                            listed(event.output, context.practiceKey)?.environmentUrl ?? null,
                        }),
                      },
                      { target: 'resting' },
                    ],
                    onError: { target: 'resting' },
                  },
                },
                resting: { after: { activationPoll: 'fetching' } },
              },
            },
            pushed: {
              on: { 'realtime.disconnected': 'polling' },
            },
          },
        },
      },
    },
    activated: { type: 'final' },
  },
});

export type PracticeActivationSnapshot = SnapshotFrom<typeof practiceActivationMachine>;

/**
 * The wait outlasts the usual time: the screen says so. False without a wait, and for a stand-in
 * child that is not this machine (the path tests' and the atlas's inert fakes).
 */
export const selectTakingLong = (s: PracticeActivationSnapshot | undefined): boolean =>
  typeof s?.hasTag === 'function' && s.hasTag('takingLong');
