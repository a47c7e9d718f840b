/**
 * Path spec of the start-up machine (machines/app-bootstrap.machine.ts): the configuration loads,
 * or fails and is retried. Registered in tests/model/registry.ts (every machine is; see
 * tests/model/registry-complete.test.ts). Added by the designer-tooling engineer.
 */
import { appBootstrapMachine, type RuntimeConfig } from '../../machines/app-bootstrap.machine';
import { definePathSpec } from '../support/paths';

const invokeId = 'appBootstrap.loadingConfig:invocation[0]';

export const bootstrapConfig: RuntimeConfig = {
  app: { loglevel: 'INFO', productDomain: 'practice-portal.example', portals: [] },
  auth: {} as RuntimeConfig['auth'],
};

export const appBootstrapPathSpec = definePathSpec({
  name: 'appBootstrap',
  machine: appBootstrapMachine,
  events: {
    [`xstate.done.actor.${invokeId}`]: [{ type: `xstate.done.actor.${invokeId}`, output: bootstrapConfig }],
    [`xstate.error.actor.${invokeId}`]: [
      { type: `xstate.error.actor.${invokeId}`, error: new Error('offline') },
    ],
  },
});
