/**
 * Load script for the hub (not a test): opens N concurrent WebSocket clients on loopback,
 * speaking the SignalR protocol directly with `ws` (negotiate → WebSocket → JSON handshake),
 * pushes user-state updates through the event bus and prints the connections held and the
 * delivery latency (publish → client receipt) p50/p99.
 *
 *   npx tsx tests/bench/hub-load.ts [--clients 2000] [--rounds 5] [--rate 2000] [--timeout 120] [--split]
 *
 * --rate: updates per second while pushing (spread in batches every 10 ms; a huge rate is one
 * burst). --split: the clients run in a child process, so the hub's event loop is measured
 * alone (latency from wall-clock timestamps taken in both processes); by default hub and
 * clients share one process. Bounded: stops after the rounds or after --timeout seconds,
 * whichever comes first, and exits 1 when the target (all clients held, every update delivered,
 * p99 < 100 ms) is missed.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { attachHub } from '../../server/hub/index';
import { RECORD_SEPARATOR } from '../../server/hub/protocol';
import { createSigner, HUB_PATH, type StoredState } from '../../server/hub/test-support';
import { createUserEventBus } from '../../server/user-events';

function arg(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const CLIENTS = arg('clients', 2000);
const ROUNDS = arg('rounds', 5);
const RATE = arg('rate', 2000);
const TIMEOUT_S = arg('timeout', 120);
const SPLIT = process.argv.includes('--split');
const IS_CHILD = process.argv.includes('--child');
const CONNECT_CONCURRENCY = 100;

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
const now = () => performance.timeOrigin + performance.now();

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

// ───────────────────────────── client side ─────────────────────────────

interface ClientSide {
  sockets: WebSocket[];
  failures: number;
  seconds: number;
}

/** Connects one client per token; `onUpdate(index, receivedAt)` for each 'profile' update. */
async function connectClients(
  port: number,
  tokens: string[],
  onUpdate: (index: number, receivedAt: number) => void,
): Promise<ClientSide> {
  const base = `http://127.0.0.1:${port}${HUB_PATH}`;
  // No keep-alive: a reused socket can race the server's keep-alive timeout (socket hang up).
  const agent = new http.Agent({ keepAlive: false, maxSockets: CONNECT_CONCURRENCY });

  function negotiate(token: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${base}/negotiate?negotiateVersion=1`,
        { method: 'POST', agent, headers: { Authorization: `Bearer ${token}`, 'Content-Length': 0 } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => {
            if (res.statusCode !== 200) return reject(new Error(`negotiate ${res.statusCode}`));
            resolve((JSON.parse(body) as { connectionToken: string }).connectionToken);
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  async function connect(index: number): Promise<WebSocket> {
    const token = tokens[index] ?? '';
    const id = await negotiate(token);
    const socket = new WebSocket(`ws://127.0.0.1:${port}${HUB_PATH}?id=${encodeURIComponent(id)}`, {
      headers: { Authorization: `Bearer ${token}` },
      perMessageDeflate: false,
    });
    await new Promise<void>((resolve, reject) => {
      let buffer = '';
      let handshaken = false;
      socket.on('error', reject);
      socket.on('open', () => socket.send(`{"protocol":"json","version":1}${RECORD_SEPARATOR}`));
      socket.on('message', (data) => {
        const receivedAt = now();
        buffer += data.toString();
        const records = buffer.split(RECORD_SEPARATOR);
        buffer = records.pop() ?? '';
        for (const record of records) {
          if (!handshaken) {
            handshaken = true;
            if (record !== '{}') return reject(new Error(`handshake: ${record}`));
            resolve();
            continue;
          }
          const message = JSON.parse(record) as { type: number; arguments?: Array<{ type: string }> };
          if (message.type === 1 && message.arguments?.[0]?.type === 'profile') onUpdate(index, receivedAt);
        }
      });
    });
    // Keep the client alive for the hub (it drops clients silent for 30 s).
    const ping = setInterval(() => {
      if (socket.readyState === WebSocket.OPEN) socket.send(`{"type":6}${RECORD_SEPARATOR}`);
    }, 15000);
    ping.unref();
    socket.on('close', () => clearInterval(ping));
    return socket;
  }

  const started = now();
  const sockets: WebSocket[] = [];
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: CONNECT_CONCURRENCY }, async () => {
      while (next < tokens.length) {
        const index = next;
        next += 1;
        try {
          sockets.push(await connect(index));
        } catch (error) {
          failures += 1;
          if (failures <= 5) console.error(`client ${index} failed:`, error);
        }
      }
    }),
  );
  agent.destroy();
  return { sockets, failures, seconds: (now() - started) / 1000 };
}

// ───────────────────────────── child process (--split) ─────────────────────────────

type ToChild = { kind: 'start'; port: number; tokens: string[] } | { kind: 'stop' };
type ToParent =
  | { kind: 'connected'; open: number; failures: number; seconds: number }
  | { kind: 'updates'; receipts: Array<[number, number]> };

