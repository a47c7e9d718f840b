import type { ActorRefFrom } from 'xstate';
import { selectSessionStatus, type sessionMachine } from '../../../machines/session.machine';
import { getAccessToken } from '../../auth/token';
import { logger } from '../../logger';
import { createRealtimeRoot, type RealtimeRoot } from '../../realtime/root';
import { api } from './api';

/**
 * The live user state: the user store and the hub connection (docs/realtime.md). The session
 * drives the connection: signed in → `hub.connect`, signed out → `hub.disconnect` (which the
 * connection machine delays by 200 ms and cancels if a connect follows). The SignalR client
 * itself is loaded on the first connect, never before sign-in.
 */
export function createRealtime(session: ActorRefFrom<typeof sessionMachine>): RealtimeRoot {
  const root = createRealtimeRoot({
    pageOrigin: window.location.origin,
    getTokenSilently: () => getAccessToken(),
    fetchUserState: async () => ({
      practices: await api().userPractices(),
      hasProfile: await api().profileExists(),
    }),
    logger,
  });
  let last: string | null = null;
  const follow = () => {
    const status = selectSessionStatus(session.getSnapshot());
    if (status === last) return;
    last = status;
    if (status === 'signedIn') root.hubConnection.send({ type: 'hub.connect' });
    else if (status === 'signedOut') root.hubConnection.send({ type: 'hub.disconnect' });
  };
  session.subscribe(follow);
  follow();
  return root;
}
