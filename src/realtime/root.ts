/**
 * The live user state's handle as the app holds it: the user store and the hub connection, both
 * started, wired and provided at the edge (src/app/live/realtime.ts `createRealtimeRoot`).
 */
import type { HubConnectionActor } from '#machines/hub-connection.machine';
import type { UserStoreActor } from '#machines/user-store.machine';

export interface RealtimeRoot {
  hubConnection: HubConnectionActor;
  userStore: UserStoreActor;
  /** Disconnects (if connected), then stops both actors and the visibility listener. */
  stop(): Promise<void>;
}
