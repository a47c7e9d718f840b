/**
 * The real pieces together, in Node: the hub-connection machine with the actors of
 * src/realtime/actors.ts (the official SignalR client, loaded lazily) against the hub of
 * server/hub, feeding a real user-store actor. Over each transport: connect, full state first,
 * live updates, hub restart → Reconnecting → Connected with fresh state.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, waitFor } from 'xstate';
import type { UserPractice } from '#machines/domain';
import type { HubErrorCode } from '#machines/hub-connection.machine';
import { hubConnectionMachine } from '#machines/hub-connection.machine';
import { selectConnectionState } from '#machines/hub-connection.selectors';
import { selectInvites, selectPractices, userStoreMachine } from '#machines/user-store.machine';
import {
  createSigner,
  type Signer,
  type StoredState,
  startTestHub,
  type TestHub,
} from '../../server/hub/test-support';
import { createRealtimeRoot } from '../../src/app/live/realtime';
import { createRealtimeActors, type RealtimeLogger } from '../../src/realtime/actors';

const practice = (practiceName: string): UserPractice => ({
  practiceKey: practiceName.toLowerCase(),
  practiceName,
  environment: 'uk',
  environmentUrl: 'http://uk.local',
});

const initial: StoredState = {
  practices: [practice('Zulu'), practice('Alpha')],
  invites: [{ practiceKey: 'inv', practiceName: 'Invited Vets' }],
  email: { address: 'vet@example.com', verified: true },
  hasProfile: true,
};

let signer: Signer;
let hub: TestHub | null = null;
const actors: AnyActorRef[] = [];

beforeAll(async () => {
  signer = await createSigner();
});

afterEach(async () => {
  for (const actor of actors.splice(0)) {
    actor.send({ type: 'hub.disconnect' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    actor.stop();
  }
  await hub?.stop();
  hub = null;
});

function logger(lines: string[]): RealtimeLogger {
  const push = (...args: unknown[]) => lines.push(args.map(String).join(' '));
  return { debug: () => undefined, info: push, warn: push, error: push };
}

function arrange(testHub: TestHub, token: () => Promise<string>, transport?: 1 | 2 | 4) {
  const lines: string[] = [];
  const notified: HubErrorCode[] = [];
  let reconnectedNotices = 0;
  const store = createActor(userStoreMachine, { input: undefined });
  store.start();
  const connection = createActor(
    hubConnectionMachine.provide({
      actors: createRealtimeActors({
        url: '/sockets/appstate',
        pageOrigin: `http://127.0.0.1:${testHub.port}`,
        getTokenSilently: token,
        logger: logger(lines),
        ...(transport ? { transport } : {}),
      }),
      actions: {
        deliverMessage: (_, params) => store.send({ type: 'store.message', message: params.message }),
        notifyDisconnected: (_, params) => {
          notified.push(params.error);
        },
        notifyReconnected: () => {
          reconnectedNotices += 1;
        },
      },
    }),
  );
  connection.start();
  actors.push(connection);
  return { connection, store, lines, notified, reconnected: () => reconnectedNotices };
}

describe.each([
  ['WebSockets', 1],
  ['ServerSentEvents', 2],
  ['LongPolling', 4],
] as const)('live over %s', (_name, transport) => {
  it('connects, stores the state, follows updates, and comes back after a hub restart', async () => {
    hub = await startTestHub(signer);
    const testHub = hub;
    testHub.states.set('vet', initial);
    const token = await signer.sign('vet');
    const t = arrange(testHub, async () => token, transport);

    t.connection.send({ type: 'hub.connect' });
    await waitFor(t.connection, (s) => selectConnectionState(s) === 'Connected', { timeout: 5000 });
    await waitFor(t.store, (s) => s.context.practicesHasLoaded, { timeout: 5000 });
    expect(selectPractices(t.store.getSnapshot()).map((p) => p.practiceName)).toEqual(['Alpha', 'Zulu']);

    testHub.events.publish('vet', { type: 'invites', payload: [] });
    await waitFor(t.store, (s) => selectInvites(s).length === 0, { timeout: 5000 });

    await testHub.stop();
    await waitFor(t.connection, (s) => selectConnectionState(s) === 'Reconnecting', { timeout: 5000 });
    testHub.states.set('vet', { ...initial, practices: [practice('Bravo')] });
    await testHub.start();
    // The schedule is 0, 0, 2 s, …: the third attempt (≈2 s later) finds the hub again.
    await waitFor(t.connection, (s) => selectConnectionState(s) === 'Connected', { timeout: 15000 });
    expect(t.reconnected()).toBe(1);
    await waitFor(t.store, (s) => selectPractices(s).length === 1, { timeout: 5000 });
    expect(selectPractices(t.store.getSnapshot())[0]?.practiceName).toBe('Bravo');
    expect(t.notified).toEqual([]);
  }, 30000);
});

describe('live failures', () => {
  it('a refused token is a failed start: reported as unauthorized and retried', async () => {
    hub = await startTestHub(signer);
    const t = arrange(hub, async () => 'not-a-token');
    t.connection.send({ type: 'hub.connect' });
    await waitFor(t.connection, (s) => s.matches({ disconnected: 'retrying' }), { timeout: 5000 });
    expect(t.notified).toEqual(['unauthorized']);
    expect(t.lines.some((line) => line.includes('unauthorized'))).toBe(true);
  });

  it('a hub that is not there: failure to negotiate, reported and retried', async () => {
    hub = await startTestHub(signer);
    const port = hub.port;
    await hub.stop();
    hub = null;
    const fake = { port } as TestHub;
    const token = await signer.sign('vet');
    const t = arrange(fake, async () => token);
    t.connection.send({ type: 'hub.connect' });
    await waitFor(t.connection, (s) => s.matches({ disconnected: 'retrying' }), { timeout: 5000 });
    expect(t.notified).toEqual(['negotiateFailed']);
  });

  it('hub.disconnect stops the client and the hub releases the connection', async () => {
    hub = await startTestHub(signer);
    const testHub = hub;
    const token = await signer.sign('vet');
    const t = arrange(testHub, async () => token);
    t.connection.send({ type: 'hub.connect' });
    await waitFor(t.connection, (s) => selectConnectionState(s) === 'Connected', { timeout: 5000 });
    t.connection.send({ type: 'hub.disconnect' });
    await waitFor(t.connection, (s) => s.matches({ disconnected: 'idle' }), { timeout: 5000 });
    for (let i = 0; i < 100 && testHub.hub().connectionCount() > 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(testHub.hub().connectionCount()).toBe(0);
    expect(t.notified).toEqual([]);
  });
});

describe('createRealtimeRoot', () => {
  it('wires store, connection and visibility; stop() disconnects', async () => {
    hub = await startTestHub(signer);
    const testHub = hub;
    testHub.states.set('vet', initial);
    const token = await signer.sign('vet');
    const listeners: Array<() => void> = [];
    const visibility = {
      visibilityState: 'visible' as DocumentVisibilityState,
      addEventListener: (_: string, listener: () => void) => listeners.push(listener),
      removeEventListener: () => undefined,
    };
    const lines: string[] = [];
    const root = createRealtimeRoot({
      pageOrigin: `http://127.0.0.1:${testHub.port}`,
      getTokenSilently: async () => token,
      fetchUserState: async () => ({ hasProfile: false }),
      logger: logger(lines),
      visibilitySource: visibility as unknown as Document,
    });
    root.userStore.send({ type: 'store.load' });
    await waitFor(root.userStore, (s) => s.matches('idle'), { timeout: 5000 });
    root.hubConnection.send({ type: 'hub.connect' });
    await waitFor(root.userStore, (s) => s.context.practicesHasLoaded, { timeout: 5000 });
    expect(selectPractices(root.userStore.getSnapshot()).map((p) => p.practiceName)).toEqual([
      'Alpha',
      'Zulu',
    ]);
    await waitFor(root.hubConnection, (s) => selectConnectionState(s) === 'Connected', { timeout: 5000 });
    // app.visible while connected changes nothing.
    listeners[0]?.();
    expect(selectConnectionState(root.hubConnection.getSnapshot())).toBe('Connected');
    await root.stop();
    expect(root.hubConnection.getSnapshot().status).toBe('stopped');
    for (let i = 0; i < 100 && testHub.hub().connectionCount() > 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(testHub.hub().connectionCount()).toBe(0);
  });
});
