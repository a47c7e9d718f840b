import { assign, fromPromise, setup } from 'xstate';
import type { AppConfig, AuthConfig } from './domain';

/**
 * Start-up: the app reads its configuration at runtime (GET /api/clientconfig/app and
 * /api/clientconfig/auth) before it mounts the identity provider. While it waits the loading
 * screen shows; if it cannot, the generic failure screen, with a retry.
 */
export interface RuntimeConfig {
  app: AppConfig;
  auth: AuthConfig;
}

export const appBootstrapMachine = setup({
  types: {
    context: {} as { config: RuntimeConfig | null; errorCode: string | null },
    events: {} as { type: 'bootstrap.retry' },
  },
  actors: {
    loadConfig: fromPromise<RuntimeConfig>(async () => {
      throw new Error('loadConfig not provided');
    }),
  },
  actions: {
    applyConfig: (_, _params: { config: RuntimeConfig }) => undefined,
  },
}).createMachine({
  id: 'appBootstrap',
  context: { config: null, errorCode: null },
  initial: 'loadingConfig',
  states: {
    loadingConfig: {
      tags: ['busy'],
      invoke: {
        src: 'loadConfig',
        onDone: {
          target: 'ready',
          actions: [
            assign({ config: ({ event }) => event.output, errorCode: null }),
            { type: 'applyConfig', params: ({ event }) => ({ config: event.output }) },
          ],
        },
        onError: { target: 'failed', actions: assign({ errorCode: 'config_unavailable' }) },
      },
    },
    failed: {
      on: { 'bootstrap.retry': 'loadingConfig' },
    },
    ready: { type: 'final' },
  },
});