async function child(): Promise<void> {
  const send = (message: ToParent) => process.send?.(message);
  let side: ClientSide | null = null;
  let pending: Array<[number, number]> = [];
  const flush = setInterval(() => {
    if (pending.length === 0) return;
    send({ kind: 'updates', receipts: pending });
    pending = [];
  }, 20);
  process.on('message', async (message: ToChild) => {
    if (message.kind === 'start') {
      side = await connectClients(message.port, message.tokens, (index, receivedAt) => {
        pending.push([index, receivedAt]);
      });
      const open = side.sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
      send({ kind: 'connected', open, failures: side.failures, seconds: side.seconds });
    } else {
      clearInterval(flush);
      for (const socket of side?.sockets ?? []) socket.terminate();
      process.exit(0);
    }
  });
}

// ───────────────────────────── hub side ─────────────────────────────

async function main(): Promise<void> {
  const deadline = setTimeout(() => {
    console.error(`hub-load: timed out after ${TIMEOUT_S} s`);
    process.exit(2);
  }, TIMEOUT_S * 1000);
  deadline.unref();

  const signer = await createSigner();
  const events = createUserEventBus();
  const state: StoredState = {
    practices: [],
    invites: [],
    email: { address: 'load@example.com', verified: true },
    hasProfile: true,
  };
  const server = http.createServer((_req, res) => {
    res.writeHead(404);
    res.end();
  });
  const hub = attachHub(server, {
    path: HUB_PATH,
    verifyToken: (token) => signer.verify(token),
    events,
    getState: () => state,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  // Sign N tokens (RS256, like the identity provider's).
  const signStarted = now();
  const tokens: string[] = [];
  for (let index = 0; index < CLIENTS; index += 1) tokens.push(await signer.sign(`load-${index}`));
  console.log(`signed ${CLIENTS} tokens in ${((now() - signStarted) / 1000).toFixed(1)} s`);

  // Publish time of the update in flight per client, and the measured latencies.
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  let pending = 0;
  let onDelivered: (() => void) | null = null;
  const receipt = (index: number, receivedAt: number) => {
    const started = sentAt.get(index);
    if (started === undefined) return;
    sentAt.delete(index);
    latencies.push(receivedAt - started);
    pending -= 1;
    if (pending === 0) onDelivered?.();
  };

  // Connect the clients, here or in a child process.
  let connected: { open: number; failures: number; seconds: number };
  let stopClients: () => void;
  if (SPLIT) {
    const worker = fork(import.meta.filename, ['--child'], { execArgv: ['--import', 'tsx'] });
    connected = await new Promise((resolve) => {
      worker.on('message', (message: ToParent) => {
        if (message.kind === 'connected') resolve(message);
        else for (const [index, receivedAt] of message.receipts) receipt(index, receivedAt);
      });
      worker.send({ kind: 'start', port, tokens } satisfies ToChild);
    });
    stopClients = () => worker.send({ kind: 'stop' } satisfies ToChild);
  } else {
    const side = await connectClients(port, tokens, receipt);
    connected = {
      open: side.sockets.filter((s) => s.readyState === WebSocket.OPEN).length,
      failures: side.failures,
      seconds: side.seconds,
    };
    stopClients = () => {
      for (const socket of side.sockets) socket.terminate();
    };
  }
  const held = hub.connectionCount();
  console.log(
    `connections (${SPLIT ? 'clients in a child process' : 'clients in the hub process'}): requested ${CLIENTS}, open ${connected.open}, held by hub ${held}, failed ${connected.failures} (${connected.seconds.toFixed(1)} s to connect)`,
  );

  // Push: ROUNDS rounds, one update per connected client per round, spread at RATE per second.
  const batchSize = Math.max(1, Math.round(RATE / 100));
  const indexes = Array.from({ length: CLIENTS }, (_, index) => index);
  for (let round = 0; round < ROUNDS; round += 1) {
    const done = new Promise<void>((resolve) => {
      onDelivered = resolve;
    });
    pending = connected.open;
    for (let offset = 0; offset < indexes.length; offset += batchSize) {
      for (const index of indexes.slice(offset, offset + batchSize)) {
        sentAt.set(index, now());
        events.publish(`load-${index}`, { type: 'profile', payload: { hasProfile: true } });
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 10000))]);
    if (pending > 0) console.log(`round ${round + 1}: ${pending} updates not delivered within 10 s`);
    sentAt.clear();
  }

  const sorted = [...latencies].sort((a, b) => a - b);
  const expected = connected.open * ROUNDS;
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  console.log(
    `delivery: ${sorted.length}/${expected} updates in ${ROUNDS} rounds at ~${RATE}/s; latency p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(2)} ms`,
  );
  const ok = held === CLIENTS && connected.failures === 0 && sorted.length === expected && p99 < 100;
  console.log(`target (${CLIENTS} sockets held, p99 < 100 ms): ${ok ? 'met' : 'MISSED'}`);

  stopClients();
  await hub.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  clearTimeout(deadline);
  process.exit(ok ? 0 : 1);
}

(IS_CHILD ? child() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
