/**
 * A small, exact SignalR hub for the local stack at `/sockets/appstate`.
 *
 * It speaks the protocols published in dotnet/aspnetcore (src/SignalR/docs/specs):
 * - TransportProtocols.md: `POST {path}/negotiate?negotiateVersion=1` (connectionId,
 *   connectionToken, availableTransports), WebSockets, Server-Sent Events + HTTP POST,
 *   Long Polling + HTTP POST, and DELETE to end a long-polling connection;
 * - HubProtocol.md: the JSON hub protocol (handshake, 0x1E record separator, invocation,
 *   ping, close with allowReconnect).
 *
 * The hub has no server methods: it pushes `userState` invocations (one argument, a
 * UserStateMessage) to every connection of the user whose state changed, and a full `state`
 * message right after each handshake, so a reconnect never shows stale lists.
 * See docs/realtime.md.
 */
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { UserStateMessage } from '#machines/domain';
import { BodyError, MAX_BODY_BYTES, readRawBody } from '../http-util';
import type { UserEventBus, UserStateReader } from '../user-events';
import {
  closeFrame,
  completionErrorFrame,
  handshakeError,
  handshakeOk,
  invocationFrame,
  MessageType,
  parseHandshake,
  parseMessage,
  pingFrame,
  RecordReader,
} from './protocol';

export interface HubOptions {
  /** Endpoint base, e.g. '/sockets/appstate'. */
  path: string;
  verifyToken(token: string): Promise<{ sub: string } | null>;
  events: UserEventBus;
  getState: UserStateReader;
  /** Server keep-alive ping interval (ms). Default 15000. */
  keepAliveMs?: number;
  /** A client silent for this long (no message, no ping) is dropped (ms). Default 30000. */
  clientTimeoutMs?: number;
  /** A long poll with nothing to deliver is answered 200 empty after this long (ms). Default 90000. */
  longPollTimeoutMs?: number;
}

export interface Hub {
  close(): Promise<void>;
  connectionCount(): number;
}

/** The hub method the client listens to (`connection.on('userState', …)`). */
export const USER_STATE_METHOD = 'userState';

type TransportKind = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

interface Connection {
  connectionId: string;
  token: string;
  sub: string;
  transport: TransportKind | null;
  reader: RecordReader;
  handshaken: boolean;
  closed: boolean;
  createdAt: number;
  closedAt: number;
  lastReceived: number;
  lastSent: number;
  socket: WebSocket | null;
  sse: http.ServerResponse | null;
  /** Long polling: frames waiting for the next poll, and the poll being held. */
  outbox: string[];
  poll: { res: http.ServerResponse; timer: NodeJS.Timeout } | null;
  postInFlight: boolean;
}

