/**
 * The real-time root actors, wired: the user store and the hub connection, with received
 * messages dispatched to the store and `app.visible` from the document. The app root creates
 * them once (src/app/root-actors.ts) and sends `hub.connect` after sign-in, `hub.disconnect` on
 * sign-out. Light: SignalR itself is imported on the first `hub.connect` (src/realtime/actors.ts).
 */
import { createActor, fromPromise, waitFor } from 'xstate';
import { type HubConnectionActor, hubConnectionMachine } from '../../machines/hub-connection.machine';
import {
  type UserStatePatch,
  type UserStoreActor,
  userStoreMachine,
} from '../../machines/user-store.machine';
import { createRealtimeActors, type RealtimeLogger } from './actors';
import type { TokenGetter } from './token';
import { watchVisibility } from './visibility';

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

export interface RealtimeRoot {
  hubConnection: HubConnectionActor;
  userStore: UserStoreActor;
  /** Disconnects (if connected), then stops both actors and the visibility listener. */
  stop(): Promise<void>;
}

export function createRealtimeRoot(options: RealtimeRootOptions): RealtimeRoot {
  const userStore = createActor(
    userStoreMachine.provide({
      actors: { fetchUserState: fromPromise<UserStatePatch>(() => options.fetchUserState()) },
    }),
    { input: options.email ? { email: options.email } : undefined },
  );
  const hubConnection = createActor(
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
  userStore.start();
  hubConnection.start();
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
