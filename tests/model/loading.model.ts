import { loadingMachine } from '#machines/loading.machine';
import { definePathSpec } from '../support/paths';

const spinning = 'pending.display.spinning';
const waitingLeaf = (keepContentVisible: boolean) =>
  keepContentVisible ? 'pending.display.waiting.contentVisible' : 'pending.display.waiting.contentHidden';

/**
 * Path model of the loading machine: three starting inputs (default, keepContentVisible, already
 * loaded); every other event (loading.done / loading.start) and the three delays are derived.
 */
export const loadingPathSpec = definePathSpec({
  name: 'loading',
  machine: loadingMachine,
  inputs: [{}, { keepContentVisible: true }, { loaded: true }],
  // Spec §2 "Loading screen": content hidden (or kept visible) until the pop-in, then the spinner
  // for at least the minimum display and until loading ends; the long-loading message at 15 s.
  expected: {
    initial: (input) =>
      input.loaded ? 'done' : [waitingLeaf(input.keepContentVisible ?? false), 'pending.patience.normal'],
    on: {
      'loading.start': ({ before }) => [
        waitingLeaf(before.context.keepContentVisible),
        'pending.patience.normal',
      ],
      'loading.done': {
        'pending.display.waiting': 'done',
        [`${spinning}.minimum.over`]: 'done',
        [`${spinning}.minimum.showing`]: `${spinning}.progress.finished`,
      },
      'xstate.after.popInDelay': [`${spinning}.minimum.showing`, `${spinning}.progress.inProgress`],
      'xstate.after.minimumDisplay': {
        [`${spinning}.progress.finished`]: 'done',
        [`${spinning}.progress.inProgress`]: `${spinning}.minimum.over`,
      },
      'xstate.after.longLoading': 'pending.patience.long',
    },
  },
  states: {
    done: (s) => {
      if (!s.hasTag('content') || s.hasTag('spinner')) throw new Error('done must show content only');
    },
    'pending.display.spinning': (s) => {
      if (s.hasTag('content')) throw new Error('content must stay hidden while the spinner shows');
    },
  },
});