const AVAILABLE_TRANSPORTS = [
  { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
  { transport: 'ServerSentEvents', transferFormats: ['Text'] },
  { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
];

function newId(): string {
  return randomBytes(16).toString('base64url');
}

function bearer(req: http.IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

function respond(res: http.ServerResponse, status: number, body = '', contentType = 'text/plain'): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, {
    'Content-Type': contentType,
    'Cache-Control': 'no-cache, no-store',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** A long-polling / SSE send: at most MAX_BODY_BYTES (64 KB), like every body the stack reads (decision 012). */
async function readBody(req: http.IncomingMessage): Promise<string> {
  return (await readRawBody(req, MAX_BODY_BYTES)).toString('utf8');
}

export function attachHub(server: http.Server, opts: HubOptions): Hub {
  const base = opts.path.replace(/\/+$/, '');
  const negotiatePath = `${base}/negotiate`;
  const keepAliveMs = opts.keepAliveMs ?? 15000;
  const clientTimeoutMs = opts.clientTimeoutMs ?? 30000;
  const longPollTimeoutMs = opts.longPollTimeoutMs ?? 90000;

  const byToken = new Map<string, Connection>();
  const bySub = new Map<string, Set<Connection>>();
  // Frames over 64 KB close the socket (1009) instead of being buffered (decision 012).
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY_BYTES });
  let closing = false;

  // ---- connection lifecycle ---------------------------------------------------------------

  /** Negotiate version 0 has no separate token: the connectionId is the `id`. */
  function createConnection(sub: string, negotiateVersion: 0 | 1): Connection {
    const now = Date.now();
    const connectionId = newId();
    const connection: Connection = {
      connectionId,
      token: negotiateVersion === 1 ? newId() : connectionId,
      sub,
      transport: null,
      reader: new RecordReader(),
      handshaken: false,
      closed: false,
      createdAt: now,
      closedAt: 0,
      lastReceived: now,
      lastSent: now,
      socket: null,
      sse: null,
      outbox: [],
      poll: null,
      postInFlight: false,
    };
    byToken.set(connection.token, connection);
    return connection;
  }

  function send(connection: Connection, data: string): void {
    if (connection.closed && connection.transport !== 'LongPolling') return;
    connection.lastSent = Date.now();
    switch (connection.transport) {
      case 'WebSockets':
        connection.socket?.send(data);
        return;
      case 'ServerSentEvents':
        // One SSE event per frame; JSON text never holds a raw line break.
        connection.sse?.write(`data: ${data}\r\n\r\n`);
        return;
      default:
        connection.outbox.push(data);
        flushPoll(connection);
    }
  }

  function flushPoll(connection: Connection): void {
    const poll = connection.poll;
    if (!poll) return;
    if (connection.outbox.length > 0) {
      const body = connection.outbox.join('');
      connection.outbox = [];
      connection.poll = null;
      clearTimeout(poll.timer);
      respond(poll.res, 200, body);
    } else if (connection.closed) {
      connection.poll = null;
      clearTimeout(poll.timer);
      respond(poll.res, 204);
      byToken.delete(connection.token);
    }
  }

  /** Ends a connection. `closeMessage` (a close frame) is delivered first when given. */
  function terminate(connection: Connection, closeMessage?: string): void {
    if (connection.closed) return;
    if (closeMessage && connection.handshaken) send(connection, closeMessage);
    connection.closed = true;
    connection.closedAt = Date.now();
    const subs = bySub.get(connection.sub);
    subs?.delete(connection);
    if (subs && subs.size === 0) bySub.delete(connection.sub);
    switch (connection.transport) {
      case 'WebSockets':
        byToken.delete(connection.token);
        connection.socket?.close(1000);
        break;
      case 'ServerSentEvents':
        byToken.delete(connection.token);
        connection.sse?.end();
        break;
      case 'LongPolling':
        // Kept until the last frames (the close message) are polled, or until swept.
        flushPoll(connection);
        break;
      default:
        byToken.delete(connection.token);
    }
  }

  function onHandshake(connection: Connection, record: string): void {
    const request = parseHandshake(record);
    if (!request) {
      send(connection, handshakeError('Handshake request is invalid.'));
      terminate(connection);
      return;
    }
    if (request.protocol !== 'json') {
      send(connection, handshakeError(`The protocol '${request.protocol}' is not supported.`));
      terminate(connection);
      return;
    }
    // JSON protocol versions 1 and 2 (2 only adds Ack/Sequence, used with stateful reconnect,
    // which this hub does not offer).
    if (request.version < 1 || request.version > 2) {
      send(
        connection,
        handshakeError(`The server does not support version ${request.version} of the 'json' protocol.`),
      );
      terminate(connection);
      return;
    }
    connection.handshaken = true;
    send(connection, handshakeOk);
    let subs = bySub.get(connection.sub);
    if (!subs) {
      subs = new Set();
      bySub.set(connection.sub, subs);
    }
    subs.add(connection);
    const state = opts.getState(connection.sub);
    if (state) {
      const message: UserStateMessage = { type: 'state', payload: state };
      send(connection, invocationFrame(USER_STATE_METHOD, [message]));
    }
  }

  function onMessage(connection: Connection, record: string): void {
    const message = parseMessage(record);
    if (!message) {
      terminate(connection, closeFrame('Connection closed with an error.', false));
      return;
    }
    switch (message.type) {
      case MessageType.Invocation:
      case MessageType.StreamInvocation:
        if (message.invocationId !== undefined) {
          send(
            connection,
            completionErrorFrame(
              message.invocationId,
              `Failed to invoke '${message.target ?? ''}' due to an error on the server. HubException: Method does not exist.`,
            ),
          );
        }
        return;
      case MessageType.Close:
        terminate(connection);
        return;
      default:
        // Ping, CancelInvocation, StreamItem, Completion, Ack, Sequence: nothing to do.
        return;
    }
  }

  function receive(connection: Connection, text: string): void {
    if (connection.closed) return;
    connection.lastReceived = Date.now();
    for (const record of connection.reader.push(text)) {
      if (connection.closed) return;
      if (connection.handshaken) onMessage(connection, record);
      else onHandshake(connection, record);
    }
  }

  // ---- authentication ---------------------------------------------------------------------

  async function authenticate(req: http.IncomingMessage, url: URL, allowQuery: boolean) {
    const token = bearer(req) ?? (allowQuery ? url.searchParams.get('access_token') : null);
    if (!token) return null;
    try {
      return await opts.verifyToken(token);
    } catch {
      return null;
    }
  }

  /** Finds the connection named by `id` and checks it belongs to the caller. */
  async function lookup(
    req: http.IncomingMessage,
    url: URL,
    allowQuery: boolean,
  ): Promise<{ status: number; connection?: Connection }> {
    const id = url.searchParams.get('id');
    if (!id) return { status: 400 };
    const user = await authenticate(req, url, allowQuery);
    if (!user) return { status: 401 };
    const connection = byToken.get(id);
    if (!connection) return { status: 404 };
    if (connection.sub !== user.sub) return { status: 403 };
    return { status: 200, connection };
  }

  // ---- HTTP endpoints ---------------------------------------------------------------------

  async function negotiate(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    if (req.method !== 'POST') return respond(res, 405);
    const user = await authenticate(req, url, false);
    if (!user) return respond(res, 401);
    const requested = Number.parseInt(url.searchParams.get('negotiateVersion') ?? '0', 10);
    const version = Number.isFinite(requested) && requested >= 1 ? 1 : 0;
    const connection = createConnection(user.sub, version);
    const body =
      version === 1
        ? {
            connectionToken: connection.token,
            connectionId: connection.connectionId,
            negotiateVersion: 1,
            availableTransports: AVAILABLE_TRANSPORTS,
          }
        : {
            connectionId: connection.connectionId,
            negotiateVersion: 0,
            availableTransports: AVAILABLE_TRANSPORTS,
          };
    respond(res, 200, JSON.stringify(body), 'application/json');
  }

  function claimTransport(connection: Connection, kind: TransportKind): number {
    if (connection.closed) return 404;
    if (connection.transport === null) {
      connection.transport = kind;
      connection.lastReceived = Date.now();
      return 200;
    }
    if (connection.transport !== kind) return 400;
    return kind === 'LongPolling' ? 200 : 409;
  }

  async function serverSentEvents(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const found = await lookup(req, url, true);
    if (!found.connection) return respond(res, found.status);
    const connection = found.connection;
    const status = claimTransport(connection, 'ServerSentEvents');
    if (status !== 200) return respond(res, status);
    connection.sse = res;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    });
    // A comment line flushes the headers so the client's open event fires.
    res.write(':\r\n');
    res.on('close', () => terminate(connection));
  }

  async function longPoll(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const found = await lookup(req, url, false);
    if (!found.connection) return respond(res, found.status);
    const connection = found.connection;
    if (connection.closed) {
      if (connection.transport !== 'LongPolling') return respond(res, 404);
      // Deliver what is left (the close message), then report the end with 204.
      if (connection.outbox.length > 0) {
        const body = connection.outbox.join('');
        connection.outbox = [];
        return respond(res, 200, body);
      }
      byToken.delete(connection.token);
      return respond(res, 204);
    }
    const first = connection.transport === null;
    const status = claimTransport(connection, 'LongPolling');
    if (status !== 200) return respond(res, status);
    connection.lastReceived = Date.now();
    // The first poll completes the connection set-up and returns at once without data.
    if (first) return respond(res, 200);
    // A new poll while one is held: the held one ends with 204 (TransportProtocols.md).
    if (connection.poll) {
      const previous = connection.poll;
      connection.poll = null;
      clearTimeout(previous.timer);
      respond(previous.res, 204);
    }
    const timer = setTimeout(() => {
      if (connection.poll?.res === res) {
        connection.poll = null;
        respond(res, 200);
      }
    }, longPollTimeoutMs);
    connection.poll = { res, timer };
    res.on('close', () => {
      if (connection.poll?.res === res) {
        clearTimeout(timer);
        connection.poll = null;
      }
    });
    flushPoll(connection);
  }

  async function post(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const found = await lookup(req, url, false);
    if (!found.connection) {
      req.resume();
      return respond(res, found.status);
    }
    const connection = found.connection;
    if (connection.closed) {
      req.resume();
      return respond(res, 404);
    }
    if (connection.transport === 'WebSockets') {
      req.resume();
      return respond(res, 400);
    }
    if (connection.postInFlight) {
      req.resume();
      return respond(res, 409);
    }
    connection.postInFlight = true;
    try {
      const body = await readBody(req);
      receive(connection, body);
      respond(res, 200);
    } catch (error) {
      // Too large → 413; anything else the client sent that could not be read or used → 400.
      respond(res, error instanceof BodyError && error.reason === 'too-large' ? 413 : 400);
    } finally {
      connection.postInFlight = false;
    }
  }

  async function remove(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const found = await lookup(req, url, false);
    if (!found.connection) return respond(res, found.status);
    const connection = found.connection;
    if (connection.transport !== 'LongPolling') return respond(res, 400);
    terminate(connection);
    flushPoll(connection);
    respond(res, 202);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    if (url.pathname === negotiatePath) return negotiate(req, res, url);
    if (url.pathname !== base) return respond(res, 404);
    switch (req.method) {
      case 'GET':
        if ((req.headers.accept ?? '').includes('text/event-stream')) return serverSentEvents(req, res, url);
        return longPoll(req, res, url);
      case 'POST':
        return post(req, res, url);
      case 'DELETE':
        return remove(req, res, url);
      default:
        return respond(res, 405);
    }
  }

  function matches(req: http.IncomingMessage): URL | null {
    const url = new URL(req.url ?? '/', 'http://hub.local');
    if (url.pathname === base || url.pathname.startsWith(`${base}/`)) return url;
    return null;
  }

  // ---- WebSockets -------------------------------------------------------------------------

  async function upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer, url: URL) {
    if (url.pathname !== base) return rejectUpgrade(socket, 404, 'Not Found');
    const user = await authenticate(req, url, true);
    if (!user) return rejectUpgrade(socket, 401, 'Unauthorized');
    const id = url.searchParams.get('id');
    let connection: Connection | undefined;
    if (id === null) {
      // No id: a new connection without negotiate (skipNegotiation).
      connection = createConnection(user.sub, 1);
    } else {
      connection = byToken.get(id);
      if (!connection) return rejectUpgrade(socket, 404, 'Not Found');
      if (connection.sub !== user.sub) return rejectUpgrade(socket, 403, 'Forbidden');
    }
    const status = claimTransport(connection, 'WebSockets');
    if (status === 409) return rejectUpgrade(socket, 409, 'Conflict');
    if (status !== 200) return rejectUpgrade(socket, status, 'Bad Request');
    const claimed = connection;
    wss.handleUpgrade(req, socket, head, (ws) => {
      claimed.socket = ws;
      // Shut down or dropped (swept) while the upgrade was in flight.
      if (closing || claimed.closed) {
        ws.close(closing ? 1001 : 1000);
        return;
      }
      ws.on('message', (data: RawData) => {
        const text = Array.isArray(data)
          ? Buffer.concat(data).toString('utf8')
          : Buffer.isBuffer(data)
            ? data.toString('utf8')
            : Buffer.from(data).toString('utf8');
        receive(claimed, text);
      });
      ws.on('close', () => terminate(claimed));
      ws.on('error', () => terminate(claimed));
    });
  }

  // ---- wiring -----------------------------------------------------------------------------

  // Take over the server's request listeners: hub paths are answered here, everything else is
  // passed on unchanged (call attachHub after the server's own handler is installed).
  const previous = server.listeners('request') as Array<
    (req: http.IncomingMessage, res: http.ServerResponse) => void
  >;
  server.removeAllListeners('request');
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = matches(req);
    if (!url) {
      for (const listener of previous) listener.call(server, req, res);
      return;
    }
    handle(req, res, url).catch(() => respond(res, 500));
  };
  server.on('request', onRequest);

  // Upgrades may be shared (Vite HMR): only handle those under our path.
  const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = matches(req);
    if (!url) return;
    upgrade(req, socket, head, url).catch(() => rejectUpgrade(socket, 500, 'Internal Server Error'));
  };
  server.on('upgrade', onUpgrade);

  const unsubscribe = opts.events.subscribe((sub, message) => {
    const subs = bySub.get(sub);
    if (!subs || subs.size === 0) return;
    const data = invocationFrame(USER_STATE_METHOD, [message]);
    for (const connection of subs) send(connection, data);
  });

  const keepAlive = setInterval(() => {
    const now = Date.now();
    for (const connection of byToken.values()) {
      if (connection.handshaken && !connection.closed && now - connection.lastSent >= keepAliveMs / 2) {
        send(connection, pingFrame);
      }
    }
  }, keepAliveMs);
  keepAlive.unref();

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const connection of [...byToken.values()]) {
        if (connection.closed) {
          if (now - connection.closedAt > clientTimeoutMs) {
            byToken.delete(connection.token);
            flushPoll(connection);
          }
          continue;
        }
        if (now - connection.lastReceived > clientTimeoutMs) {
          terminate(
            connection,
            closeFrame('Server timeout elapsed without receiving a message from the client.', true),
          );
          if (connection.transport !== 'LongPolling') byToken.delete(connection.token);
        }
      }
    },
    Math.max(10, Math.min(1000, Math.floor(clientTimeoutMs / 4))),
  );
  sweep.unref();

  return {
    connectionCount() {
      let count = 0;
      for (const connection of byToken.values()) {
        if (!connection.closed && connection.transport !== null) count += 1;
      }
      return count;
    },
    async close() {
      if (closing) return;
      closing = true;
      clearInterval(keepAlive);
      clearInterval(sweep);
      unsubscribe();
      server.off('upgrade', onUpgrade);
      server.off('request', onRequest);
      for (const listener of previous) server.on('request', listener);
      for (const connection of [...byToken.values()]) {
        terminate(connection, closeFrame('Server is shutting down.', true));
        if (connection.poll) {
          // Answer the held poll now; the connection is gone.
          flushPoll(connection);
        }
        byToken.delete(connection.token);
      }
      bySub.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
