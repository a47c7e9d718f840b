import { createContext, useContext } from 'react';
import type { HubConnectionActor } from '../../machines/hub-connection.machine';

/**
 * The app's hub-connection actor for React (the root provides it:
 * `<HubConnectionActorContext.Provider value={actors.hubConnection}>`).
 */
export const HubConnectionActorContext = createContext<HubConnectionActor | null>(null);

export function useHubConnectionActor(): HubConnectionActor {
  const actor = useContext(HubConnectionActorContext);
  if (!actor) throw new Error('HubConnectionActorContext is not provided');
  return actor;
}
