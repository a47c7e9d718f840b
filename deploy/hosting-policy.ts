/**
 * The app's hosting rules and security policy, in one place (docs/decisions/115-hosting-policy-artifact.md).
 *
 * The build writes the policy into `dist-hosting/hosting.json` (scripts/vite-hosting.ts), with the
 * build's own inline-content hashes merged in, plus the same rules for nginx
 * (`dist-hosting/nginx.conf`). The host files live beside the web root (`dist/`), never inside it:
 * no spelling of a path can reach them. The local stack (server/app.ts) and the production server
 * (deploy/server.ts) read the policy and answer with `headersFor` and `cacheControlFor`, so
 * development and production cannot drift.
 *
 * Pure: no file system, no network. Sources in the CSP may hold two tokens, filled where the
 * policy is applied: `{idp}` (the identity provider's origin) and `{hub}` (the real-time hub's
 * WebSocket origin, the app's own host: `wss://host`, or `ws://host` on a plain-http origin).
 */

export const HOSTING_FILE = 'hosting.json';

/**
 * The folder of the build's host files (the policy, `csp.json`, `build-inputs.json`, the nginx
 * include, the chunk graph): beside the web root, `<web root>-hosting` (`dist` → `dist-hosting`).
 */
export function hostingDirOf(distDir: string): string {
  return `${distDir.replace(/[\\/]+$/, '')}-hosting`;
}

/** Liveness and readiness of the production server: answered whatever the Host, never proxied. */
export const healthPaths = { live: '/healthz', ready: '/readyz' } as const;

/** What the app needs on its own origin (spec §7): the API and the real-time hub, never elsewhere. */
export const sameOriginPaths = ['/api', '/sockets/appstate'] as const;

export interface CacheRules {
  /** `/assets/*`: content-hashed file names, never change. */
  assets: string;
  /** Every HTML answer, the prerendered pages and the `200.html` fallback. */
  html: string;
  /** `/meta.json`, read by the new-build check (decision 002): never stored. */
  meta: string;
  /** Anything else in dist/ (robots.txt, icons). */
  other: string;
}

export interface HostingPolicy {
  version: 1;
  /** CSP directives in order; sources may hold `{idp}` and `{hub}`. */
  csp: [directive: string, sources: string[]][];
  /** Sent with every answer of the app origin. */
  headers: Record<string, string>;
  /** Strict-Transport-Security, sent on secure origins only (never on localhost). */
  hsts: string;
  cache: CacheRules;
  /**
   * How a path without a file extension is answered: `{path}/index.html` (a prerendered first
   * screen) when it exists, else `200.html` (the SPA fallback). A missing file with an extension
   * (`/assets/x.js`) is a 404.
   */
  fallback: string[];
  /** Paths to send to the app's backend, on the app's own origin (HTTP and WebSocket). */
  sameOrigin: string[];
  /** Build files for the hosts, not for browsers: answered 404 (a prefix ends with `/`). */
  private: string[];
}

/** Inline-content hashes of a build, by CSP directive (`script-src`, `style-src`, ...). */
export type BuildHashes = Record<string, string[]>;

const HASH = /^sha(256|384|512)-[A-Za-z0-9+/=_-]+$/;

/**
 * The hash lists of the prerender's `csp.json`, whatever they are: a key `scriptHashes` names
 * `script-src`, `styleHashes` `style-src`, `styleElemHashes` `style-elem-src`; a key that is
 * already a directive (`script-src`) names itself. Anything that is not a hash is dropped.
 */
export function hashesFromCspJson(json: unknown): BuildHashes {
  const out: BuildHashes = {};
  if (!json || typeof json !== 'object' || Array.isArray(json)) return out;
  for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
    if (!Array.isArray(value)) continue;
    const directive = /-src(-elem|-attr)?$/.test(key)
      ? key
      : /^([a-z][A-Za-z]*)Hashes$/.test(key)
        ? `${key
            .replace(/Hashes$/, '')
            .replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
            .replace(/^(\w+)-(elem|attr)$/, '$1-src-$2')
            .replace(/^(\w+)$/, '$1-src')}`
        : null;
    if (!directive) continue;
    const hashes = value.filter((h): h is string => typeof h === 'string' && HASH.test(h));
    if (hashes.length > 0) out[directive] = [...(out[directive] ?? []), ...hashes];
  }
  return out;
}

