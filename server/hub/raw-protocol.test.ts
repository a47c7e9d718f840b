/**
 * Protocol details checked on the wire (with `ws` and fetch): handshake answers, record
 * separator, keep-alive pings, dropping a silent client, and the transport status codes of
 * TransportProtocols.md.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { RECORD_SEPARATOR } from './protocol';
import { createSigner, type Signer, startTestHub, type TestHub } from './test-support';

let signer: Signer;
let testHub: TestHub | null = null;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  signer = await createSigner();
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await testHub?.stop();
  testHub = null;
});

async function negotiate(hub: TestHub, token: string) {
  const response = await fetch(`${hub.url}/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  return (await response.json()) as { connectionToken: string; connectionId: string };
}

interface RawSocket {
  socket: WebSocket;
  records: string[];
  closed: Promise<number>;
}

function open(url: string): Promise<RawSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    sockets.push(socket);
    const records: string[] = [];
    let pending = '';
    const closed = new Promise<number>((done) => socket.on('close', (code) => done(code)));
    socket.on('message', (data) => {
      pending += data.toString();
      const parts = pending.split(RECORD_SEPARATOR);
      pending = parts.pop() ?? '';
      records.push(...parts);
    });
    socket.on('open', () => resolve({ socket, records, closed }));
    socket.on('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
    socket.on('error', reject);
  });
}

function until<T>(predicate: () => T | undefined, timeoutMs = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      const value = predicate();
      if (value !== undefined) return resolve(value);
      if (Date.now() - started > timeoutMs) return reject(new Error('timed out'));
      setTimeout(tick, 5);
    };
    tick();
  });
}

function wsUrl(hub: TestHub, query: string): string {
  return `${hub.url.replace(/^http/, 'ws')}?${query}`;
}

describe('JSON hub protocol over a raw WebSocket', () => {
  it('answers the handshake with {} and the record separator, then the full state', async () => {
    testHub = await startTestHub(signer);
    testHub.states.set('u1', {
      practices: [],
      invites: [],
      email: { address: 'u1@example.com', verified: false },
      hasProfile: false,
    });
    const token = await signer.sign('u1');
    const { connectionToken } = await negotiate(testHub, token);
    const raw = await open(wsUrl(testHub, `id=${connectionToken}&access_token=${token}`));
    raw.socket.send(`{"protocol":"json","version":1}${RECORD_SEPARATOR}`);
    await until(() => (raw.records.length >= 2 ? true : undefined));
    expect(raw.records[0]).toBe('{}');
    expect(JSON.parse(raw.records[1] ?? '')).toEqual({
      type: 1,
      target: 'userState',
      arguments: [
        {
          type: 'state',
          payload: {
            practices: [],
            invites: [],
            email: { address: 'u1@example.com', verified: false },
            hasProfile: false,
          },
        },
      ],
    });
  });

  it('rejects an unknown protocol in the handshake and closes', async () => {
    testHub = await startTestHub(signer);
    const token = await signer.sign('u1');
    const { connectionToken } = await negotiate(testHub, token);
    const raw = await open(wsUrl(testHub, `id=${connectionToken}&access_token=${token}`));
    raw.socket.send(`{"protocol":"messagepack","version":1}${RECORD_SEPARATOR}`);
    await raw.closed;
    expect(raw.records).toEqual([`{"error":"The protocol 'messagepack' is not supported."}`]);
  });

  it('pings every keep-alive interval and drops a client silent for the client timeout', async () => {
    testHub = await startTestHub(signer, { keepAliveMs: 50, clientTimeoutMs: 300 });
    const hub = testHub;
    const token = await signer.sign('u1');
    const { connectionToken } = await negotiate(hub, token);
    const raw = await open(wsUrl(hub, `id=${connectionToken}&access_token=${token}`));
    raw.socket.send(`{"protocol":"json","version":1}${RECORD_SEPARATOR}`);
    const started = Date.now();
    await until(() => (raw.records.includes('{"type":6}') ? true : undefined));
    expect(hub.hub().connectionCount()).toBe(1);
    await raw.closed;
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(1500);
    expect(raw.records.filter((r) => r === '{"type":6}').length).toBeGreaterThanOrEqual(2);
    const close = JSON.parse(raw.records.at(-1) ?? '{}') as { type: number; allowReconnect: boolean };
    expect(close.type).toBe(7);
    expect(close.allowReconnect).toBe(true);
    expect(hub.hub().connectionCount()).toBe(0);
  });

  it('keeps a client that pings', async () => {
    testHub = await startTestHub(signer, { keepAliveMs: 50, clientTimeoutMs: 300 });
    const token = await signer.sign('u1');
    const { connectionToken } = await negotiate(testHub, token);
    const raw = await open(wsUrl(testHub, `id=${connectionToken}&access_token=${token}`));
    raw.socket.send(`{"protocol":"json","version":1}${RECORD_SEPARATOR}`);
    const timer = setInterval(() => raw.socket.send(`{"type":6}${RECORD_SEPARATOR}`), 100);
    await new Promise((resolve) => setTimeout(resolve, 800));
    clearInterval(timer);
    expect(raw.socket.readyState).toBe(WebSocket.OPEN);
    expect(testHub.hub().connectionCount()).toBe(1);
  });

  it('answers an invocation of an unknown method with a completion error', async () => {
    testHub = await startTestHub(signer);
    const token = await signer.sign('u1');
    const raw = await open(wsUrl(testHub, `access_token=${token}`));
    raw.socket.send(`{"protocol":"json","version":1}${RECORD_SEPARATOR}`);
    raw.socket.send(`{"type":1,"invocationId":"7","target":"nope","arguments":[]}${RECORD_SEPARATOR}`);
    const completion = await until(() => raw.records.find((r) => r.includes('"invocationId":"7"')));
    expect(JSON.parse(completion)).toMatchObject({ type: 3, invocationId: '7' });
  });
});

describe('transport status codes', () => {
  it('404 for an unknown id, 409 for a second WebSocket, 401 without a token', async () => {
    testHub = await startTestHub(signer);
    const token = await signer.sign('u1');
    await expect(open(wsUrl(testHub, `id=unknown&access_token=${token}`))).rejects.toThrow('status 404');
    const { connectionToken } = await negotiate(testHub, token);
    await open(wsUrl(testHub, `id=${connectionToken}&access_token=${token}`));
    await expect(open(wsUrl(testHub, `id=${connectionToken}&access_token=${token}`))).rejects.toThrow(
      'status 409',
    );
    await expect(open(wsUrl(testHub, `id=${connectionToken}`))).rejects.toThrow('status 401');
  });

  it('400 without id, 404 for an unknown id, 403 for another user', async () => {
    testHub = await startTestHub(signer);
    const token = await signer.sign('u1');
    const other = await signer.sign('u2');
    const auth = { Authorization: `Bearer ${token}` };
    expect((await fetch(testHub.url, { headers: auth })).status).toBe(400);
    expect((await fetch(`${testHub.url}?id=nope`, { headers: auth })).status).toBe(404);
    const { connectionToken } = await negotiate(testHub, token);
    const foreign = await fetch(`${testHub.url}?id=${connectionToken}`, {
      headers: { Authorization: `Bearer ${other}` },
    });
    expect(foreign.status).toBe(403);
  });

  it('long polling: first poll returns at once, DELETE ends the held poll with 204', async () => {
    testHub = await startTestHub(signer);
    const token = await signer.sign('u1');
    const auth = { Authorization: `Bearer ${token}` };
    const { connectionToken } = await negotiate(testHub, token);
    const url = `${testHub.url}?id=${connectionToken}`;
    const first = await fetch(url, { headers: auth });
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('');
    const handshake = await fetch(url, {
      method: 'POST',
      headers: auth,
      body: `{"protocol":"json","version":1}${RECORD_SEPARATOR}`,
    });
    expect(handshake.status).toBe(200);
    const second = await fetch(url, { headers: auth });
    expect(await second.text()).toBe(`{}${RECORD_SEPARATOR}`);
    const held = fetch(url, { headers: auth });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const removed = await fetch(url, { method: 'DELETE', headers: auth });
    expect(removed.status).toBe(202);
    expect((await held).status).toBe(204);
    expect((await fetch(url, { headers: auth })).status).toBe(404);
  });

  it('leaves requests outside its path to the server’s own handler', async () => {
    testHub = await startTestHub(signer);
    const response = await fetch(`http://127.0.0.1:${testHub.port}/api/other`);
    expect(response.status).toBe(404);
    const upgrade = new WebSocket(`ws://127.0.0.1:${testHub.port}/elsewhere`);
    upgrade.on('error', () => undefined);
    sockets.push(upgrade);
    // Nobody handles that upgrade: it must not be answered by the hub.
    const outcome = await Promise.race([
      new Promise((resolve) => upgrade.on('open', () => resolve('open'))),
      new Promise((resolve) => setTimeout(() => resolve('unanswered'), 200)),
    ]);
    expect(outcome).toBe('unanswered');
  });
});
