/**
 * The app's hosting rules and security policy, in one place (docs/decisions/115-hosting-policy-artifact.md).
 *
 * The build writes the policy into `dist/hosting.json` (scripts/vite-hosting.ts), with the build's
 * own inline-content hashes merged in, plus the same rules in the forms real hosts read
 * (`dist/_headers`, `dist/_redirects`, `dist/hosting/nginx.conf`). The local stack
 * (server/app.ts) and the production server (deploy/server.ts) read `dist/hosting.json` and answer
 * with `headersFor` and `cacheControlFor`, so development and production cannot drift.
 *
 * Pure: no file system, no network. Sources in the CSP may hold two tokens, filled where the
 * policy is applied: `{idp}` (the identity provider's origin) and `{hub}` (the real-time hub's
 * WebSocket origin, the app's own host: `wss://host`, or `ws://host` on a plain-http origin).
 */

export const HOSTING_FILE = 'hosting.json';

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
    private: ['/hosting.json', '/build-inputs.json', '/csp.json', '/_headers', '/_redirects', '/hosting/'],
  };
}

/** Whether a path asks for one of the build's host files (never served to browsers). */
export function isPrivatePath(policy: HostingPolicy, pathname: string): boolean {
  return policy.private.some((path) => (path.endsWith('/') ? pathname.startsWith(path) : pathname === path));
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
  if (pathname.startsWith('/assets/')) return policy.cache.assets;
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
// The forms real hosts read. Each is generated from the policy, never written by hand.

const banner = (what: string) =>
  `# Generated by the build from the app's hosting policy (dist/hosting.json) — do not edit.\n# ${what}\n`;

/**
 * Netlify / Cloudflare Pages `_headers`. Such hosts cannot fill a placeholder, so the identity
 * provider's origin is the build-time setting, and the hub is `wss:` (any secure WebSocket:
 * these hosts serve https only, and the hub is on the app's own origin). HTML gets no
 * Cache-Control here: both hosts join the values of a header set by two matching rules, and their
 * default for HTML (`public, max-age=0, must-revalidate`) already revalidates every time.
 */
export function toHeadersFile(policy: HostingPolicy, idpOrigin: string): string {
  const csp = cspText(policy, { idp: idpOrigin, hub: 'wss:' });
  const block = (pattern: string, lines: Record<string, string>) =>
    `${pattern}\n${Object.entries(lines)
      .map(([name, value]) => `  ${name}: ${value}`)
      .join('\n')}\n`;
  return [
    banner(
      `Netlify / Cloudflare Pages. Also needed: /api/* and /sockets/appstate proxied to the backend on this origin; routes fall back to <route>/index.html, then 200.html (see _redirects).`,
    ),
    block('/*', {
      'Content-Security-Policy': csp,
      ...policy.headers,
      'Strict-Transport-Security': policy.hsts,
    }),
    block('/assets/*', { 'Cache-Control': policy.cache.assets }),
    block('/meta.json', { 'Cache-Control': policy.cache.meta }),
  ].join('\n');
}

/** Netlify `_redirects`: the backend on the app's origin, then the SPA fallback (200 = rewrite). */
export function toRedirectsFile(policy: HostingPolicy, backendPlaceholder = 'https://BACKEND'): string {
  return [
    banner('Netlify `_redirects`: replace BACKEND with the backend origin (API and hub).'),
    ...policy.sameOrigin.flatMap((path) => [
      `${path}/*  ${backendPlaceholder}${path}/:splat  200`,
      ...(path === '/api' ? [] : [`${path}  ${backendPlaceholder}${path}  200`]),
    ]),
    ...policy.private.map((path) => `${path}${path.endsWith('/') ? '*' : ''}  /404  404!`),
    // Netlify serves <route>/index.html by itself before rules with a 200 status apply.
    '/*  /200.html  200',
    '',
  ].join('\n');
}

/**
 * An nginx `server` block body (include it inside `server { ... }`). `$http_host` fills the hub's host;
 * the identity provider and the backend are nginx variables the including file sets
 * (`set $idp_origin https://login.example.com;`, `set $backend http://127.0.0.1:5000;`: an address,
 * or a host name with a `resolver`, as nginx resolves a variable's name at run time), and the
 * http block needs `map $http_upgrade $connection_upgrade { default upgrade; '' close; }`.
 * `add_header` in a location replaces the server's, so every location repeats the policy.
 */
export function toNginx(policy: HostingPolicy): string {
  // $http_host: the host with its port, as the browser addressed the app ($host drops the port).
  const csp = cspText(policy, { idp: '$idp_origin', hub: 'wss://$http_host' });
  const headers = Object.entries({
    'Content-Security-Policy': csp,
    ...policy.headers,
    'Strict-Transport-Security': policy.hsts,
  })
    .map(([name, value]) => `    add_header ${name} "${value}" always;`)
    .join('\n');
  const files = (match: string, cache: string, tryFiles: string) =>
    // Cache-Control without `always`: a 404 is never cached as an immutable asset.
    `location ${match} {\n${headers}\n    add_header Cache-Control "${cache}";\n    try_files ${tryFiles};\n}`;
  const proxy = (match: string) =>
    [
      `location ${match} {`,
      '    proxy_pass $backend;',
      '    proxy_set_header Host $host;',
      '    proxy_set_header X-Forwarded-Proto $scheme;',
      '    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
      '    proxy_http_version 1.1;',
      '    proxy_set_header Upgrade $http_upgrade;',
      '    proxy_set_header Connection $connection_upgrade;',
      '    proxy_read_timeout 120s;',
      '}',
    ].join('\n');
  const backend = policy.sameOrigin.flatMap((path) =>
    path === '/api' ? [proxy('^~ /api/')] : [proxy(`= ${path}`), proxy(`^~ ${path}/`)],
  );
  return [
    banner(
      'nginx: include inside a server block whose root is dist/ (see the comment of toNginx in deploy/hosting-policy.ts).',
    ),
    ...backend,
    `location ~ ^(?:${policy.private.map((p) => p.replace(/[.]/g, '\\.') + (p.endsWith('/') ? '' : '$')).join('|')}) {\n    return 404;\n}`,
    files('^~ /assets/', policy.cache.assets, '$uri =404'),
    files('= /meta.json', policy.cache.meta, '$uri =404'),
    files('~ \\.html$', policy.cache.html, '$uri =404'),
    // A missing file with an extension is a 404, never the SPA.
    files('~ \\.[A-Za-z0-9]+$', policy.cache.other, '$uri =404'),
    files('/', policy.cache.html, '$uri/index.html /200.html =404'),
    '',
  ].join('\n\n');
}
