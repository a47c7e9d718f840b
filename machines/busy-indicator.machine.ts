/**
 * When a pending request is shown (decision 042): the spec's loading pop-in (§4 Loading, 500 ms)
 * for a form's submit. The form submits at once; only when the request is still running after the
 * pop-in delay does the submit button show its spinner and the form lock. An answer within the
 * delay moves on (or shows its error) without a spinner flashing, and without the form re-rendering
 * while the request is on its way.
 *
 * Events come from whatever machine does the work (`busy.start` / `busy.end`, forwarded by
 * `useBusyIndicator` in src/app/live/busy-indicator.ts); the view contract is the `indicating` tag.
 * This machine is the only owner of the timer: views hold none.
 */
import { setup } from 'xstate';
import { busyIndicatorDelays } from './constants';

export type BusyIndicatorEvent = { type: 'busy.start' } | { type: 'busy.end' };

export const busyIndicatorMachine = setup({
  types: {
    events: {} as BusyIndicatorEvent,
    tags: {} as 'indicating',
  },
  delays: {
    popInDelay: busyIndicatorDelays.popInDelay,
  },
}).createMachine({
  id: 'busyIndicator',
  initial: 'idle',
  states: {
    idle: {
      on: { 'busy.start': 'pending' },
    },
    pending: {
      description: 'Working, not shown yet: the form is as the user left it.',
      after: { popInDelay: 'indicating' },
      on: { 'busy.end': 'idle' },
    },
    indicating: {
      description: 'Still working after the pop-in: the spinner shows and the form is locked.',
      tags: ['indicating'],
      on: { 'busy.end': 'idle' },
    },
  },
});

/** The submit button shows its spinner and the form is locked. */
export const selectIndicating = (s: { hasTag(tag: 'indicating'): boolean }): boolean =>
  s.hasTag('indicating');
