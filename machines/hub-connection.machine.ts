import {
  type ActorRefFrom,
  assign,
  fromCallback,
  fromPromise,
  type SnapshotFrom,
  setup,
  stateIn,
} from 'xstate';
import { realtime, realtimeRetryDelays } from './constants';
import type { UserStateMessage } from './domain';

/**
 * The real-time connection (spec §4 "Real-time connection"), mirroring SignalR's
 * `HubConnectionState` one to one in its top-level states:
 *
 *   disconnected ── hub.connect ──▶ connecting ── done ──▶ connected ── hub.reconnecting ──▶ reconnecting
 *        ▲   (idle | retrying | resting)  │ error                │ hub.disconnect             │ hub.reconnected
 *        │                                ▼                      ▼ (wait disconnectDelay)      ▼
 *        │                      disconnected.retrying      disconnecting ◀─────────────── connected
 *        └──────────────────────────────────────────────────────┘
 *
 * The HubConnection itself lives at the edge (src/realtime): `startConnection` and
 * `stopConnection` start and stop it, and `listenToHub` (a callback actor) forwards its
 * `onreconnecting` / `onreconnected` / `onclose` and received `userState` messages as
 * `hub.reconnecting`, `hub.reconnected`, `hub.closed` and `hub.message`.
 *
 * - A failed start marks not connected, reports through `notifyDisconnected` (error code) and
 *   retries after `startRetryDelay`.
 * - When SignalR's automatic reconnect gives up (`hub.closed` while reconnecting) the machine
 *   rests and tries again after `calmRetryDelay`, or at once on `app.visible`.
 * - `hub.disconnect` waits `disconnectDelay` (200 ms), then stops unless `hub.connect` came
 *   meanwhile. A second `hub.connect` while connecting or connected is ignored (one socket,
 *   one connection).
 */

/** Connection error codes (spec §8); the view maps them to messages. */
export type HubErrorCode =
  | 'negotiateFailed'
  | 'negotiateUnexpectedStatus'
  | 'negotiateRedirectLimit'
  | 'noTransport'
  | 'unauthorized'
  | 'connectionLost'
  | 'stopFailed'
  | 'unknown';

const HUB_ERROR_CODES: readonly HubErrorCode[] = [
  'negotiateFailed',
  'negotiateUnexpectedStatus',
  'negotiateRedirectLimit',
  'noTransport',
  'unauthorized',
  'connectionLost',
  'stopFailed',
  'unknown',
];

export function isHubErrorCode(value: unknown): value is HubErrorCode {
  return typeof value === 'string' && (HUB_ERROR_CODES as readonly string[]).includes(value);
}

/** Provided actors reject with `{ code }`; anything else is 'unknown'. */
export function hubErrorCodeOf(error: unknown): HubErrorCode {
  if (error && typeof error === 'object' && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (isHubErrorCode(code)) return code;
  }
  return 'unknown';
}

export type HubConnectionEvent =
  | { type: 'hub.connect' }
  | { type: 'hub.disconnect' }
  | { type: 'app.visible' }
  | { type: 'hub.reconnecting'; error: HubErrorCode | null }
  | { type: 'hub.reconnected' }
  | { type: 'hub.closed'; error: HubErrorCode | null }
  | { type: 'hub.message'; message: UserStateMessage };

/** What `listenToHub` may send back to the machine. */
export type HubListenerEvent = Extract<
  HubConnectionEvent,
  { type: 'hub.reconnecting' | 'hub.reconnected' | 'hub.closed' | 'hub.message' }
>;

export interface HubConnectionContext {
  /** The last connection error (a code), or null. */
  error: HubErrorCode | null;
  /** True once a connection was established ('once' mode of the connection gate). */
  hasBeenConnected: boolean;
}

