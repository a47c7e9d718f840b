import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import { bootstrapDelays } from '#machines/constants';
import { createApiClient } from '../../api/client';
import { createEndpoints } from '../../api/endpoints';

/**
 * The configuration calls use a client of their own, not the app's one (src/app/live/api.ts
 * `api()`), for three reasons: they are anonymous (they run before the identity provider is
 * known, so there is no token to ask for); they wait as long as the start-up does
 * (machines/app-bootstrap.machine.ts `configTimeout`), not the API's default; and this module is
 * part of the entry (src/main.tsx requests the configuration at once), so it must not bring in
 * what `api()` needs (src/auth/token.ts and the session behind it) before the first paint.
 * The endpoints are still the one declaration of spec §7 (src/api/endpoints.ts).
 */
const anonymous = createEndpoints(createApiClient({ baseUrl: '', timeoutMs: bootstrapDelays.configTimeout }));

function requestRuntimeConfig(): Promise<RuntimeConfig> {
  return Promise.all([anonymous.clientConfigApp(), anonymous.clientConfigAuth()]).then(([app, auth]) => ({
    app,
    auth,
  }));
}

let early: Promise<RuntimeConfig> | null = null;

/** Starts GET /api/clientconfig/app and /auth at module load, before anything renders. */
export function startRuntimeConfigLoad(): void {
  early ??= requestRuntimeConfig();
  // Handled by whoever takes it; never an unhandled rejection meanwhile.
  early.catch(() => undefined);
}

/**
 * GET /api/clientconfig/app and /api/clientconfig/auth (spec §7), in parallel: the request started
 * at load the first time, a new one on every retry.
 */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const started = early;
  early = null;
  return started ?? requestRuntimeConfig();
}
