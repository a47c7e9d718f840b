import type { RuntimeConfig } from '../../../machines/app-bootstrap.machine';
import { createApiClient } from '../../api/client';
import { createEndpoints } from '../../api/endpoints';

/** Configuration calls are anonymous: they run before the identity provider is mounted. */
const anonymous = createEndpoints(createApiClient({ baseUrl: '', timeoutMs: 15_000 }));

/** GET /api/clientconfig/app and /api/clientconfig/auth (spec §7), in parallel. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const [app, auth] = await Promise.all([anonymous.clientConfigApp(), anonymous.clientConfigAuth()]);
  return { app, auth };
}
