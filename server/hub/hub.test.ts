/**
 * Conformance: the official @microsoft/signalr client (Node) against the hub, over each of the
 * three transports, including automatic reconnection after the hub restarts and a clean stop.
 */
import {
  HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  HubConnectionState,
  type ILogger,
  LogLevel,
} from '@microsoft/signalr';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UserStateMessage } from '#machines/domain';
import { createSigner, type Signer, type StoredState, startTestHub, type TestHub } from './test-support';

/** Collects the client's log lines instead of printing them (console.error fails a test). */
class MemoryLogger implements ILogger {
  readonly lines: string[] = [];
  log(level: LogLevel, message: string): void {
    if (level >= LogLevel.Debug) this.lines.push(`${LogLevel[level]}: ${message}`);
  }
}

const alice: StoredState = {
  practices: [
    { practiceKey: 'p-2', practiceName: 'Zeta Vets', environment: 'au', environmentUrl: 'http://au.local' },
  ],
  invites: [{ practiceKey: 'p-9', practiceName: 'Alpha Clinic' }],
  email: { address: 'alice@example.com', verified: true },
  hasProfile: true,
};

function waitFor<T>(predicate: () => T | undefined, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      const value = predicate();
      if (value !== undefined) return resolve(value);
      if (Date.now() - started > timeoutMs) return reject(new Error('timed out waiting'));
      setTimeout(tick, 10);
    };
    tick();
  });
}

let signer: Signer;
let testHub: TestHub | null = null;
const connections: HubConnection[] = [];

beforeAll(async () => {
  signer = await createSigner();
});

afterEach(async () => {
  for (const connection of connections.splice(0)) await connection.stop();
  await testHub?.stop();
  testHub = null;
});

interface Client {
  connection: HubConnection;
  messages: UserStateMessage[];
  logger: MemoryLogger;
  events: string[];
}

function client(
  hub: TestHub,
  transport: HttpTransportType,
  token: () => Promise<string>,
  reconnectDelays = [0, 50, 100, 200, 400, 800],
): Client {
  const logger = new MemoryLogger();
  const connection = new HubConnectionBuilder()
    .withUrl(hub.url, { transport, accessTokenFactory: token })
    .withAutomaticReconnect(reconnectDelays)
    .configureLogging(logger)
    .build();
  const messages: UserStateMessage[] = [];
  const events: string[] = [];
  connection.on('userState', (message: UserStateMessage) => messages.push(message));
  connection.onreconnecting(() => events.push('reconnecting'));
  connection.onreconnected(() => events.push('reconnected'));
  connection.onclose((error) => events.push(error ? `closed:${error.message}` : 'closed'));
  connections.push(connection);
  return { connection, messages, logger, events };
}

const transports = [
  ['WebSockets', HttpTransportType.WebSockets],
  ['ServerSentEvents', HttpTransportType.ServerSentEvents],
  ['LongPolling', HttpTransportType.LongPolling],
] as const;

