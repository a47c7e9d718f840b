import { codeRecoveryMachine, type RetryOutcome } from '#machines/code-recovery.machine';
import { definePathSpec, doneEvent, errorEvent, outputOf, unchanged } from '../support/paths';

const retried = [
  doneEvent('retryFailedLoads', { allLoaded: true } satisfies RetryOutcome),
  doneEvent('retryFailedLoads', { allLoaded: false } satisfies RetryOutcome),
];

/**
 * Path model of the code-recovery machine (decision 195). Inputs: a document loaded as usual, and
 * one loaded by a recovery reload moments ago. The origin answers or not; a retry loads everything
 * or not (an engine that keeps a failed module fetch for the document).
 */
export const codeRecoveryPathSpec = definePathSpec({
  name: 'codeRecovery',
  machine: codeRecoveryMachine,
  inputs: [{ recentlyReloaded: false }, { recentlyReloaded: true }],
  events: {
    'xstate.done.actor.probeOrigin': [doneEvent('probeOrigin')],
    'xstate.error.actor.probeOrigin': [errorEvent('probeOrigin', new TypeError('Failed to fetch'))],
    'xstate.done.actor.retryFailedLoads': retried,
    'xstate.error.actor.retryFailedLoads': [errorEvent('retryFailedLoads')],
  },
  // Nothing is retried while the origin does not answer; an answering origin with a failing retry
  // means the module map kept the failure: reload, unless this document came from such a reload
  // moments ago (then only the user's Try again reloads).
  expected: {
    initial: 'idle',
    on: {
      'code.failed': 'probingOrigin',
      'code.retry': { idle: unchanged, offline: 'probingOrigin', stuck: 'reloading' },
      'browser.online': 'probingOrigin',
      'xstate.after.originProbeInterval': 'probingOrigin',
      'xstate.after.reloadLoopWindow': {
        idle: () => ({ state: 'idle', context: { recentlyReloaded: false } }),
      },
      'xstate.error.actor.probeOrigin': 'offline',
      'xstate.done.actor.probeOrigin': {
        probingOrigin: 'retrying',
        confirmingOrigin: ({ before }) => (before.context.recentlyReloaded ? 'stuck' : 'reloading'),
      },
      'xstate.done.actor.retryFailedLoads': ({ event }) =>
        outputOf<RetryOutcome>(event).allLoaded ? 'idle' : 'confirmingOrigin',
      'xstate.error.actor.retryFailedLoads': 'confirmingOrigin',
      // A retry that never settles (a stalled request) fails as a failing one does.
      'xstate.after.retryTimeout': 'confirmingOrigin',
    },
  },
  states: {
    reloading: (s) => {
      if (!s.hasTag('retrying')) throw new Error('the reload must show Try again busy');
    },
    offline: (s) => {
      if (!s.hasTag('failed') || !s.hasTag('offline')) throw new Error('offline must say the origin is gone');
    },
  },
});
