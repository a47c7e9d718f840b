import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import { createProxyServer } from 'httpxy';
import sirv from 'sirv';
import {
  cacheControlFor,
  forwardedHeaders,
  HOSTING_FILE,
  type HostingPolicy,
  headersFor,
  healthPaths,
  hostingDirOf,
  isAssetPath,
  isPrivatePath,
  matchPublicOrigin,
  type PublicOrigin,
  parseHostingPolicy,
  parsePublicOrigins,
} from './hosting-policy';

/**
 * The production server (docs/decisions/115-hosting-policy-artifact.md): serves dist/ by the build's
 * own hosting policy (`dist-hosting/hosting.json`: security headers, cache rules,
 * `<route>/index.html` then `200.html`), and proxies what must be on the app's own origin, `/api/*`
 * and the real-time hub `/sockets/appstate` (HTTP and WebSocket), to the backend. Maintained parts
 * only: sirv (static files), httpxy (proxy), compression (gzip/Brotli of the static answers;
 * proxied answers pass through untouched, so the hub's server-sent events are never buffered).
 *
 * The build compiles this file to `build/runtime/server.mjs` (scripts/vite-hosting-runtime.ts),
 * which runs with plain `node` beside its own copy of dist/; `npm run serve` runs that file.
 *
 *   BACKEND_URL=https://api.internal:5000       // required: the API and hub backend
 *   IDP_ORIGIN=https://login.example.com        // required: the identity provider (CSP)
 *   PUBLIC_ORIGIN=https://app.example.com       // required: the app's origin(s) as browsers see it
 *   TRUST_PROXY=1                               // behind a proxy: keep its X-Forwarded-For/-Host
 *   BODY_LIMIT=65536                            // bytes of a request body to the backend (413 above)
 *   DRAIN_DELAY_MS=0 DRAIN_TIMEOUT_MS=8000      // SIGTERM: unready for the delay, then drain
 *   PORT=8080 HOST=0.0.0.0 DIST_DIR=dist
 */

/** The backend's own limit (server/http-util.ts `MAX_BODY_BYTES`): the default of ours. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
export const DEFAULT_DRAIN_TIMEOUT_MS = 8000;

export interface ProductionServerOptions {
  /** The built app (default ./dist); its policy is in `<distDir>-hosting/hosting.json`. */
  distDir?: string;
  /** Where `/api/*` and `/sockets/appstate` go (origin, e.g. `http://127.0.0.1:5000`). */
  backendUrl: string;
  /** The identity provider's origin, named by the security policy. */
  idpOrigin: string;
  /**
   * The app's public origin(s) (`PUBLIC_ORIGIN`: `https://app.example.com`, comma-separated for
   * more than one). A request for any other host is refused (421); nothing of a request's host
   * reaches a header.
   */
  publicOrigin: string;
  /** A proxy in front: its X-Forwarded-For is kept (the peer appended), its X-Forwarded-Host read. */
  trustProxy?: boolean;
  /** Largest request body passed to the backend, in bytes (default: the backend's own, 64 KiB). */
  bodyLimit?: number;
  /** On drain: how long to keep serving while unready (a load balancer notices), default 0. */
  drainDelayMs?: number;
  /** On drain: how long to wait for requests in flight before cutting them, default 8 s. */
  drainTimeoutMs?: number;
  host?: string;
  /** default 8080; 0 = a free port */
  port?: number;
  log?: (line: string) => void;
}

export interface ProductionServer {
  url: string;
  server: Server;
  /** Whether the readiness endpoint says ready. */
  ready(): boolean;
  /**
   * Graceful stop (SIGTERM): unready at once, keeps serving for the drain delay, then stops
   * accepting, closes proxied WebSockets with 1001 (Going Away), waits for requests in flight up
   * to the drain timeout, cuts what is left.
   */
  drain(): Promise<void>;
  /** Stops at once (tests). */
  close(): Promise<void>;
}

