/**
 * Test and benchmark support for the hub: a local signing key (jose), a token verifier like the
 * API's, and a hub on a plain http server on a free loopback port that can be restarted.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type CryptoKey, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import type { UserState } from '#machines/domain';
import { createUserEventBus, type UserEventBus } from '../user-events';
import { attachHub, type Hub } from './index';

export const HUB_PATH = '/sockets/appstate';
export const BLANK_PAGE_PATH = '/__blank';
const ISSUER = 'http://localhost/';
const AUDIENCE = 'hub-tests';

export interface Signer {
  sign(sub: string, expiresIn?: string): Promise<string>;
  verify(token: string): Promise<{ sub: string } | null>;
}

export async function createSigner(): Promise<Signer> {
  const { privateKey, publicKey } = (await generateKeyPair('RS256')) as {
    privateKey: CryptoKey;
    publicKey: CryptoKey;
  };
  return {
    sign(sub, expiresIn = '1h') {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'RS256' })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(privateKey);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['RS256'],
        });
        return typeof payload.sub === 'string' ? { sub: payload.sub } : null;
      } catch {
        return null;
      }
    },
  };
}

export type StoredState = Omit<UserState, 'practicesHasLoaded'>;

export interface TestHub {
  readonly port: number;
  readonly url: string;
  readonly events: UserEventBus;
  readonly states: Map<string, StoredState>;
  hub(): Hub;
  /** Stops the hub and its http server (all sockets dropped). */
  stop(): Promise<void>;
  /** Starts again on the same port. */
  start(): Promise<void>;
}

export async function startTestHub(
  signer: Signer,
  options: { keepAliveMs?: number; clientTimeoutMs?: number; longPollTimeoutMs?: number } = {},
): Promise<TestHub> {
  const events = createUserEventBus();
  const states = new Map<string, StoredState>();
  let server: http.Server | null = null;
  let hub: Hub | null = null;
  let port = 0;
  const sockets = new Set<Socket>();

  async function start(): Promise<void> {
    const created = http.createServer((req, res) => {
      // A blank page on the hub's origin for browser tests (a page injected by the browser
      // automation would count as a public address and be refused loopback sockets).
      if (req.url === BLANK_PAGE_PATH) {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<!doctype html><html><head><link rel="icon" href="data:,"></head><body></body></html>');
        return;
      }
      res.writeHead(404);
      res.end();
    });
    created.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    hub = attachHub(created, {
      path: HUB_PATH,
      verifyToken: (token) => signer.verify(token),
      events,
      getState: (sub) => states.get(sub) ?? null,
      ...options,
    });
    await new Promise<void>((resolve) => created.listen(port, '127.0.0.1', resolve));
    port = (created.address() as AddressInfo).port;
    server = created;
  }

  async function stop(): Promise<void> {
    const current = server;
    await hub?.close();
    hub = null;
    server = null;
    if (current) {
      const closed = new Promise<void>((resolve) => current.close(() => resolve()));
      current.closeAllConnections();
      // Upgraded and unanswered sockets too: the server is gone, as if the process died.
      for (const socket of sockets) socket.destroy();
      await closed;
    }
  }

  await start();
  return {
    get port() {
      return port;
    },
    get url() {
      return `http://127.0.0.1:${port}${HUB_PATH}`;
    },
    events,
    states,
    hub() {
      if (!hub) throw new Error('hub is stopped');
      return hub;
    },
    stop,
    start,
  };
}