/** The policy of a build. Without hashes: the policy of no build (the local stack API-only). */
export function createHostingPolicy(hashes: BuildHashes = {}): HostingPolicy {
  const csp: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", '{hub}', '{idp}']],
    ['frame-src', ['{idp}']],
    ['worker-src', ["'self'", 'blob:']],
    ['frame-ancestors', ["'self'"]],
    ['form-action', ["'self'", '{idp}']],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
  ];
  for (const [directive, list] of Object.entries(hashes)) {
    const quoted = list.map((hash) => `'${hash}'`);
    const entry = csp.find(([name]) => name === directive);
    if (entry) {
      // A hash makes browsers ignore 'unsafe-inline' in the same directive (CSP 2): keep it out.
      entry[1] = [...entry[1].filter((source) => source !== "'unsafe-inline'"), ...quoted];
    } else csp.push([directive, ["'self'", ...quoted]]);
  }
  return {
    version: 1,
    csp,
    headers: {
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'SAMEORIGIN',
      'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    },
    hsts: 'max-age=63072000; includeSubDomains',
    cache: {
      assets: 'public, max-age=31536000, immutable',
      html: 'no-cache',
      meta: 'no-store',
      other: 'public, max-age=3600',
    },
    fallback: ['{path}/index.html', '200.html'],
    sameOrigin: [...sameOriginPaths],
    private: [
      '/hosting.json',
      '/build-inputs.json',
      '/csp.json',
      '/_headers',
      '/_redirects',
      '/hosting/',
      '/nginx.conf',
      '/bundle-chunks.json',
    ],
  };
}

/**
 * A request path as a file server could end up reading it, for the checks below: percent-decoded
 * until nothing changes (double encoding), backslashes as slashes, dot segments resolved, repeated
 * and trailing slashes dropped, lower-cased (a case-insensitive file system). Null when it cannot
 * name a file: a broken escape, a NUL or another control character.
 */
