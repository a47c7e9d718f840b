import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '#machines/session.machine';

/**
 * The session actor (machines/session.machine.ts) for shared elements that send it an event
 * themselves, such as the loading screen's Logout (src/views/shared/busy-view.tsx): provided by
 * the app beside its root actors (src/app/app.tsx), absent outside the app.
 */
export const SessionContext = createContext<ActorRefFrom<typeof sessionMachine> | null>(null);

/** Ends the session (`session.logout`); does nothing outside the app. */
export function useLogout(): () => void {
  const session = useContext(SessionContext);
  return () => session?.send({ type: 'session.logout' });
}
