import { fromPromise } from 'xstate';
import { appBootstrapMachine } from '#machines/app-bootstrap.machine';
import { setLogLevel } from '../../logger';
import { loadRuntimeConfig } from './config';

/**
 * The start-up machine (machines/app-bootstrap.machine.ts) with its effects: the runtime
 * configuration's load (src/app/live/config.ts, started by the entry) and the configured log level.
 */
export function provideAppBootstrap(): typeof appBootstrapMachine {
  return appBootstrapMachine.provide({
    actors: { loadConfig: fromPromise(loadRuntimeConfig) },
    actions: { applyConfig: (_, { config }) => setLogLevel(config.app.loglevel) },
  });
}
