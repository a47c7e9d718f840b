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
  ],
  expected: {
    initial: (input: { retryWhenOnline: boolean }) => (input.retryWhenOnline ? 'watching' : 'idle'),
    on: {
      // Only navigation (or the guard's re-run): the screen stays until the router replaces it.
      'exit.retry': unchanged,
      'exit.home': unchanged,
      'xstate.error.actor.watchOnline': 'idle',
    },
  },
});
