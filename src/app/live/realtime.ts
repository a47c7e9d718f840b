import { type ActorRefFrom, fromPromise, waitFor } from 'xstate';
import { hubConnectionMachine } from '#machines/hub-connection.machine';
import { selectLiveState, type sessionMachine } from '#machines/session.machine';
import { type UserStatePatch, userStoreMachine } from '#machines/user-store.machine';
import { getAccessToken } from '../../auth/token';
import { logger } from '../../logger';
import { createRealtimeActors, type RealtimeLogger } from '../../realtime/actors';
import type { RealtimeRoot } from '../../realtime/root';
import type { TokenGetter } from '../../realtime/token';
import { watchVisibility } from '../../realtime/visibility';
import { startFlowActor } from '../../ui/flow-actor';
import { call } from './api';

/**
 * The live user state: the user store and the hub connection (docs/realtime.md). The session
 * drives the connection: signed in → `hub.connect`, signed out → `hub.disconnect` (which the
 * connection machine delays by 200 ms and cancels if a connect follows). The SignalR client
 * itself is loaded on the first connect, never before sign-in. This module is loaded when the
 * live state is first needed (src/app/root-actors.ts), so a signed-out visitor never fetches it.
 */

export const HUB_URL = '/sockets/appstate';

export interface RealtimeRootOptions {
  /** Default '/sockets/appstate'. */
  url?: string;
  pageOrigin: string;
  getTokenSilently: TokenGetter;
  getAccessToken?: TokenGetter;
  /** GET /api/userpractice/ + /api/profile/exists (the store's `store.load`). */
  fetchUserState: () => Promise<UserStatePatch>;
  logger: RealtimeLogger;
  /** The signed-in user's email, if known. */
  email?: { address: string; verified: boolean };
  /** Where `visibilitychange` comes from; default `document` when there is one. */
  visibilitySource?: Parameters<typeof watchVisibility>[1];
  /** Force a transport (tests). */
  transport?: 1 | 2 | 4;
}

/**
 * The real-time root actors, wired: the user store and the hub connection with their effects
 * provided (src/realtime/actors.ts), received messages dispatched to the store and `app.visible`
 * from the document. SignalR itself is imported on the first `hub.connect`.
 */
export function createRealtimeRoot(options: RealtimeRootOptions): RealtimeRoot {
  const userStore = startFlowActor(
    userStoreMachine.provide({
      actors: { fetchUserState: fromPromise<UserStatePatch>(() => options.fetchUserState()) },
    }),
    options.email ? { email: options.email } : undefined,
  );
  const hubConnection = startFlowActor(
    hubConnectionMachine.provide({
      actors: createRealtimeActors({
        url: options.url ?? HUB_URL,
        pageOrigin: options.pageOrigin,
        getTokenSilently: options.getTokenSilently,
        ...(options.getAccessToken ? { getAccessToken: options.getAccessToken } : {}),
        logger: options.logger,
        ...(options.transport === undefined ? {} : { transport: options.transport }),
      }),
      actions: {
        deliverMessage: (_, params) => userStore.send({ type: 'store.message', message: params.message }),
        notifyDisconnected: (_, params) => options.logger.warn('[realtime] disconnected:', params.error),
        notifyReconnected: () => options.logger.info('[realtime] reconnected'),
      },
    }),
  );
  const source = options.visibilitySource ?? (typeof document === 'undefined' ? undefined : document);
  const unwatch = source ? watchVisibility((event) => hubConnection.send(event), source) : () => undefined;
  return {
    hubConnection,
    userStore,
    async stop() {
      unwatch();
      hubConnection.send({ type: 'hub.disconnect' });
      try {
        await waitFor(hubConnection, (s) => s.matches({ disconnected: 'idle' }), { timeout: 5000 });
      } catch {
        options.logger.warn('[realtime] the connection did not stop in time');
      }
      hubConnection.stop();
      userStore.stop();
    },
  };
}

/** The app's live state, following the session (signed in → connect, signed out → disconnect). */
export function createRealtime(session: ActorRefFrom<typeof sessionMachine>): RealtimeRoot {
  const root = createRealtimeRoot({
    pageOrigin: window.location.origin,
    getTokenSilently: () => getAccessToken(),
    fetchUserState: async () => ({
      practices: await call((api) => api.userPractices()),
      hasProfile: await call((api) => api.profileExists()),
    }),
    logger,
  });
  // When the live state runs is the session's rule (selectLiveState); here it is only carried out.
  let last: string | null = null;
  const follow = () => {
    const live = selectLiveState(session.getSnapshot());
    if (live === null || live === last) return;
    last = live;
    root.hubConnection.send({ type: live === 'connect' ? 'hub.connect' : 'hub.disconnect' });
  };
  session.subscribe(follow);
  follow();
  return root;
}
