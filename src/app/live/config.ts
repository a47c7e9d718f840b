import type { RuntimeConfig } from '../../../machines/app-bootstrap.machine';
import type { AppConfig, AuthConfig } from '../../../machines/domain';

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** GET /api/clientconfig/app and /api/clientconfig/auth (spec §7), in parallel. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const [app, auth] = await Promise.all([
    getJson<AppConfig>('/api/clientconfig/app'),
    getJson<AuthConfig>('/api/clientconfig/auth'),
  ]);
  return { app, auth };
}
