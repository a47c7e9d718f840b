/**
 * When a pending request is shown (decision 042): the spec's loading pop-in (§4 Loading, 500 ms)
 * for a form's submit. The form submits at once; only when the request is still running after the
 * pop-in delay does the submit button show its spinner and the form lock. An answer within the
 * delay moves on (or shows its error) without a spinner flashing, and without the form re-rendering
 * while the request is on its way.
 *
 * The pop-in counts from the press. Usually the work starts with it; a press made on the
 * prerendered page before the app was ready (decision 198) reaches the app later, and its
 * `busy.start` says how long the user has waited already (`waited`, decision 198): the spinner
 * shows at once when that is the pop-in or more (the page showed its loading look meanwhile),
 * else after what is left of it.
 *
 * Events come from whatever machine does the work (`busy.start` / `busy.end`, forwarded by
 * `useBusyIndicator` in src/ui/busy-indicator.ts); the view contract is the `indicating` tag.
 * This machine is the only owner of the timer: views hold none.
 */
import { assign, setup } from 'xstate';
import { busyIndicatorDelays } from './constants';

export type BusyIndicatorEvent =
  | {
      type: 'busy.start';
      /** Milliseconds the user has waited for this work already (a press carried into the app). */
      waited?: number;
    }
  | { type: 'busy.end' };

export const busyIndicatorMachine = setup({
  types: {
    context: {} as { waited: number },
    events: {} as BusyIndicatorEvent,
    tags: {} as 'indicating',
  },
  guards: {
    /** The user has waited the whole pop-in already. */
    waitedOutPopIn: ({ event }) =>
      event.type === 'busy.start' && (event.waited ?? 0) >= busyIndicatorDelays.popInDelay,
  },
  delays: {
    /** What is left of the pop-in after what the user has waited already. */
    popInDelay: ({ context }) => Math.max(0, busyIndicatorDelays.popInDelay - context.waited),
  },
}).createMachine({
  id: 'busyIndicator',
  initial: 'idle',
  context: { waited: 0 },
  states: {
    idle: {
      on: {
        'busy.start': [
          { guard: 'waitedOutPopIn', target: 'indicating' },
          {
            target: 'pending',
            actions: assign({
              waited: ({ event }) => Math.max(0, event.waited ?? 0),
            }),
          },
        ],
      },
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
