import { createContext, type ReactNode, useContext } from 'react';
import { SessionContext } from '../ui/session-context';
import type { RootActors } from './root-actors';

/** The root actors (src/app/root-actors.ts), for app code: the edge, the layout, the guards. */
export const RootActorsContext = createContext<RootActors | null>(null);

export function useRootActors(): RootActors {
  const actors = useContext(RootActorsContext);
  if (!actors) throw new Error('useRootActors outside the app');
  return actors;
}

/**
 * Provides the root actors to the app, and the session actor to the shared elements that send it
 * an event (src/ui/session-context.tsx), so views never read the app's context.
 */
export function RootActorsProvider({ actors, children }: { actors: RootActors; children: ReactNode }) {
  return (
    <RootActorsContext.Provider value={actors}>
      <SessionContext.Provider value={actors.session}>{children}</SessionContext.Provider>
    </RootActorsContext.Provider>
  );
}
