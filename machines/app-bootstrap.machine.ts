import { assign, fromPromise, setup } from 'xstate';
import { bootstrapDelays } from './constants';
import type { AppConfig, AuthConfig } from './domain';

/**
 * Start-up (docs/decisions/022-guard-sign-in-pending.md): the app reads its configuration at runtime
 * (GET /api/clientconfig/app and /api/clientconfig/auth). One designed sequence:
 * - while it waits, the loading screen (spec §2: spinner after the pop-in, the long-loading
 *   message with contact us and Logout from 15 s; machines/loading.machine.ts);
 * - the wait ends at `configTimeout` (30 s), well after the long-loading message, never at the
 *   same moment;
 * - then the generic failure screen with Try again, Logout and the contact links (built-in when
 *   the configuration never arrived). A failed call ends the wait at once, on the same screen.
 */
export interface RuntimeConfig {
  app: AppConfig;
  auth: AuthConfig;
}

export type BootstrapErrorCode = 'config_unavailable' | 'config_timeout';

export const appBootstrapMachine = setup({
  types: {
    context: {} as { config: RuntimeConfig | null; errorCode: BootstrapErrorCode | null },
    events: {} as { type: 'bootstrap.retry' },
    tags: {} as 'busy',
  },
  actors: {
    loadConfig: fromPromise<RuntimeConfig>(async () => {
      throw new Error('loadConfig not provided');
    }),
  },
  actions: {
    applyConfig: (_, _params: { config: RuntimeConfig }) => undefined,
  },
  delays: {
    configTimeout: bootstrapDelays.configTimeout,
  },
}).createMachine({
  id: 'appBootstrap',
  context: { config: null, errorCode: null },
  initial: 'loadingConfig',
  states: {
    loadingConfig: {
      tags: ['busy'],
      invoke: {
        id: 'loadConfig',
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
      after: {
        configTimeout: { target: 'failed', actions: assign({ errorCode: 'config_timeout' }) },
      },
    },
    failed: {
      on: { 'bootstrap.retry': 'loadingConfig' },
    },
    ready: { type: 'final' },
  },
});
