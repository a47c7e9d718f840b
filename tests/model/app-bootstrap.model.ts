/**
 * Path spec of the start-up machine (machines/app-bootstrap.machine.ts): the configuration loads,
 * or fails and is retried. Registered in tests/model/registry.ts (every machine is; see
 * tests/model/registry-complete.test.ts). Added by the designer-tooling engineer.
 */
import { appBootstrapMachine, type RuntimeConfig } from '../../machines/app-bootstrap.machine';
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
});
