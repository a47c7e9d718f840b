import { createContext, useContext } from 'react';
import type { HubConnectionActor } from '#machines/hub-connection.machine';

/**
 * The app's hub-connection actor for React (the root provides it once it exists:
 * `<HubConnectionActorContext.Provider value={hubConnection}>`). None before the first sign-in:
 * the live state is created then (src/app/root-actors.ts).
 */
export const HubConnectionActorContext = createContext<HubConnectionActor | null>(null);

/** The hub connection, or null while there is none (signed out so far): nothing is connected. */
export function useHubConnectionActor(): HubConnectionActor | null {
  return useContext(HubConnectionActorContext);
}
