/**
 * Path spec of the start-up machine (machines/app-bootstrap.machine.ts): the configuration loads,
 * or fails and is retried. Registered in tests/model/registry.ts (every machine is; see
 * tests/model/registry-complete.test.ts). Added by the designer-tooling engineer.
 */
import { appBootstrapMachine, type RuntimeConfig } from '#machines/app-bootstrap.machine';
import { definePathSpec, doneEvent, errorEvent } from '../support/paths';

const invokeId = 'loadConfig';

export const bootstrapConfig: RuntimeConfig = {
  app: { loglevel: 'INFO', productDomain: 'practice-portal.example', portals: [] },
  auth: {} as RuntimeConfig['auth'],
};

export const appBootstrapPathSpec = definePathSpec({
  name: 'appBootstrap',
  machine: appBootstrapMachine,
  events: {
    [`xstate.done.actor.${invokeId}`]: [doneEvent(invokeId, bootstrapConfig)],
    [`xstate.error.actor.${invokeId}`]: [errorEvent(invokeId, new Error('offline'))],
  },
  // Decisions 006 and 022: the configuration loads, or fails (an error, or 30 s without an
  // answer) on the failure screen, whose Try again loads it again.
  expected: {
    initial: 'loadingConfig',
    on: {
      [`xstate.done.actor.${invokeId}`]: 'ready',
      [`xstate.error.actor.${invokeId}`]: 'failed',
      'xstate.after.configTimeout': 'failed',
      'bootstrap.retry': 'loadingConfig',
    },
  },
});
