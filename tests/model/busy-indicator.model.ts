import { type BusyIndicatorEvent, busyIndicatorMachine } from '#machines/busy-indicator.machine';
import { busyIndicatorDelays } from '#machines/constants';
import { definePathSpec, unchanged } from '../support/paths';

/**
 * Path model of the busy indicator (decision 042): the start/end events and the pop-in delay are
 * derived; the spinner shows only in `indicating`. A start may carry how long the user has waited
 * already (a press made before the app was ready, decision 198): the whole pop-in or more shows the
 * spinner at once.
 */
/** A start of the user's own, and of a press carried in after part of the pop-in or all of it. */
const starts: BusyIndicatorEvent[] = [
  { type: 'busy.start' },
  { type: 'busy.start', waited: 300 },
  { type: 'busy.start', waited: busyIndicatorDelays.popInDelay },
];

export const busyIndicatorPathSpec = definePathSpec({
  name: 'busyIndicator',
  machine: busyIndicatorMachine,
  events: { 'busy.start': starts },
  expected: {
    initial: 'idle',
    on: {
      'busy.start': ({ before, event }) => {
        if (!before.matches('idle')) return unchanged;
        const waited = 'waited' in event && typeof event.waited === 'number' ? event.waited : 0;
        return waited >= busyIndicatorDelays.popInDelay ? 'indicating' : 'pending';
      },
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
