import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { sendJson } from './http-util';

/** The app origin: security headers, the built SPA (history fallback), and dispatch to /api. */

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
  /** CSP hashes of the build's inline scripts (`dist/csp.json`, written by the prerender). */
  scriptHashes?: readonly string[];
}

const hashCache = new Map<string, { mtimeMs: number; hashes: string[] }>();

/**
 * The inline-script hashes a build declares (`dist/csp.json`); none without a build. Read again
 * whenever the build changes (a rebuild while the stack runs).
 */
export function readScriptHashes(distDir: string | null): string[] {
  if (!distDir) return [];
  const file = join(distDir, 'csp.json');
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = hashCache.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.hashes;
  let hashes: string[] = [];
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { scriptHashes?: unknown };
    hashes = Array.isArray(parsed.scriptHashes)
      ? parsed.scriptHashes.filter((h): h is string => typeof h === 'string' && /^sha256-[\w+/=]+$/.test(h))
      : [];
  } catch {
    hashes = [];
  }
  hashCache.set(file, { mtimeMs, hashes });
  return hashes;
}

/** Content-Security-Policy and friends for every answer of the app origin. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const app = new URL(options.appUrl);
  const ws = `ws://${app.host}`;
  const csp = [
    "default-src 'self'",
    ["script-src 'self'", ...(options.scriptHashes ?? []).map((hash) => `'${hash}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${ws} ${options.idpUrl}`,
    `frame-src ${options.idpUrl}`,
    "worker-src 'self' blob:",
    "frame-ancestors 'self'",
    `form-action 'self' ${options.idpUrl}`,
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
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

/** Text types worth compressing (images and fonts are compressed already). */
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map']);

type Encoding = 'br' | 'gzip';

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

/** Compressed files, made once per file version (as a CDN or a build step would). */
const compressedCache = new Map<string, { version: string; body: Buffer }>();

function compressed(file: string, version: string, encoding: Encoding): Buffer {
  const key = `${encoding}:${file}`;
  const hit = compressedCache.get(key);
  if (hit?.version === version) return hit.body;
  const raw = readFileSync(file);
  const body =
    encoding === 'br'
      ? brotliCompressSync(raw, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        })
      : gzipSync(raw, { level: 9 });
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
    const body = compressed(file, `${stats.mtimeMs}:${stats.size}`, encoding);
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
 * Serves the built SPA from `distDir`: `/assets/*` immutable for a year, `/meta.json` no-store,
 * HTML no-cache. A path without a file extension gets its prerendered page (`<path>/index.html`)
 * when the build has one, else the SPA fallback `200.html` (history fallback; `index.html` for a
 * build without it).
 * Without a build only `/meta.json` is answered (`{ buildTime: <stack start> }`, no-store); a build
 * without meta.json gets `{ buildTime: <index.html mtime> }`.
 */
export function createStaticHandler(distDir: string | null, startedAt: Date) {
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
      sendJson(res, 200, { buildTime: built.toISOString() });
      return;
    }
    if (!root || !hasBuild) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('The app is not built (run `npm run build`); only /api is served.');
      return;
    }
    const file = resolveInside(root, url.pathname);
    if (file && url.pathname !== '/' && isFile(file)) {
      const cache =
        url.pathname === '/meta.json'
          ? 'no-store'
          : url.pathname.startsWith('/assets/')
            ? 'public, max-age=31536000, immutable'
            : url.pathname.endsWith('.html')
              ? 'no-cache'
              : 'public, max-age=3600';
      sendFile(req, res, file, cache);
      return;
    }
    if (
      url.pathname === '/meta.json' ||
      url.pathname.startsWith('/assets/') ||
      extname(url.pathname) !== ''
    ) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Not found');
      return;
    }
    // As a static host: the route's own file (a prerendered first screen), else the SPA fallback.
    const routeFile = file ? join(file, 'index.html') : null;
    if (routeFile && isFile(routeFile)) {
      sendFile(req, res, routeFile, 'no-cache');
      return;
    }
    const fallback = join(root, '200.html');
    sendFile(req, res, isFile(fallback) ? fallback : join(root, 'index.html'), 'no-cache');
  };
}