function values(value: string | string[] | undefined): string[] {
  return (Array.isArray(value) ? value : value === undefined ? [] : [value])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

function isBackendPath(policy: HostingPolicy, pathname: string): boolean {
  return policy.sameOrigin.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

export function readPolicy(distDir: string): HostingPolicy {
  const file = join(hostingDirOf(distDir), HOSTING_FILE);
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: build the app first (npm run build), then start the server.`);
  }
  return parseHostingPolicy(readFileSync(file, 'utf8'));
}

/** A WebSocket close frame with 1001 (Going Away): unmasked to the browser, masked to the backend. */
function goingAwayFrame(masked: boolean): Buffer {
  const payload = Buffer.from([0x03, 0xe9]);
  if (!masked) return Buffer.concat([Buffer.from([0x88, 0x02]), payload]);
  const mask = randomBytes(4);
  return Buffer.concat([
    Buffer.from([0x88, 0x82]),
    mask,
    Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0))),
  ]);
}

/** Counts a request body on its way to the backend; past the limit it forwards nothing more. */
class BodyLimit extends Transform {
  private size = 0;
  exceeded = false;
  constructor(
    private readonly limit: number,
    private readonly onExceeded: () => void,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (!this.exceeded) this.size += chunk.length;
    if (!this.exceeded && this.size > this.limit) {
      this.exceeded = true;
      this.onExceeded();
    }
    if (this.exceeded) done();
    else done(null, chunk);
  }
}

export async function startProductionServer(options: ProductionServerOptions): Promise<ProductionServer> {
  const distDir = resolve(options.distDir ?? 'dist');
  const policy = readPolicy(distDir);
  const idpOrigin = new URL(options.idpOrigin).origin;
  const backend = new URL(options.backendUrl);
  const origins = parsePublicOrigins(options.publicOrigin);
  const primary = origins[0] as PublicOrigin;
  const trustProxy = options.trustProxy ?? false;
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const log = options.log ?? (() => undefined);
  let ready = true;
  let draining = false;

  const proxy = createProxyServer({
    target: backend.origin,
    ws: true,
    // The forwarded headers are set here (`forwardedHeaders`), never copied from the client.
    xfwd: false,
    // The backend's own host in Host (a TLS backend's name); the public one in X-Forwarded-Host.
    changeOrigin: true,
    proxyTimeout: 120_000,
  });
  /** Requests the backend has answered (its status line arrived): no 502 after that. */
  const answered = new WeakSet<IncomingMessage>();
  /** Requests refused here (413) after their proxying began: their proxy error is expected. */
  const refused = new WeakSet<IncomingMessage>();
  const outgoing = new WeakMap<IncomingMessage, { destroy(): void }>();
  proxy.on('proxyReq', (proxyReq, req) => outgoing.set(req, proxyReq));
  proxy.on('proxyRes', (_proxyRes, req) => answered.add(req));
  proxy.on('error', (error, req, res) => {
    if (req && refused.has(req)) return;
    log(`proxy: ${error.message}`);
    if (req && answered.has(req)) return; // The backend's answer is on its way; httpxy ends it.
    if (res && 'writeHead' in res && !res.headersSent) {
      res.writeHead(502, { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ status: 502, title: 'Bad Gateway', detail: 'The backend did not answer.' }));
    } else if (res && 'destroy' in res) res.destroy();
  });

  /** Proxied WebSockets: the browser's socket and the backend's, to close both with 1001. */
  const sockets = new Set<{ client: Socket; backend: Socket }>();
  proxy.on('proxyReqWs', (proxyReq, _req, client) => {
    proxyReq.on('upgrade', (_res, backendSocket: Socket) => {
      const pair = { client: client as Socket, backend: backendSocket };
      sockets.add(pair);
      const forget = () => sockets.delete(pair);
      pair.client.once('close', forget);
      pair.backend.once('close', forget);
    });
  });

  const notFound = (res: ServerResponse) => {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end('Not found');
  };
  const sirvOptions = {
    dev: false,
    etag: true,
    extensions: ['html'],
    dotfiles: false,
    // The build's `.br` and `.gz` of each text file, as they are (decision 140); compression
    // below leaves an answer alone that has its encoding already.
    brotli: true,
    gzip: true,
    setHeaders(res: ServerResponse, pathname: string) {
      const served = /\.[^/]*$/.test(pathname) ? pathname : `${pathname}/index.html`;
      res.setHeader('Cache-Control', cacheControlFor(policy, pathname, served));
    },
    onNoMatch: (_req: IncomingMessage, res: ServerResponse) => notFound(res),
  };
  // A path without an extension that has no `<path>/index.html`: the SPA fallback.
  const pages = sirv(distDir, { ...sirvOptions, single: policy.fallback.at(-1) ?? '200.html' });
  // Under /assets/ a missing file is a 404, never the SPA (a CDN would keep HTML for a year).
  const assets = sirv(distDir, { ...sirvOptions, extensions: [] });
  const compress = compression();

  const plain = (res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    });
    res.end(text);
  };

  /** The configured origin a request is for, by its Host (or a trusted proxy's X-Forwarded-Host). */
  const originFor = (req: IncomingMessage): PublicOrigin | null => {
    const forwarded = trustProxy ? values(req.headers['x-forwarded-host']).at(-1) : undefined;
    return matchPublicOrigin(origins, forwarded ?? req.headers.host);
  };

  const peerOf = (req: IncomingMessage) => (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');

  /** The request as the backend gets it: forwarded headers from the configuration and the peer. */
  const forward = (req: IncomingMessage, origin: PublicOrigin) => {
    const incomingFor = values(req.headers['x-forwarded-for']).join(', ');
    for (const name of Object.keys(req.headers))
      if (name.startsWith('x-forwarded-') || name === 'forwarded' || (!trustProxy && name === 'x-real-ip'))
        delete req.headers[name];
    Object.assign(req.headers, forwardedHeaders(origin, peerOf(req), incomingFor, trustProxy));
  };

  const server = createServer((req, res) => {
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    let pathname: string;
    try {
      // Appended, not resolved: `//x` is a path here, never a host.
      pathname = new URL(`http://app${rawPath.startsWith('/') ? '' : '/'}${rawPath}`).pathname;
    } catch {
      plain(res, 400, 'Bad Request');
      return;
    }
    if (draining) res.setHeader('Connection', 'close');
    // Liveness and readiness, for the platform's probes (whatever Host they send).
    if (pathname === healthPaths.live) {
      plain(res, 200, 'live');
      return;
    }
    if (pathname === healthPaths.ready) {
      plain(res, ready ? 200 : 503, ready ? 'ready' : 'draining');
      return;
    }
    const origin = originFor(req);
    if (!origin) {
      // Another host than the configured ones: refused, answered with the configured policy only.
      for (const [name, value] of Object.entries(headersFor(policy, { idpOrigin, ...primary })))
        res.setHeader(name, value);
      plain(res, 421, 'Misdirected Request: this server answers for its public origin only.');
      return;
    }
    if (isBackendPath(policy, pathname)) {
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > bodyLimit) {
        plain(res, 413, `Request body is larger than the ${bodyLimit} bytes allowed.`, {
          Connection: 'close',
        });
        req.resume();
        return;
      }
      forward(req, origin);
      const limit = new BodyLimit(bodyLimit, () => {
        if (answered.has(req)) return; // The backend has answered: its answer stands.
        refused.add(req);
        outgoing.get(req)?.destroy();
        if (!res.headersSent)
          plain(res, 413, `Request body is larger than the ${bodyLimit} bytes allowed.`, {
            Connection: 'close',
          });
      });
      req.pipe(limit);
      void proxy.web(req, res, { buffer: limit });
      return;
    }
    for (const [name, value] of Object.entries(headersFor(policy, { idpOrigin, ...origin })))
      res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      plain(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
      return;
    }
    // Under any spelling: the host files are not in dist/, and their names are refused anyway.
    if (isPrivatePath(policy, rawPath) || isPrivatePath(policy, pathname)) {
      notFound(res);
      return;
    }
    const files = isAssetPath(rawPath) || isAssetPath(pathname) ? assets : pages;
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () =>
      files(req, res, () => notFound(res)),
    );
  });
  server.on('upgrade', (req, socket, head) => {
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    let pathname = '';
    try {
      pathname = new URL(`http://app${rawPath.startsWith('/') ? '' : '/'}${rawPath}`).pathname;
    } catch {
      socket.destroy();
      return;
    }
    const origin = originFor(req);
    if (draining || !origin || !isBackendPath(policy, pathname)) {
      const status = draining
        ? '503 Service Unavailable'
        : origin
          ? '404 Not Found'
          : '421 Misdirected Request';
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    forward(req, origin);
    // Node hands a net.Socket to 'upgrade' listeners of an http.Server (typed as Duplex).
    void proxy.ws(req, socket as Socket, { target: backend.origin }, head);
  });

  const host = options.host ?? 'localhost';
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  log(
    `Serving ${distDir} at ${origins.map((o) => o.origin).join(', ')} (listening on ${url}); /api and /sockets/appstate → ${backend.origin}`,
  );

  let drained: Promise<void> | null = null;
  const drain = (): Promise<void> => {
    drained ??= (async () => {
      ready = false;
      const delay = options.drainDelayMs ?? 0;
      log(`draining: unready${delay ? `, still serving for ${delay} ms` : ''}`);
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      draining = true;
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeIdleConnections();
      for (const pair of sockets) {
        pair.backend.unpipe(pair.client);
        pair.client.unpipe(pair.backend);
        pair.client.end(goingAwayFrame(false));
        pair.backend.end(goingAwayFrame(true));
        // Read (and drop) the peers' closing frames, so their end arrives and the sockets close.
        pair.client.resume();
        pair.backend.resume();
      }
      // Connections that finish their answer go idle: closed as they do.
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      const timeout = options.drainTimeoutMs ?? DEFAULT_DRAIN_TIMEOUT_MS;
      let timer: NodeJS.Timeout | undefined;
      const cut = await Promise.race([
        closed.then(() => false),
        new Promise<boolean>((r) => {
          timer = setTimeout(() => r(true), timeout);
        }),
      ]);
      clearTimeout(timer);
      clearInterval(idle);
      if (cut) {
        log(`drain: requests still in flight after ${timeout} ms, cut`);
        server.closeAllConnections();
        for (const pair of sockets) {
          pair.client.destroy();
          pair.backend.destroy();
        }
      }
      proxy.close();
      log('drained');
    })();
    return drained;
  };

  return {
    url,
    server,
    ready: () => ready,
    drain,
    close: () =>
      new Promise((resolveClose) => {
        ready = false;
        proxy.close();
        server.close(() => resolveClose());
        server.closeAllConnections();
        for (const pair of sockets) {
          pair.client.destroy();
          pair.backend.destroy();
        }
      }),
  };
}

