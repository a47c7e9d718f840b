/**
 * Provides the hub-connection machine's actors (machines/hub-connection.machine.ts) from the
 * SignalR client. This module is light (no SignalR import): the client is loaded by dynamic
 * `import('./connection')` on the first start, i.e. after sign-in.
 *
 *   hubConnectionMachine.provide({ actors: createRealtimeActors({ … }), actions: { … } })
 */
import type { HubConnection } from '@microsoft/signalr';
import { fromCallback, fromPromise } from 'xstate';
import type { UserStateMessage } from '#machines/domain';
import type { HubErrorCode, HubListenerEvent } from '#machines/hub-connection.machine';
import { toHubErrorCode } from './errors';
import { resolveAccessTokenFactory, type TokenGetter } from './token';

/** The hub method name the server invokes with one argument, a UserStateMessage. */
export const USER_STATE_METHOD = 'userState';

import { loadCode } from '../code-loads';
import type { RealtimeLogger } from './logger';

export type { RealtimeLogger };

export interface RealtimeOptions {
  /** Socket URL, e.g. '/sockets/appstate' (relative URLs resolve against the page). */
  url: string;
  /** The page's origin (window.location.origin). */
  pageOrigin: string;
  /** The identity provider's silent token getter (used for a same-origin socket URL). */
  getTokenSilently: TokenGetter;
  /** A custom token getter; when given it is always used. */
  getAccessToken?: TokenGetter;
  logger: RealtimeLogger;
  /** Force a transport (tests): 1 WebSockets, 2 ServerSentEvents, 4 LongPolling. */
  transport?: 1 | 2 | 4;
}

const MESSAGE_TYPES = new Set(['state', 'practices', 'invites', 'email', 'profile']);

export function isUserStateMessage(value: unknown): value is UserStateMessage {
  if (!value || typeof value !== 'object') return false;
  const { type, payload } = value as { type?: unknown; payload?: unknown };
  return typeof type === 'string' && MESSAGE_TYPES.has(type) && payload !== undefined && payload !== null;
}

export interface RealtimeActors {
  startConnection: ReturnType<typeof fromPromise<void>>;
  stopConnection: ReturnType<typeof fromPromise<void>>;
  listenToHub: ReturnType<typeof fromCallback<{ type: 'none' }, undefined, HubListenerEvent>>;
}

export function createRealtimeActors(options: RealtimeOptions): RealtimeActors {
  const url = new URL(options.url, options.pageOrigin).toString();
  const listeners = new Set<(event: HubListenerEvent) => void>();
  let connection: HubConnection | null = null;

  const emit = (event: HubListenerEvent) => {
    for (const listener of listeners) listener(event);
  };

  const closedCode = (error: Error | undefined): HubErrorCode | null => {
    if (!error) return null;
    const code = toHubErrorCode(error);
    return code === 'unknown' ? 'connectionLost' : code;
  };

  async function ensureConnection(): Promise<HubConnection> {
    if (connection) return connection;
    const { createHubConnection } = await loadCode('SignalR client', () => import('./connection'));
    const created = createHubConnection({
      url,
      accessTokenFactory: resolveAccessTokenFactory({
        url,
        pageOrigin: options.pageOrigin,
        getTokenSilently: options.getTokenSilently,
        ...(options.getAccessToken ? { getAccessToken: options.getAccessToken } : {}),
      }),
      logger: options.logger,
      ...(options.transport === undefined ? {} : { transport: options.transport }),
    });
    created.onreconnecting((error) => emit({ type: 'hub.reconnecting', error: closedCode(error) }));
    created.onreconnected(() => emit({ type: 'hub.reconnected' }));
    created.onclose((error) => emit({ type: 'hub.closed', error: closedCode(error) }));
    created.on(USER_STATE_METHOD, (message: unknown) => {
      if (isUserStateMessage(message)) emit({ type: 'hub.message', message });
      else options.logger.warn('[realtime] ignored a malformed userState message');
    });
    connection = created;
    return created;
  }

  return {
    startConnection: fromPromise<void>(async () => {
      try {
        const hub = await ensureConnection();
        await hub.start();
      } catch (error) {
        const code = toHubErrorCode(error);
        options.logger.warn('[realtime] connection failed to start:', code, error);
        throw { code };
      }
    }),
    stopConnection: fromPromise<void>(async () => {
      await connection?.stop();
    }),
    listenToHub: fromCallback<{ type: 'none' }, undefined, HubListenerEvent>(({ sendBack }) => {
      listeners.add(sendBack);
      return () => {
        listeners.delete(sendBack);
      };
    }),
  };
}
