import { busyIndicatorMachine } from '#machines/busy-indicator.machine';
import { definePathSpec } from '../support/paths';

/**
 * Path model of the busy indicator (decision 042): the start/end events and the pop-in delay are
 * derived; the spinner shows only in `indicating`.
 */
export const busyIndicatorPathSpec = definePathSpec({
  name: 'busyIndicator',
  machine: busyIndicatorMachine,
  expected: {
    initial: 'idle',
    on: {
      'busy.start': 'pending',
      'busy.end': { pending: 'idle', indicating: 'idle' },
      'xstate.after.popInDelay': 'indicating',
    },
  },
  states: {
    idle: (s) => {
      if (s.hasTag('indicating')) throw new Error('idle must not show the spinner');
    },
    pending: (s) => {
      if (s.hasTag('indicating')) throw new Error('the spinner must wait for the pop-in');
    },
    indicating: (s) => {
      if (!s.hasTag('indicating')) throw new Error('indicating must show the spinner');
    },
  },
});