/** A non-negative whole number from the environment, or the default; exits on anything else. */
function numberSetting(name: string, fallback: number): number {
  const text = process.env[name]?.trim();
  if (!text) return fallback;
  if (!/^\d+$/.test(text)) {
    console.error(`${name}=${text} is not a whole number.`);
    process.exit(1);
  }
  return Number(text);
}

/** Command line: the settings from the environment (see the top of this file and README "Deploying"). */
async function main(): Promise<void> {
  const required = (name: string): string => {
    const value = process.env[name]?.trim();
    if (!value) {
      console.error(`${name} is required (see README, "Deploying").`);
      process.exit(1);
    }
    return value;
  };
  const portText = process.env.PORT?.trim() || '8080';
  if (!/^\d+$/.test(portText)) {
    console.error(`PORT=${portText} is not a port number.`);
    process.exit(1);
  }
  const drainTimeoutMs = numberSetting('DRAIN_TIMEOUT_MS', DEFAULT_DRAIN_TIMEOUT_MS);
  const drainDelayMs = numberSetting('DRAIN_DELAY_MS', 0);
  let running: ProductionServer;
  try {
    running = await startProductionServer({
      distDir: process.env.DIST_DIR?.trim() || 'dist',
      backendUrl: required('BACKEND_URL'),
      idpOrigin: required('IDP_ORIGIN'),
      publicOrigin: required('PUBLIC_ORIGIN'),
      trustProxy: process.env.TRUST_PROXY === '1' || process.env.TRUST_PROXY === 'true',
      bodyLimit: numberSetting('BODY_LIMIT', DEFAULT_BODY_LIMIT),
      drainDelayMs,
      drainTimeoutMs,
      host: process.env.HOST?.trim() || '0.0.0.0',
      port: Number(portText),
      log: (line) => console.log(line),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `Port ${portText} is already in use: choose another with PORT.`
        : error instanceof Error
          ? error.message
          : error,
    );
    process.exit(1);
  }
  const stop = (signal: string) => {
    console.log(`${signal}: draining`);
    // The drain is bounded; this only guards against a drain that never settles.
    const force = setTimeout(() => process.exit(1), drainDelayMs + drainTimeoutMs + 2000);
    force.unref();
    void running.drain().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
