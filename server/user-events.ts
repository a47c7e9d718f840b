import { EventEmitter } from 'node:events';
import type { UserState, UserStateMessage } from '#machines/domain';

/**
 * The seam between the API (which changes user state) and the real-time hub (which pushes it).
 * The API publishes a message for a user (identified by the identity provider's `sub`);
 * the hub delivers it to every connection of that user. `getState` gives the hub the full
 * state to send when a connection opens (so a reconnect never leaves a stale list).
 */
export interface UserEventBus {
  publish(sub: string, message: UserStateMessage): void;
  subscribe(listener: (sub: string, message: UserStateMessage) => void): () => void;
}

export type UserStateReader = (sub: string) => Omit<UserState, 'practicesHasLoaded'> | null;

export function createUserEventBus(): UserEventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(sub, message) {
      emitter.emit('message', sub, message);
    },
    subscribe(listener) {
      emitter.on('message', listener);
      return () => emitter.off('message', listener);
    },
  };
}
