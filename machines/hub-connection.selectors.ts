/**
 * Selectors of the hub connection's snapshot (machines/hub-connection.machine.ts re-exports them).
 * A module of their own: the shell's connection notice (src/realtime/connection-status.tsx) ships
 * in the first chunk, the machine only with the live state's code (decision 181).
 */
import type { HubConnectionSnapshot, HubErrorCode } from './hub-connection.machine';

/** SignalR's HubConnectionState names, one per top-level state. */
export type HubConnectionStateName =
  | 'Disconnected'
  | 'Connecting'
  | 'Connected'
  | 'Disconnecting'
  | 'Reconnecting';

export function selectConnectionState(snapshot: HubConnectionSnapshot): HubConnectionStateName {
  if (snapshot.matches('connecting')) return 'Connecting';
  if (snapshot.matches('connected')) return 'Connected';
  if (snapshot.matches('disconnecting')) return 'Disconnecting';
  if (snapshot.matches('reconnecting')) return 'Reconnecting';
  return 'Disconnected';
}

/** Spec §4 flags. */
export const selectIsConnected = (snapshot: HubConnectionSnapshot): boolean => snapshot.hasTag('connected');
export const selectHasBeenConnected = (snapshot: HubConnectionSnapshot): boolean =>
  snapshot.context.hasBeenConnected;
export const selectTryingToConnect = (snapshot: HubConnectionSnapshot): boolean =>
  snapshot.hasTag('tryingToConnect');
export const selectDisconnecting = (snapshot: HubConnectionSnapshot): boolean =>
  snapshot.hasTag('disconnecting');
export const selectIsReconnecting = (snapshot: HubConnectionSnapshot): boolean =>
  snapshot.matches('reconnecting');
export const selectConnectionError = (snapshot: HubConnectionSnapshot): HubErrorCode | null =>
  snapshot.context.error;