export const hubConnectionMachine = setup({
  types: {
    context: {} as HubConnectionContext,
    events: {} as HubConnectionEvent,
  },
  actors: {
    startConnection: fromPromise<void>(async () => {
      throw { code: 'unknown' };
    }),
    stopConnection: fromPromise<void>(async () => undefined),
    listenToHub: fromCallback<{ type: 'none' }, undefined, HubListenerEvent>(() => undefined),
  },
  actions: {
    assignError: assign((_, params: { error: HubErrorCode | null }) => ({ error: params.error })),
    markConnected: assign({ error: null, hasBeenConnected: true }),
    /** Spec §4: the disconnect notification (logs and reports the error code). */
    notifyDisconnected: (_, _params: { error: HubErrorCode }) => undefined,
    notifyReconnected: () => undefined,
    /** Hands a received message to the user store. */
    deliverMessage: (_, _params: { message: UserStateMessage }) => undefined,
  },
  guards: {
    /** A disconnect arrived while the start was in flight. */
    isStopRequested: stateIn('#hubConnection.connecting.stopRequested'),
    /** A connect arrived while the stop was in flight. */
    isConnectRequested: stateIn('#hubConnection.disconnecting.connectRequested'),
  },
  delays: {
    disconnectDelay: realtime.disconnectDelay,
    startRetryDelay: realtimeRetryDelays.startRetryDelay,
    calmRetryDelay: realtimeRetryDelays.calmRetryDelay,
  },
}).createMachine({
  id: 'hubConnection',
  context: { error: null, hasBeenConnected: false },
  invoke: {
    id: 'hubListener',
    src: 'listenToHub',
    onError: {
      actions: [
        { type: 'assignError', params: { error: 'unknown' } },
        { type: 'notifyDisconnected', params: { error: 'unknown' } },
      ],
    },
  },
  on: {
    'hub.message': {
      actions: { type: 'deliverMessage', params: ({ event }) => ({ message: event.message }) },
    },
  },
  initial: 'disconnected',
  states: {
    disconnected: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'hub.connect': '#hubConnection.connecting' },
        },
        /** A start failed: try again after startRetryDelay (or at once when asked). */
        retrying: {
          tags: ['tryingToConnect'],
          after: { startRetryDelay: '#hubConnection.connecting' },
          on: {
            'hub.connect': '#hubConnection.connecting',
            'app.visible': '#hubConnection.connecting',
            'hub.disconnect': 'idle',
          },
        },
        /** Automatic reconnect gave up: keep trying at a calm pace, and when the tab shows again. */
        resting: {
          tags: ['tryingToConnect'],
          after: { calmRetryDelay: '#hubConnection.connecting' },
          on: {
            'hub.connect': '#hubConnection.connecting',
            'app.visible': '#hubConnection.connecting',
            'hub.disconnect': 'idle',
          },
        },
      },
    },
    connecting: {
      tags: ['tryingToConnect'],
      invoke: {
        id: 'startConnection',
        src: 'startConnection',
        onDone: [
          {
            guard: 'isStopRequested',
            target: '#hubConnection.connected.stopPending',
            actions: 'markConnected',
          },
          { target: '#hubConnection.connected', actions: 'markConnected' },
        ],
        onError: [
          {
            guard: 'isStopRequested',
            target: '#hubConnection.disconnected.idle',
            actions: { type: 'assignError', params: ({ event }) => ({ error: hubErrorCodeOf(event.error) }) },
          },
          {
            target: '#hubConnection.disconnected.retrying',
            actions: [
              { type: 'assignError', params: ({ event }) => ({ error: hubErrorCodeOf(event.error) }) },
              { type: 'notifyDisconnected', params: ({ event }) => ({ error: hubErrorCodeOf(event.error) }) },
            ],
          },
        ],
      },
      initial: 'starting',
      states: {
        starting: {
          on: { 'hub.disconnect': 'stopRequested' },
        },
        /** A disconnect came while starting: once started, the disconnect wait applies. */
        stopRequested: {
          on: { 'hub.connect': 'starting' },
        },
      },
    },
    connected: {
      tags: ['connected'],
      on: {
        'hub.reconnecting': {
          target: 'reconnecting',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
        'hub.closed': {
          target: 'disconnected.retrying',
          actions: [
            { type: 'assignError', params: ({ event }) => ({ error: event.error ?? 'connectionLost' }) },
            {
              type: 'notifyDisconnected',
              params: ({ event }) => ({ error: event.error ?? 'connectionLost' }),
            },
          ],
        },
      },
      initial: 'active',
      states: {
        active: {
          on: { 'hub.disconnect': 'stopPending' },
        },
        /** Waiting disconnectDelay before stopping; a connect request cancels the stop. */
        stopPending: {
          after: { disconnectDelay: '#hubConnection.disconnecting' },
          on: { 'hub.connect': 'active' },
        },
      },
    },
    reconnecting: {
      tags: ['tryingToConnect'],
      on: {
        'hub.closed': {
          target: 'disconnected.resting',
          actions: [
            { type: 'assignError', params: ({ event }) => ({ error: event.error ?? 'connectionLost' }) },
            {
              type: 'notifyDisconnected',
              params: ({ event }) => ({ error: event.error ?? 'connectionLost' }),
            },
          ],
        },
      },
      initial: 'waiting',
      states: {
        waiting: {
          on: {
            'hub.reconnected': {
              target: '#hubConnection.connected',
              actions: ['markConnected', 'notifyReconnected'],
            },
            'hub.disconnect': 'stopPending',
          },
        },
        stopPending: {
          after: { disconnectDelay: '#hubConnection.disconnecting' },
          on: {
            'hub.connect': 'waiting',
            'hub.reconnected': {
              target: '#hubConnection.connected.stopPending',
              actions: ['markConnected', 'notifyReconnected'],
            },
          },
        },
      },
    },
    disconnecting: {
      tags: ['disconnecting'],
      invoke: {
        id: 'stopConnection',
        src: 'stopConnection',
        onDone: [{ guard: 'isConnectRequested', target: 'connecting' }, { target: 'disconnected.idle' }],
        onError: [
          {
            guard: 'isConnectRequested',
            target: 'connecting',
            actions: { type: 'assignError', params: { error: 'stopFailed' } },
          },
          { target: 'disconnected.idle', actions: { type: 'assignError', params: { error: 'stopFailed' } } },
        ],
      },
      initial: 'stopping',
      states: {
        stopping: {
          on: { 'hub.connect': 'connectRequested' },
        },
        /** A connect came while stopping: start again once stopped. */
        connectRequested: {
          on: { 'hub.disconnect': 'stopping' },
        },
      },
    },
  },
});

export type HubConnectionActor = ActorRefFrom<typeof hubConnectionMachine>;
export type HubConnectionSnapshot = SnapshotFrom<typeof hubConnectionMachine>;