describe.each(transports)('official client over %s', (name, transport) => {
  it('connects, receives the full state first, then pushed updates for its user only', async () => {
    testHub = await startTestHub(signer);
    const hub = testHub;
    hub.states.set('alice', alice);
    const aliceToken = await signer.sign('alice');
    const bobToken = await signer.sign('bob');
    const a = client(hub, transport, async () => aliceToken);
    const b = client(hub, transport, async () => bobToken);
    await a.connection.start();
    await b.connection.start();
    expect(a.connection.state).toBe(HubConnectionState.Connected);
    expect(a.logger.lines).toContain(`Debug: Selecting transport '${name}'.`);
    expect(hub.hub().connectionCount()).toBe(2);

    const first = await waitFor(() => a.messages[0]);
    expect(first).toEqual({ type: 'state', payload: alice });
    // bob has no stored state: no initial message.
    expect(b.messages).toEqual([]);

    hub.events.publish('alice', { type: 'invites', payload: [] });
    hub.events.publish('bob', { type: 'profile', payload: { hasProfile: true } });
    await waitFor(() => (a.messages.length >= 2 ? true : undefined));
    await waitFor(() => (b.messages.length >= 1 ? true : undefined));
    expect(a.messages[1]).toEqual({ type: 'invites', payload: [] });
    expect(b.messages).toEqual([{ type: 'profile', payload: { hasProfile: true } }]);
    expect(a.messages).toHaveLength(2);
  });

  it('stops cleanly: close without error, and the hub lets the connection go', async () => {
    testHub = await startTestHub(signer);
    const hub = testHub;
    const token = await signer.sign('alice');
    const a = client(hub, transport, async () => token);
    await a.connection.start();
    expect(hub.hub().connectionCount()).toBe(1);
    await a.connection.stop();
    expect(a.connection.state).toBe(HubConnectionState.Disconnected);
    expect(a.events).toEqual(['closed']);
    await waitFor(() => (hub.hub().connectionCount() === 0 ? true : undefined));
  });

  it('reconnects after the hub restarts and receives fresh state', async () => {
    testHub = await startTestHub(signer);
    const hub = testHub;
    hub.states.set('alice', alice);
    const token = await signer.sign('alice');
    const a = client(hub, transport, async () => token);
    await a.connection.start();
    await waitFor(() => a.messages[0]);

    await hub.stop();
    await waitFor(() => (a.events.includes('reconnecting') ? true : undefined));
    expect(a.connection.state).toBe(HubConnectionState.Reconnecting);

    const fresh: StoredState = { ...alice, invites: [] };
    hub.states.set('alice', fresh);
    await hub.start();
    await waitFor(() => (a.events.includes('reconnected') ? true : undefined));
    expect(a.connection.state).toBe(HubConnectionState.Connected);
    const last = await waitFor(() => (a.messages.length >= 2 ? a.messages.at(-1) : undefined));
    expect(last).toEqual({ type: 'state', payload: fresh });
    expect(a.events).not.toContain('closed');
  });

  it('is kept alive by server pings beyond the client server-timeout', async () => {
    testHub = await startTestHub(signer, { keepAliveMs: 100, clientTimeoutMs: 2000 });
    const hub = testHub;
    const token = await signer.sign('alice');
    const a = client(hub, transport, async () => token);
    a.connection.serverTimeoutInMilliseconds = 400;
    a.connection.keepAliveIntervalInMilliseconds = 150;
    await a.connection.start();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(a.connection.state).toBe(HubConnectionState.Connected);
    expect(a.events).toEqual([]);
  });
});

describe('authentication', () => {
  it('rejects negotiate without a token or with an invalid one (401)', async () => {
    testHub = await startTestHub(signer);
    const url = `${testHub.url}/negotiate?negotiateVersion=1`;
    expect((await fetch(url, { method: 'POST' })).status).toBe(401);
    const bad = await fetch(url, { method: 'POST', headers: { Authorization: 'Bearer not-a-jwt' } });
    expect(bad.status).toBe(401);
    const expired = await signer.sign('alice', '-1m');
    const late = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${expired}` } });
    expect(late.status).toBe(401);
  });

  it('the official client fails to start with a 401', async () => {
    testHub = await startTestHub(signer);
    const a = client(testHub, HttpTransportType.WebSockets, async () => 'nope');
    await expect(a.connection.start()).rejects.toThrow(/401/);
    expect(a.connection.state).toBe(HubConnectionState.Disconnected);
  });

  it('answers negotiate version 1 with connectionId, connectionToken and the three transports', async () => {
    testHub = await startTestHub(signer);
    const token = await signer.sign('alice');
    const response = await fetch(`${testHub.url}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.negotiateVersion).toBe(1);
    expect(typeof body.connectionId).toBe('string');
    expect(typeof body.connectionToken).toBe('string');
    expect(body.connectionToken).not.toBe(body.connectionId);
    expect(body.availableTransports).toEqual([
      { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
      { transport: 'ServerSentEvents', transferFormats: ['Text'] },
      { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
    ]);
  });
});