export function normalisedPath(pathname: string): string | null {
  let path = pathname.split('?')[0] ?? '';
  for (let round = 0; round < 5; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (decoded === path) break;
    path = decoded;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a NUL or a control character is refused
  if (/[\u0000-\u001f\u007f]/.test(path) || /%[0-9a-f]{2}/i.test(path)) return null;
  const segments: string[] = [];
  for (const segment of path.replaceAll('\\', '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

/**
 * Whether a path asks for one of the build's host files, under any spelling (`normalisedPath`).
 * They are not in the web root; this is the second lock, for a web root that holds them anyway
 * (an older build, a careless copy). A path that cannot be normalised counts as private.
 */
export function isPrivatePath(policy: HostingPolicy, pathname: string): boolean {
  const path = normalisedPath(pathname);
  if (path === null) return true;
  return policy.private.some((p) => {
    const name = p.toLowerCase();
    return name.endsWith('/') ? path === name.slice(0, -1) || path.startsWith(name) : path === name;
  });
}

/** Whether a path is under `/assets/`, under any spelling: a missing asset is a 404, never the SPA. */
export function isAssetPath(pathname: string): boolean {
  const path = normalisedPath(pathname);
  return path === null || path === '/assets' || path.startsWith('/assets/');
}

/** Reads a `hosting.json`; throws when it is not a policy of this version. */
export function parseHostingPolicy(text: string): HostingPolicy {
  const value = JSON.parse(text) as Partial<HostingPolicy>;
  if (
    value.version !== 1 ||
    !Array.isArray(value.csp) ||
    !value.headers ||
    typeof value.hsts !== 'string' ||
    !value.cache ||
    !Array.isArray(value.fallback) ||
    !Array.isArray(value.sameOrigin) ||
    !Array.isArray(value.private)
  ) {
    throw new Error('hosting.json is not a hosting policy of version 1');
  }
  return value as HostingPolicy;
}

const loopback = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** A host name (without port) of the machine itself: no HSTS there. */
export function isLoopbackHost(hostname: string): boolean {
  return loopback.test(hostname) || hostname.toLowerCase().endsWith('.localhost');
}

export interface OriginContext {
  /** The identity provider's origin (`https://login.example.com`). */
  idpOrigin: string;
  /** The app's host as the browser sees it (`app.example.com`, `localhost:4000`). */
  host: string;
  /** Served over https (directly or behind a TLS-terminating proxy). */
  secure: boolean;
}

/** The CSP text with its tokens filled: `{idp}`, `{hub}` as given. */
export function cspText(policy: HostingPolicy, fill: { idp: string; hub: string }): string {
  return policy.csp
    .map(([directive, sources]) =>
      [directive, ...sources.map((s) => s.replaceAll('{idp}', fill.idp).replaceAll('{hub}', fill.hub))].join(
        ' ',
      ),
    )
    .join('; ');
}

/** The hub's WebSocket origin: the app's own host, `wss:` on a secure origin. */
export function hubOrigin(context: Pick<OriginContext, 'host' | 'secure'>): string {
  return `${context.secure ? 'wss' : 'ws'}://${context.host}`;
}

/** Every header the app origin sends with an answer (CSP, the others, HSTS where it applies). */
export function headersFor(policy: HostingPolicy, context: OriginContext): Record<string, string> {
  const hostname = context.host.replace(/:\d+$/, '');
  return {
    'Content-Security-Policy': cspText(policy, { idp: context.idpOrigin, hub: hubOrigin(context) }),
    ...policy.headers,
    ...(context.secure && !isLoopbackHost(hostname) ? { 'Strict-Transport-Security': policy.hsts } : {}),
  };
}

/**
 * Cache-Control for an answer: `pathname` as asked, `servedFile` the dist/-relative file answered
 * (`onboarding/index.html`, `200.html` for the fallback).
 */
export function cacheControlFor(policy: HostingPolicy, pathname: string, servedFile: string): string {
  if (pathname === '/meta.json') return policy.cache.meta;
  // Only a file of the build under /assets/ is immutable; a fallback never is (it is a 404 there).
  if (pathname.startsWith('/assets/') && !servedFile.endsWith('.html')) return policy.cache.assets;
  if (servedFile.endsWith('.html')) return policy.cache.html;
  return policy.cache.other;
}

/** The dist/-relative files that may answer an extension-less path, in order. */
export function fallbackFiles(policy: HostingPolicy, pathname: string): string[] {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  return policy.fallback
    .map((pattern) => pattern.replace('{path}', path).replace(/^\/+/, ''))
    .filter((file, index, all) => all.indexOf(file) === index);
}

// ---------------------------------------------------------------------------------------------
// The Host policy, one for the production server and nginx: a request is answered only for a
// configured public origin (421 otherwise: a forged host never reaches a header). The backend gets
// its own host in `Host` (a TLS backend's name) and the public origin in `X-Forwarded-Host`,
// `-Proto` and `-Port`, taken from the configuration, never from the client; `X-Forwarded-For` is
// the peer, appended to the values of a trusted proxy in front, else replacing the client's.

/** A configured public origin of the app (`PUBLIC_ORIGIN`). */
export interface PublicOrigin {
  origin: string;
  /** Host with its port unless it is the scheme's default, lower-cased (`app.example.com`). */
  host: string;
  port: string;
  secure: boolean;
}

/** The origins of a `PUBLIC_ORIGIN` value (comma- or space-separated); throws on anything else. */
export function parsePublicOrigins(text: string): PublicOrigin[] {
  const list = text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (list.length === 0) throw new Error('PUBLIC_ORIGIN names no origin');
  return list.map((value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`PUBLIC_ORIGIN: "${value}" is not an absolute URL`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new Error(`PUBLIC_ORIGIN: "${value}" is not http(s)`);
    if (url.pathname !== '/' || url.search || url.hash || url.username)
      throw new Error(`PUBLIC_ORIGIN: "${value}" must be an origin (scheme, host, port; no path)`);
    const secure = url.protocol === 'https:';
    return { origin: url.origin, host: url.host, port: url.port || (secure ? '443' : '80'), secure };
  });
}

/** The configured origin a request's host names (`Host` or a trusted `X-Forwarded-Host`), if any. */
export function matchPublicOrigin(
  origins: PublicOrigin[],
  hostHeader: string | undefined,
): PublicOrigin | null {
  if (!hostHeader) return null;
  const host = hostHeader.trim().toLowerCase();
  return (
    origins.find(
      (o) =>
        o.host === host ||
        `${o.host}:${o.port}` === host ||
        (host.endsWith('.') && o.host === host.slice(0, -1)),
    ) ?? null
  );
}

/**
 * The forwarded headers the backend gets for a request of `origin` from `peer`: `incomingFor` is
 * the `X-Forwarded-For` that came in, kept (with the peer appended) only behind a trusted proxy.
 */
export function forwardedHeaders(
  origin: PublicOrigin,
  peer: string,
  incomingFor: string | undefined,
  trustProxy: boolean,
): Record<string, string> {
  const chain = trustProxy && incomingFor?.trim() ? `${incomingFor.trim()}, ${peer}` : peer;
  return {
    'x-forwarded-for': chain,
    'x-forwarded-host': origin.host,
    'x-forwarded-proto': origin.secure ? 'https' : 'http',
    'x-forwarded-port': origin.port,
  };
}

// ---------------------------------------------------------------------------------------------
// The nginx include, generated from the policy, never written by hand.

/**
 * An nginx `server` block body (include it inside `server { ... }`); the including file sets
 *
 *   set $idp_origin https://login.example.com;   # the identity provider (CSP)
 *   set $backend http://127.0.0.1:5000;          # an address, or a name with a `resolver`
 *   set $public_host app.example.com;            # the app's host as browsers send it (with a port if not 443)
 *   set $public_port 443;
 *
 * and the http block needs `map $http_upgrade $connection_upgrade { default upgrade; '' close; }`.
 * The same Host policy as the production server: another host gets 421; the backend gets its own
 * host in `Host` and the public one in `X-Forwarded-Host`; `X-Forwarded-For` is `$remote_addr`
 * (the client's values are replaced; behind another proxy, set `real_ip_header` and
 * `set_real_ip_from` so `$remote_addr` is the client). The security headers go on every answer,
 * errors included (`always`); `add_header` in a location replaces the server's, so every location
 * repeats them. The build's `.gz` files are served as they are (`gzip_static`); its `.br` files
 * need the brotli module (`brotli_static on;`, libnginx-mod-http-brotli-static), which this include
 * does not assume. The hub's query string carries the access token (SignalR): its requests are not
 * written to the access log.
 */
export function toNginx(policy: HostingPolicy): string {
  const csp = cspText(policy, { idp: '$idp_origin', hub: 'wss://$public_host' });
  const headerLines = (indent: string) =>
    Object.entries({
      'Content-Security-Policy': csp,
      ...policy.headers,
      'Strict-Transport-Security': policy.hsts,
    })
      .map(([name, value]) => `${indent}add_header ${name} "${value}" always;`)
      .join('\n');
  const headers = headerLines('    ');
  const noStore = '    add_header Cache-Control "no-store" always;';
  const files = (match: string, cache: string, tryFiles: string) =>
    // Cache-Control without `always`: a 404 is never cached as an immutable asset.
    `location ${match} {\n${headers}\n    add_header Cache-Control "${cache}";\n    try_files ${tryFiles};\n}`;
  const proxy = (match: string, hub: boolean) =>
    [
      `location ${match} {`,
      '    proxy_pass $backend;',
      '    proxy_set_header Host $proxy_host;',
      '    proxy_ssl_server_name on;',
      '    proxy_set_header X-Forwarded-Host $public_host;',
      '    proxy_set_header X-Forwarded-Proto https;',
      '    proxy_set_header X-Forwarded-Port $public_port;',
      '    proxy_set_header X-Forwarded-For $remote_addr;',
      '    proxy_set_header Forwarded "";',
      '    proxy_set_header X-Real-IP "";',
      '    proxy_http_version 1.1;',
      '    proxy_set_header Upgrade $http_upgrade;',
      '    proxy_set_header Connection $connection_upgrade;',
      '    proxy_read_timeout 120s;',
      ...(hub ? ['    access_log off;'] : []),
      '}',
    ].join('\n');
  const backend = policy.sameOrigin.flatMap((path) =>
    path === '/api' ? [proxy('^~ /api/', false)] : [proxy(`= ${path}`, true), proxy(`^~ ${path}/`, true)],
  );
  const privatePattern = policy.private
    .map((p) => p.replace(/[.]/g, '\\.') + (p.endsWith('/') ? '' : '/?$'))
    .join('|');
  return [
    banner(
      'nginx: include inside a server block whose root is dist/ (see the comment of toNginx in deploy/hosting-policy.ts).',
    ),
    [
      '# Every answer of this server, errors included; a location with its own add_header repeats them.',
      headerLines(''),
      'gzip_static on;',
      'gzip_vary on;',
      '# One Host policy with the production server: only the public host is answered.',
      'if ($http_host != $public_host) {',
      '    return 421;',
      '}',
    ].join('\n'),
    ...backend,
    `location ~* ^(?:${privatePattern}) {\n${headers}\n${noStore}\n    return 404;\n}`,
    // A missing asset is a 404 with no-store, never the SPA.
    `location ^~ /assets/ {\n${headers}\n    add_header Cache-Control "${policy.cache.assets}";\n    try_files $uri @missing;\n}`,
    `location @missing {\n${headers}\n${noStore}\n    return 404;\n}`,
    files('= /meta.json', policy.cache.meta, '$uri @missing'),
    files('~ \\.html$', policy.cache.html, '$uri @missing'),
    // A missing file with an extension is a 404, never the SPA.
    files('~ \\.[A-Za-z0-9]+$', policy.cache.other, '$uri @missing'),
    files('/', policy.cache.html, '$uri/index.html /200.html @missing'),
    '',
  ].join('\n\n');
}

const banner = (what: string) =>
  `# Generated by the build from the app's hosting policy (dist-hosting/hosting.json) — do not edit.\n# ${what}\n`;
