import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import { createProxyServer } from 'httpxy';
import sirv from 'sirv';
import {
  cacheControlFor,
  HOSTING_FILE,
  type HostingPolicy,
  headersFor,
  isLoopbackHost,
  isPrivatePath,
  parseHostingPolicy,
} from './hosting-policy';

/**
 * The production server (docs/decisions/115-hosting-policy-artifact.md): serves dist/ by the build's
 * own hosting policy (dist/hosting.json: security headers, cache rules, `<route>/index.html` then
 * `200.html`), and proxies what must be on the app's own origin, `/api/*` and the real-time hub
 * `/sockets/appstate` (HTTP and WebSocket), to the backend. Maintained parts only: sirv (static
 * files), httpxy (proxy), compression (gzip/Brotli of the static answers; proxied answers pass
 * through untouched, so the hub's server-sent events are never buffered).
 *
 *   npm run serve                               // after `npm run build`; settings from the environment:
 *   BACKEND_URL=https://api.internal:5000       // required: the API and hub backend
 *   IDP_ORIGIN=https://login.example.com        // required: the identity provider (CSP)
 *   PUBLIC_ORIGIN=https://app.example.com       // the app's address as browsers see it (wss:, HSTS)
 *   TRUST_PROXY=1                               // behind a TLS proxy: read X-Forwarded-Proto/Host
 *   PORT=8080 HOST=0.0.0.0 DIST_DIR=dist
 */

export interface ProductionServerOptions {
  /** The built app (default ./dist); must hold hosting.json (a build of this repository). */
  distDir?: string;
  /** Where `/api/*` and `/sockets/appstate` go (origin, e.g. `http://127.0.0.1:5000`). */
  backendUrl: string;
  /** The identity provider's origin, named by the security policy. */
  idpOrigin: string;
  /** The app's public origin; without it, the request's host (https unless it is loopback). */
  publicOrigin?: string;
  /** Trust X-Forwarded-Proto / X-Forwarded-Host from a proxy in front (only behind one). */
  trustProxy?: boolean;
  host?: string;
  /** default 8080; 0 = a free port */
  port?: number;
  log?: (line: string) => void;
}

export interface ProductionServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

function first(value: string | string[] | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;
}

/** The app's origin as the browser sees it, for the policy's `{hub}` and HSTS. */
function originOf(req: IncomingMessage, options: ProductionServerOptions): { host: string; secure: boolean } {
  if (options.publicOrigin) {
    const url = new URL(options.publicOrigin);
    return { host: url.host, secure: url.protocol === 'https:' };
  }
  const host =
    (options.trustProxy ? first(req.headers['x-forwarded-host']) : undefined) ??
    req.headers.host ??
    'localhost';
  const proto = options.trustProxy ? first(req.headers['x-forwarded-proto']) : undefined;
  return { host, secure: proto ? proto === 'https' : !isLoopbackHost(host.replace(/:\d+$/, '')) };
}

function isBackendPath(policy: HostingPolicy, pathname: string): boolean {
  return policy.sameOrigin.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

export function readPolicy(distDir: string): HostingPolicy {
  const file = join(distDir, HOSTING_FILE);
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: build the app first (npm run build), then start the server.`);
  }
  return parseHostingPolicy(readFileSync(file, 'utf8'));
}

export async function startProductionServer(options: ProductionServerOptions): Promise<ProductionServer> {
  const distDir = resolve(options.distDir ?? 'dist');
  const policy = readPolicy(distDir);
  const idpOrigin = new URL(options.idpOrigin).origin;
  const backend = new URL(options.backendUrl);
  const log = options.log ?? (() => undefined);

  const proxy = createProxyServer({
    target: backend.origin,
    ws: true,
    xfwd: true,
    changeOrigin: true,
    proxyTimeout: 120_000,
  });
  proxy.on('error', (error, _req, res) => {
    log(`proxy: ${error.message}`);
    if (res && 'writeHead' in res && !res.headersSent) {
      res.writeHead(502, { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ status: 502, title: 'Bad Gateway', detail: 'The backend did not answer.' }));
    } else if (res && 'destroy' in res) res.destroy();
  });

  const notFound = (res: ServerResponse) => {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end('Not found');
  };
  const files = sirv(distDir, {
    dev: false,
    etag: true,
    extensions: ['html'],
    // A path without an extension that has no `<path>/index.html`: the SPA fallback.
    single: policy.fallback.at(-1) ?? '200.html',
    dotfiles: false,
    // The build's `.br` and `.gz` of each text file, as they are (decision 140); compression
    // below leaves an answer alone that has its encoding already.
    brotli: true,
    gzip: true,
    setHeaders(res, pathname) {
      const served = extname(pathname) === '' ? `${pathname}/index.html` : pathname;
      res.setHeader('Cache-Control', cacheControlFor(policy, pathname, served));
    },
    onNoMatch: (_req, res) => notFound(res),
  });
  const compress = compression();

  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://app').pathname;
    if (isBackendPath(policy, pathname)) {
      void proxy.web(req, res);
      return;
    }
    for (const [name, value] of Object.entries(headersFor(policy, { idpOrigin, ...originOf(req, options) })))
      res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed');
      return;
    }
    if (isPrivatePath(policy, pathname)) {
      notFound(res);
      return;
    }
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () =>
      files(req, res, () => notFound(res)),
    );
  });
  server.on('upgrade', (req, socket, head) => {
    const pathname = new URL(req.url ?? '/', 'http://app').pathname;
    // Node hands a net.Socket to 'upgrade' listeners of an http.Server (typed as Duplex).
    if (isBackendPath(policy, pathname))
      void proxy.ws(req, socket as Socket, { target: backend.origin }, head);
    else socket.destroy();
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
  log(`Serving ${distDir} on ${url}; /api and /sockets/appstate → ${backend.origin}`);
  return {
    url,
    server,
    close: () =>
      new Promise((resolveClose) => {
        proxy.close();
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  };
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
  let running: ProductionServer;
  try {
    running = await startProductionServer({
      distDir: process.env.DIST_DIR?.trim() || 'dist',
      backendUrl: required('BACKEND_URL'),
      idpOrigin: required('IDP_ORIGIN'),
      publicOrigin: process.env.PUBLIC_ORIGIN?.trim() || undefined,
      trustProxy: process.env.TRUST_PROXY === '1' || process.env.TRUST_PROXY === 'true',
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
    console.log(`${signal}: stopping`);
    const force = setTimeout(() => process.exit(1), 5000);
    force.unref();
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
