/**
 * Load script for the hub (not a test): opens N concurrent WebSocket clients on loopback,
 * speaking the SignalR protocol directly with `ws` (negotiate → WebSocket → JSON handshake),
 * pushes user-state updates through the event bus and prints the connections held and the
 * delivery latency (publish → client receipt) p50/p99.
 *
 *   npx tsx tests/bench/hub-load.ts [--clients 2000] [--rounds 5] [--rate 2000] [--timeout 90]
 *
 * --rate is updates per second while pushing (spread in batches every 10 ms). Bounded: stops
 * after the rounds or after --timeout seconds, whichever comes first, and exits non-zero when
 * the target (all clients held, p99 < 100 ms) is missed.
 */
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
const TIMEOUT_S = arg('timeout', 90);
const CONNECT_CONCURRENCY = 100;

const deadline = setTimeout(() => {
  console.error(`hub-load: timed out after ${TIMEOUT_S} s`);
  process.exit(2);
}, TIMEOUT_S * 1000);
deadline.unref();

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

interface Client {
  sub: string;
  socket: WebSocket;
  received: number;
}

async function main(): Promise<void> {
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
  const base = `http://127.0.0.1:${port}${HUB_PATH}`;
  // No keep-alive: a reused socket can race the server's keep-alive timeout (socket hang up).
  const agent = new http.Agent({ keepAlive: false, maxSockets: CONNECT_CONCURRENCY });

  // Publish time per user for the update in flight (one outstanding update per user).
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let pending = 0;
  let onDelivered: (() => void) | null = null;

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

  async function connect(index: number): Promise<Client> {
    const sub = `load-${index}`;
    const token = tokens[index] ?? '';
    const id = await negotiate(token);
    const socket = new WebSocket(`ws://127.0.0.1:${port}${HUB_PATH}?id=${encodeURIComponent(id)}`, {
      headers: { Authorization: `Bearer ${token}` },
      perMessageDeflate: false,
    });
    const client: Client = { sub, socket, received: 0 };
    await new Promise<void>((resolve, reject) => {
      let buffer = '';
      let handshaken = false;
      socket.on('error', reject);
      socket.on('open', () => socket.send(`{"protocol":"json","version":1}${RECORD_SEPARATOR}`));
      socket.on('message', (data) => {
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
          if (message.type !== 1 || message.arguments?.[0]?.type !== 'profile') continue;
          const started = sentAt.get(sub);
          if (started === undefined) continue;
          sentAt.delete(sub);
          latencies.push(performance.now() - started);
          client.received += 1;
          pending -= 1;
          if (pending === 0) onDelivered?.();
        }
      });
    });
    // Keep the client alive for the hub (it drops clients silent for 30 s).
    const ping = setInterval(() => {
      if (socket.readyState === WebSocket.OPEN) socket.send(`{"type":6}${RECORD_SEPARATOR}`);
    }, 15000);
    ping.unref();
    socket.on('close', () => clearInterval(ping));
    return client;
  }

  // ---- sign N tokens (RS256, like the identity provider's), then connect N clients ----
  const signStarted = performance.now();
  const tokens: string[] = [];
  for (let index = 0; index < CLIENTS; index += 1) tokens.push(await signer.sign(`load-${index}`));
  console.log(`signed ${CLIENTS} tokens in ${((performance.now() - signStarted) / 1000).toFixed(1)} s`);
  const connectStarted = performance.now();
  const clients: Client[] = [];
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: CONNECT_CONCURRENCY }, async () => {
      while (next < CLIENTS) {
        const index = next;
        next += 1;
        try {
          clients.push(await connect(index));
        } catch (error) {
          failures += 1;
          if (failures <= 5) console.error(`client ${index} failed:`, error);
        }
      }
    }),
  );
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  const held = hub.connectionCount();
  const open = clients.filter((c) => c.socket.readyState === WebSocket.OPEN).length;
  console.log(
    `connections: requested ${CLIENTS}, open ${open}, held by hub ${held}, failed ${failures} (${connectSeconds.toFixed(1)} s to connect)`,
  );

  // ---- push: ROUNDS rounds, one update per client per round, spread at RATE per second ----
  const batchSize = Math.max(1, Math.round(RATE / 100));
  for (let round = 0; round < ROUNDS; round += 1) {
    const done = new Promise<void>((resolve) => {
      onDelivered = resolve;
    });
    pending = clients.length;
    for (let offset = 0; offset < clients.length; offset += batchSize) {
      for (const client of clients.slice(offset, offset + batchSize)) {
        sentAt.set(client.sub, performance.now());
        events.publish(client.sub, { type: 'profile', payload: { hasProfile: true } });
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 10000))]);
    if (pending > 0) console.log(`round ${round + 1}: ${pending} updates not delivered within 10 s`);
  }

  const sorted = [...latencies].sort((a, b) => a - b);
  const expected = clients.length * ROUNDS;
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  console.log(
    `delivery: ${sorted.length}/${expected} updates in ${ROUNDS} rounds at ~${RATE}/s; latency p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(2)} ms`,
  );
  const heldAll = held === CLIENTS && failures === 0;
  const ok = heldAll && sorted.length === expected && p99 < 100;
  console.log(`target (${CLIENTS} sockets held, p99 < 100 ms): ${ok ? 'met' : 'MISSED'}`);

  // ---- stop ----
  for (const client of clients) client.socket.terminate();
  agent.destroy();
  await hub.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  clearTimeout(deadline);
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
