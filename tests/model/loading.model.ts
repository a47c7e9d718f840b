import { loadingMachine } from '../../machines/loading.machine';
import { definePathSpec } from '../support/paths';

/**
 * Path model of the loading machine: three starting inputs (default, keepContentVisible, already
 * loaded); every other event (loading.done / loading.start) and the three delays are derived.
 */
export const loadingPathSpec = definePathSpec({
  name: 'loading',
  machine: loadingMachine,
  inputs: [{}, { keepContentVisible: true }, { loaded: true }],
  states: {
    done: (s) => {
      if (!s.hasTag('content') || s.hasTag('spinner')) throw new Error('done must show content only');
    },
    'pending.display.spinning': (s) => {
      if (s.hasTag('content')) throw new Error('content must stay hidden while the spinner shows');
    },
  },
});
