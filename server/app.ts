import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import {
  cacheControlFor,
  createHostingPolicy,
  fallbackFiles,
  HOSTING_FILE,
  type HostingPolicy,
  hashesFromCspJson,
  headersFor,
  hostingDirOf,
  isAssetPath,
  isPrivatePath,
  parseHostingPolicy,
} from '../deploy/hosting-policy';
import { sendJson } from './http-util';
import { compress, compressible, type Encoding, readPrecompressed } from './static-compression';

/**
 * The app origin: security headers and the built SPA, both by the build's hosting policy
 * (`dist-hosting/hosting.json`), and dispatch to /api.
 */

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export interface SecurityHeaderOptions {
  appUrl: string;
  idpUrl: string;
  /** The build's hosting policy (`dist-hosting/hosting.json`, see `readHostingPolicy`). */
  policy: HostingPolicy;
}

const policyCache = new Map<string, { version: string; policy: HostingPolicy }>();

function versionOf(file: string): string | null {
  try {
    const stat = statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return null;
  }
}

/**
 * The hosting policy of the build in `distDir`: the `hosting.json` beside it (`dist-hosting/`), written by the build
 * (scripts/vite-hosting.ts, docs/decisions/115-hosting-policy-artifact.md), the same file the
 * production server (deploy/server.ts) and the generated host configurations come from. Read again
 * whenever the build changes (a rebuild while the stack runs). Without one (no build, or a
 * hand-made dist/ in a test): the same source's policy, with the hashes of a `csp.json` if any
 * (beside the web root, or in a hand-made one).
 */
export function readHostingPolicy(distDir: string | null): HostingPolicy {
  if (!distDir) return createHostingPolicy();
  const file = join(hostingDirOf(distDir), HOSTING_FILE);
  const cspFile = [join(hostingDirOf(distDir), 'csp.json'), join(distDir, 'csp.json')].find(existsSync) ?? '';
  const version = `${versionOf(file)}|${versionOf(cspFile)}`;
  const cached = policyCache.get(distDir);
  if (cached?.version === version) return cached.policy;
  let policy: HostingPolicy;
  if (existsSync(file)) {
    // A build's policy that cannot be read is an error to see, not a reason to serve without one.
    policy = parseHostingPolicy(readFileSync(file, 'utf8'));
  } else {
    let hashes = {};
    try {
      hashes = hashesFromCspJson(JSON.parse(readFileSync(cspFile, 'utf8')));
    } catch {
      hashes = {};
    }
    policy = createHostingPolicy(hashes);
  }
  policyCache.set(distDir, { version, policy });
  return policy;
}

/** Content-Security-Policy and friends for every answer of the app origin, from the policy. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const app = new URL(options.appUrl);
  return headersFor(options.policy, {
    idpOrigin: new URL(options.idpUrl).origin,
    host: app.host,
    secure: app.protocol === 'https:',
  });
}

function resolveInside(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = normalize(join(root, decoded));
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  return full;
}

/** The encoding to answer with: Brotli when the browser takes it, else gzip, else none. */
function encodingFor(req: IncomingMessage, file: string): Encoding | null {
  if (!compressible.has(extname(file).toLowerCase())) return null;
  const accepted = String(req.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => q === undefined || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

/**
 * Compressed files, kept once per file version: the build's precompressed sibling when it is as
 * new as the file, else compressed here (decision 140).
 */
const compressedCache = new Map<string, { version: string; body: Buffer }>();

function compressed(file: string, mtimeMs: number, size: number, encoding: Encoding): Buffer {
  const key = `${encoding}:${file}`;
  const version = `${mtimeMs}:${size}`;
  const hit = compressedCache.get(key);
  if (hit?.version === version) return hit.body;
  const body = readPrecompressed(file, mtimeMs, encoding) ?? compress(readFileSync(file), encoding);
  compressedCache.set(key, { version, body });
  return body;
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string): void {
  const stats = statSync(file);
  const encoding = encodingFor(req, file);
  const headers = {
    'Content-Type': contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    'Last-Modified': stats.mtime.toUTCString(),
    ...(compressible.has(extname(file).toLowerCase()) ? { Vary: 'Accept-Encoding' } : {}),
  };
  if (encoding) {
    const body = compressed(file, stats.mtimeMs, stats.size, encoding);
    res.writeHead(200, { ...headers, 'Content-Encoding': encoding, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': stats.size });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves the built SPA from `distDir` by the build's hosting policy (`policy()`, read per request):
 * its cache rules (`/assets/*` immutable, `/meta.json` no-store, HTML no-cache, the rest an hour)
 * and its fallback (a path without a file extension gets `<path>/index.html`, the prerendered
 * screen, when the build has one, else `200.html`; `index.html` for a build without it).
 * Without a build only `/meta.json` is answered (`{ buildTime: <stack start> }`, no-store); a build
 * without meta.json gets `{ buildTime: <index.html mtime> }`.
 */
export function createStaticHandler(
  distDir: string | null,
  startedAt: Date,
  policy: () => HostingPolicy = () => readHostingPolicy(distDir),
) {
  const root = distDir ? normalize(distDir) : null;
  const hasBuild = root !== null && existsSync(join(root, 'index.html'));

  return function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendJson(res, 405, { message: 'Method Not Allowed' }, { Allow: 'GET, HEAD' });
      return;
    }
    if (url.pathname === '/meta.json' && (!root || !hasBuild || !isFile(join(root, 'meta.json')))) {
      // No build (API-only, or `npm run dev` where Vite serves the app): the stack's start time; a
      // build without meta.json: the time index.html was written.
      const built = root && hasBuild ? statSync(join(root, 'index.html')).mtime : startedAt;
      sendJson(res, 200, { buildTime: built.toISOString() }, { 'Cache-Control': policy().cache.meta });
      return;
    }
    if (!root || !hasBuild) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('The app is not built (run `npm run build`); only /api is served.');
      return;
    }
    const rules = policy();
    // Under any spelling (percent-encoded, dot segments, upper case, ...): the host files are not in
    // the web root, and a name of theirs is refused even if one is found there.
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    if (isPrivatePath(rules, url.pathname) || isPrivatePath(rules, rawPath)) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Not found');
      return;
    }
    const file = resolveInside(root, url.pathname);
    if (file && url.pathname !== '/' && isFile(file)) {
      sendFile(req, res, file, cacheControlFor(rules, url.pathname, file));
      return;
    }
    // A missing asset is a 404 with no-store, never the SPA (which would be cached as an asset).
    if (
      url.pathname === '/meta.json' ||
      isAssetPath(url.pathname) ||
      isAssetPath(rawPath) ||
      extname(url.pathname) !== ''
    ) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Not found');
      return;
    }
    // As a static host: the route's own file (a prerendered first screen), else the SPA fallback.
    const candidates = file ? fallbackFiles(rules, url.pathname) : fallbackFiles(rules, '/').slice(-1);
    for (const candidate of [...candidates, 'index.html']) {
      const path = resolveInside(root, `/${candidate}`);
      if (path && isFile(path)) {
        sendFile(req, res, path, cacheControlFor(rules, url.pathname, path));
        return;
      }
    }
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end('Not found');
  };
}
