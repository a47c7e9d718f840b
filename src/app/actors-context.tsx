import { createContext, useContext } from 'react';
import type { RuntimeConfig } from '../../machines/app-bootstrap.machine';
import type { RootActors } from './root-actors';

export const RootActorsContext = createContext<RootActors | null>(null);
export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function useRootActors(): RootActors {
  const actors = useContext(RootActorsContext);
  if (!actors) throw new Error('useRootActors outside the app');
  return actors;
}

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig outside the app');
  return config;
}
