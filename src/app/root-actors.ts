import type { ActorRefFrom } from 'xstate';
import type { RuntimeConfig } from '../../machines/app-bootstrap.machine';
import type { HubConnectionActor } from '../../machines/hub-connection.machine';
import type { sessionMachine } from '../../machines/session.machine';
import type { UserStoreActor } from '../../machines/user-store.machine';
import { createRealtime } from './live/realtime';
import { createSessionActor } from './live/session';
import { bindUserStorage } from './user-storage';

/**
 * The long-lived actors of the app, created once after the configuration is loaded and handed
 * to the router context and to React (src/app/actors-context.tsx). Each is the pure machine from
 * machines/ with its effects provided by src/app/live/*.
 */
export interface RootActors {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The SignalR connection (five states of HubConnectionState). */
  hubConnection: HubConnectionActor;
  /** The user store (spec §3), kept live by the connection. */
  userStore: UserStoreActor;
}

export function createRootActors(config: RuntimeConfig): RootActors {
  const session = createSessionActor(config);
  bindUserStorage(session);
  const realtime = createRealtime(session);
  return { session, hubConnection: realtime.hubConnection, userStore: realtime.userStore };
}
