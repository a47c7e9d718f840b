import { assign, fromCallback, setup } from 'xstate';
import type { NavigateParams } from './practice-flow';

/**
 * The ways out of the failure screens that belong to no flow (spec §2 /server-error; the pending
 * screen of the signed-in-only routes when the redirect login could not start). Where they lead is
 * decided here; the navigation and the re-run of a route's guard are provided at the edge
 * (src/app/live/failure-exits.ts).
 *
 * watching (back online → exit.retry) | idle
 *   exit.retry → the page to try again (`retryTo`, replacing /server-error), else `rerun`
 *   exit.home  → /
 */

export interface FailureExitsInput {
  /** The page Try again returns to (the stored page), or null to run the route's guard again. */
  retryTo: string | null;
  /** Try again by itself once the browser is back online (after a network drop). */
  retryWhenOnline: boolean;
}

export type FailureExitsEvent = { type: 'exit.retry' } | { type: 'exit.home' };

/** The way out last taken: back to the page to try again, the route's guard again, or home. */
export type FailureExit = 'return' | 'rerun' | 'home';

export interface FailureExitsContext extends FailureExitsInput {
  lastExit: FailureExit | null;
}

export const failureExitsMachine = setup({
  types: {
    context: {} as FailureExitsContext,
    input: {} as FailureExitsInput,
    events: {} as FailureExitsEvent,
  },
  actors: {
    /** Sends `exit.retry` when the browser comes back online. */
    watchOnline: fromCallback<FailureExitsEvent>(() => undefined),
  },
  actions: {
    navigate: (_, _params: NavigateParams) => undefined,
    /** Runs the route's loading (and so its guard) again. */
    rerun: () => undefined,
  },
  guards: {
    hasRetryTarget: ({ context }) => context.retryTo !== null,
    retriesWhenOnline: ({ context }) => context.retryWhenOnline,
  },
}).createMachine({
  id: 'failureExits',
  context: ({ input }) => ({ ...input, lastExit: null }),
  initial: 'routing',
  on: {
    'exit.retry': [
      {
        guard: 'hasRetryTarget',
        actions: [
          assign({ lastExit: 'return' }),
          {
            type: 'navigate',
            params: ({ context }) => ({ to: context.retryTo ?? '/', replace: true }),
          },
        ],
      },
      { actions: [assign({ lastExit: 'rerun' }), 'rerun'] },
    ],
    'exit.home': { actions: [assign({ lastExit: 'home' }), { type: 'navigate', params: { to: '/' } }] },
  },
  states: {
    routing: {
      always: [{ guard: 'retriesWhenOnline', target: 'watching' }, { target: 'idle' }],
    },
    watching: {
      // Without the browser's online event, Try again stays the way on.
      invoke: { id: 'watchOnline', src: 'watchOnline', onError: 'idle' },
    },
    idle: {},
  },
});
