import { createContext, useContext } from 'react';
import type { RuntimeConfig } from '#machines/app-bootstrap.machine';

/**
 * The runtime configuration (GET /api/clientconfig/app and /auth) for the views and shared
 * elements: provided by the app (src/app/app.tsx) once start-up has loaded it. Null outside the
 * app (a prerendered page, a component test), where a reader that can do without it uses
 * `useContext(RuntimeConfigContext)` and the others `useRuntimeConfig()`.
 */
export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig outside the app');
  return config;
}
