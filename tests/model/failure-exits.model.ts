import { failureExitsMachine } from '#machines/failure-exits.machine';
import { definePathSpec, unchanged } from '../support/paths';

/**
 * Path model of the failure screens' ways out: /server-error (Try again to the stored page, by
 * itself once back online) and the guarded routes' pending screen (Try again runs the guard again).
 */
export const failureExitsPathSpec = definePathSpec({
  name: 'failureExits',
  machine: failureExitsMachine,
  inputs: [
    { retryTo: '/switch-practice', retryWhenOnline: true },
    { retryTo: null, retryWhenOnline: false },
    // Not a screen of today's, but the machine allows it: the guard again, by itself once online.
    { retryTo: null, retryWhenOnline: true },
  ],
  expected: {
    initial: (input: { retryWhenOnline: boolean }) => (input.retryWhenOnline ? 'watching' : 'idle'),
    on: {
      // Only navigation (or the guard's re-run): the screen stays until the router replaces it;
      // the way out taken is recorded. Try again: the stored page when there is one, else the guard.
      'exit.retry': (step) => ({
        state: unchanged,
        context: { lastExit: step.before.context.retryTo !== null ? 'return' : 'rerun' },
      }),
      'exit.home': () => ({ state: unchanged, context: { lastExit: 'home' } }),
      'xstate.error.actor.watchOnline': 'idle',
    },
  },
});
