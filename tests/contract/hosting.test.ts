import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer as createHttpServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cacheControlFor,
  cspText,
  HOSTING_FILE,
  type HostingPolicy,
  headersFor,
  hostingDirOf,
  parseHostingPolicy,
} from '../../deploy/hosting-policy';
import { DEFAULT_BODY_LIMIT, type ProductionServer, startProductionServer } from '../../deploy/server';
import { writeHostingFiles } from '../../scripts/vite-hosting';
import { MAX_BODY_BYTES } from '../../server/http-util';
import { precompressDir } from '../../server/static-compression';
import { freePort } from '../support/free-port';
import { startTestStack, type TestStack } from '../support/stack';

/**
 * The hosting contract (docs/decisions/115-hosting-policy-artifact.md): the build's
 * `dist-hosting/hosting.json` is the one source; the local stack, the production server and the
 * generated nginx include must all answer by it. A build-like dist/ with two kinds of inline hashes
 * (the prerender's `csp.json`), written by the build's own step (`writeHostingFiles`). Then copies
 * of every host file are planted in the web root (as an older build or a careless copy would
 * leave them) and asked for under every spelling: no server may give them out.
 */

let dist: string;
let stack: TestStack;
let prod: ProductionServer;
let policy: HostingPolicy;
let prodOrigin: string;
let echo: Server;
let echoUrl: string;
let webRootAfterBuild: string[] = [];

/** A backend that answers with the headers it got (the forwarded headers' contract). */
async function startEcho(): Promise<void> {
  echo = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ headers: req.headers, bytes: Buffer.concat(chunks).length }));
    });
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoUrl = `http://127.0.0.1:${(echo.address() as { port: number }).port}`;
}

/** The private files planted in the web root, each with a marker no answer may carry. */
const planted = [
  'hosting.json',
  'build-inputs.json',
  'csp.json',
  '_headers',
  '_redirects',
  'hosting/nginx.conf',
  'hosting/bundle-chunks.json',
  'nginx.conf',
  'bundle-chunks.json',
];
const marker = (file: string) => `PRIVATE-FILE ${file}`;

function plantPrivateFiles(): void {
  for (const file of planted) {
    mkdirSync(join(dist, file, '..'), { recursive: true });
    writeFileSync(join(dist, file), marker(file));
  }
}

/** Every spelling of a private path that a file server might resolve to the file. */
function spellings(path: string): string[] {
  const at = path.search(/[a-z]/);
  const letter = path.charAt(at);
  const hex = letter.charCodeAt(0).toString(16);
  const rest = path.slice(1);
  return [
    path,
    `${path}/`,
    `${path.slice(0, at)}%${hex}${path.slice(at + 1)}`,
    `${path.slice(0, at)}%${hex.toUpperCase()}${path.slice(at + 1)}`,
    path.includes('.') ? path.replace('.', '%2e') : path.replace('_', '%5f'),
    path.includes('.') ? path.replace('.', '%252e') : path.replace('_', '%255f'),
    `${path.slice(0, at)}%25${hex}${path.slice(at + 1)}`,
    `/assets/../${rest}`,
    `/./${rest}`,
    `/assets/%2e%2e/${rest}`,
    `//${rest}`,
    `/assets\\..\\${rest.replaceAll('/', '\\')}`,
    path.replaceAll('/', '\\'),
    path.toUpperCase(),
    `${path}?download=1`,
    `${path}%00`,
    `${path}%00.html`,
  ];
}

/** Asks for every planted file under every spelling: a 4xx, or the SPA's fallback page, never the file. */
async function probe(origin: string, headers: Record<string, string> = {}): Promise<void> {
  const spa = files['200.html'] ?? '';
  const paths = [...new Set(planted.map((file) => `/${file}`).flatMap(spellings))];
  expect(paths.length).toBeGreaterThan(planted.length * 12);
  for (const path of paths) {
    const answer = await get(origin, path, headers).catch((error: Error) => ({
      status: 0,
      headers: {},
      body: `refused: ${error.message}`,
    }));
    expect(answer.body, path).not.toContain('PRIVATE-FILE');
    const refused = answer.status >= 400 && answer.status < 500;
    expect(refused || (answer.status === 200 && answer.body === spa), `${path}: ${answer.status}`).toBe(true);
  }
}

const files: Record<string, string> = {
  'index.html': '<!doctype html><title>landing</title>LANDING',
  '200.html': '<!doctype html><title>spa</title>SPA-FALLBACK',
  'onboarding/index.html': '<!doctype html><title>pin</title>PIN-SCREEN',
  'assets/index-abc123.js': 'console.log("app")',
  'meta.json': JSON.stringify({ buildTime: '2026-11-26T06:00:00.000Z' }),
  'robots.txt': 'User-agent: *',
  'csp.json': JSON.stringify({
    scriptHashes: ['sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='],
    styleHashes: ['sha256-BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB='],
  }),
};

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'hosting-dist-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dist, name, '..'), { recursive: true });
    writeFileSync(join(dist, name), text);
  }
  policy = writeHostingFiles(dist);
  webRootAfterBuild = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((name) =>
    statSync(join(dist, name)).isFile(),
  );
  plantPrivateFiles();
  stack = await startTestStack({ distDir: dist });
  const port = await freePort();
  prodOrigin = `http://localhost:${port}`;
  prod = await startProductionServer({
    distDir: dist,
    backendUrl: stack.appUrl,
    idpOrigin: stack.idpUrl,
    publicOrigin: `${prodOrigin}, https://app.example.test`,
    host: 'localhost',
    port,
  });
  await startEcho();
});
afterAll(async () => {
  await prod?.close();
  await stack?.dispose();
  await new Promise((resolve) => echo?.close(resolve));
  rmSync(dist, { recursive: true, force: true });
  rmSync(hostingDirOf(dist), { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET with a chosen Host header (fetch cannot set it). */
function get(origin: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    request({ hostname, port, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    })
      .on('error', reject)
      .end();
  });
}

/** Every header the policy puts on an answer, lower-cased as Node reports them. */
function expectedHeaders(context: Parameters<typeof headersFor>[1]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headersFor(policy, context)).map(([name, value]) => [name.toLowerCase(), value]),
  );
}

const paths: [path: string, served: string, body: string][] = [
  ['/', 'index.html', 'LANDING'],
  ['/onboarding', 'onboarding/index.html', 'PIN-SCREEN'],
  ['/switch-practice', '200.html', 'SPA-FALLBACK'],
  ['/invite?practiceKey=x', '200.html', 'SPA-FALLBACK'],
  ['/assets/index-abc123.js', 'assets/index-abc123.js', 'console.log("app")'],
  ['/meta.json', 'meta.json', '2026-11-26T06:00:00.000Z'],
  ['/robots.txt', 'robots.txt', 'User-agent'],
];

describe('the build writes one policy with every hash list of csp.json', () => {
  it('writes the host files beside the web root, none in it', () => {
    const hosting = hostingDirOf(dist);
    expect(readdirSync(hosting).sort()).toEqual(['csp.json', HOSTING_FILE, 'nginx.conf'].sort());
    expect(webRootAfterBuild.length).toBeGreaterThan(5);
    for (const file of planted) expect(webRootAfterBuild, file).not.toContain(file);
  });

  it('merges script and style hashes, keeps wss/HSTS/frame-ancestors, and reads back', () => {
    const written = parseHostingPolicy(readFileSync(join(hostingDirOf(dist), HOSTING_FILE), 'utf8'));
    expect(written).toEqual(policy);
    const csp = cspText(written, { idp: 'https://login.example.test', hub: 'wss://app.example.test' });
    expect(csp).toContain("script-src 'self' 'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='");
    // A hash beside 'unsafe-inline' would silently disable it: the hashes replace it.
    expect(csp).toContain("style-src 'self' 'sha256-BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB='");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("connect-src 'self' wss://app.example.test https://login.example.test");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(written.sameOrigin).toEqual(['/api', '/sockets/appstate']);
  });
});

describe('the local stack answers by dist-hosting/hosting.json', () => {
  it.each(paths)('%s: the policy’s headers, cache rule and file', async (path, served, body) => {
    const answer = await get(stack.appUrl, path);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(body);
    const host = new URL(stack.appUrl).host;
    expect(answer.headers).toMatchObject(expectedHeaders({ idpOrigin: stack.idpUrl, host, secure: false }));
    expect(answer.headers['strict-transport-security']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe(cacheControlFor(policy, path.split('?')[0] ?? path, served));
  });

  it('follows the file: a changed hosting.json changes what it sends', async () => {
    const file = join(hostingDirOf(dist), HOSTING_FILE);
    const original = readFileSync(file, 'utf8');
    try {
      const changed = parseHostingPolicy(original);
      changed.headers['X-Frame-Options'] = 'DENY';
      changed.cache.html = 'no-cache, private';
      writeFileSync(file, JSON.stringify(changed));
      const answer = await get(stack.appUrl, '/onboarding');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['cache-control']).toBe('no-cache, private');
    } finally {
      writeFileSync(file, original);
    }
    expect((await get(stack.appUrl, '/onboarding')).headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('never serves a host file, under any spelling', async () => {
    await probe(stack.appUrl);
  });

  it('never answers /assets/* with the SPA: 404, no-store', async () => {
    await expectNoAssetFallback(stack.appUrl);
  });
});

/** A missing asset under any spelling: 404 with no-store, not HTML, never the SPA. */
async function expectNoAssetFallback(origin: string, headers: Record<string, string> = {}): Promise<void> {
  for (const path of ['/assets/', '/assets/app', '/assets/x/y', '/assets/missing-1.js', '/%61ssets/app']) {
    const answer = await get(origin, path, headers);
    expect(answer.status, path).toBe(404);
    expect(answer.headers['cache-control'], path).toBe('no-store');
    expect(answer.body, path).not.toContain('SPA-FALLBACK');
  }
}

describe('the production server answers by the same file', () => {
  it.each(paths)(
    '%s: the same headers, cache rule and file as the local stack',
    async (path, served, body) => {
      const answer = await get(prod.url, path);
      expect(answer.status).toBe(200);
      expect(answer.body).toContain(body);
      const host = new URL(prod.url).host;
      expect(answer.headers).toMatchObject(expectedHeaders({ idpOrigin: stack.idpUrl, host, secure: false }));
      expect(answer.headers['cache-control']).toBe(
        cacheControlFor(policy, path.split('?')[0] ?? path, served),
      );
      const fromStack = await get(stack.appUrl, path);
      for (const name of [
        'x-content-type-options',
        'referrer-policy',
        'x-frame-options',
        'permissions-policy',
      ])
        expect(answer.headers[name], name).toBe(fromStack.headers[name]);
    },
  );

  it('never serves a host file, under any spelling', async () => {
    await probe(prod.url);
  });

  it('never answers /assets/* with the SPA: 404, no-store', async () => {
    await expectNoAssetFallback(prod.url);
  });

  it('a configured https origin: wss for the hub and HSTS; the local one neither', async () => {
    const publicAnswer = await get(prod.url, '/', { Host: 'app.example.test' });
    expect(publicAnswer.status).toBe(200);
    expect(publicAnswer.headers['strict-transport-security']).toBe(policy.hsts);
    expect(publicAnswer.headers['content-security-policy']).toContain(
      `connect-src 'self' wss://app.example.test ${stack.idpUrl}`,
    );
    const local = await get(prod.url, '/');
    expect(local.headers['strict-transport-security']).toBeUndefined();
    expect(local.headers['content-security-policy']).toContain(
      `connect-src 'self' ws://${new URL(prod.url).host}`,
    );
  });

  it('refuses a forged Host with 421; a client’s X-Forwarded-Host never counts', async () => {
    for (const host of ['evil.example; script-src *', 'evil.example', 'app.example.test.evil.example']) {
      const answer = await get(prod.url, '/', { Host: host });
      expect(answer.status, host).toBe(421);
      expect(answer.body).not.toContain('SPA');
      for (const value of Object.values(answer.headers)) expect(String(value)).not.toContain('evil');
      // The refusal still carries the configured policy (its first origin).
      expect(answer.headers['content-security-policy']).toContain(`ws://${new URL(prodOrigin).host}`);
    }
    const forwarded = await get(prod.url, '/', {
      'X-Forwarded-Host': 'evil.example',
      'X-Forwarded-Proto': 'https',
    });
    expect(forwarded.status).toBe(200);
    expect(JSON.stringify(forwarded.headers)).not.toContain('evil');
    expect(forwarded.headers['strict-transport-security']).toBeUndefined();
    // A WebSocket upgrade for another host is refused the same way.
    const upgrade = await get(prod.url, '/sockets/appstate', {
      Host: 'evil.example',
      Connection: 'Upgrade',
      Upgrade: 'websocket',
    }).catch((error: Error) => ({ status: 0, headers: {}, body: error.message }));
    expect(upgrade.status).not.toBe(101);
  });

  it('liveness and readiness answer whatever the Host', async () => {
    for (const host of ['10.0.0.7:8080', 'localhost']) {
      const live = await get(prod.url, '/healthz', { Host: host });
      expect(live.status).toBe(200);
      const ready = await get(prod.url, '/readyz', { Host: host });
      expect([ready.status, ready.body]).toEqual([200, 'ready']);
      expect(ready.headers['cache-control']).toBe('no-store');
    }
  });

  it('proxies /api to the backend, 404s missing files and the host files', async () => {
    const config = await get(prod.url, '/api/clientconfig/app');
    expect(config.status).toBe(200);
    expect(JSON.parse(config.body)).toEqual((await stack.api('/api/clientconfig/app')).json);
    expect((await get(prod.url, '/assets/missing-1.js')).status).toBe(404);
    expect((await get(prod.url, '/favicon.ico')).status).toBe(404);
  });

  it('proxies the hub’s negotiate (the backend’s own answer, 401 without a token)', async () => {
    const response = await fetch(`${prod.url}/sockets/appstate/negotiate?negotiateVersion=1`, {
      method: 'POST',
    });
    expect(response.status).toBe(401);
  });

  it('a large body: its own 413 at the backend’s limit, never a 502 when the backend has answered', async () => {
    expect(DEFAULT_BODY_LIMIT).toBe(MAX_BODY_BYTES);
    const declared = await fetch(`${prod.url}/api/me`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: 'x'.repeat(DEFAULT_BODY_LIMIT + 1),
    });
    expect(declared.status).toBe(413);
    // 20 MB, chunked, unauthenticated: the backend's 401 or our 413, three times out of three.
    for (let attempt = 0; attempt < 3; attempt++) {
      const status = await postChunked(`${prod.url}/api/me`, 20 * 1024 * 1024);
      expect([401, 413], `attempt ${attempt}`).toContain(status);
    }
  });
});

/** A chunked POST of `size` bytes; resolves with the status (0 when the connection broke first). */
function postChunked(url: string, size: number): Promise<number> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve) => {
    const req = request(
      { hostname, port, path: pathname, method: 'POST', headers: { 'Content-Type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

describe('the forwarded headers the backend gets (production server)', () => {
  let direct: ProductionServer;
  let behindProxy: ProductionServer;
  beforeAll(async () => {
    const [a, b] = [await freePort(), await freePort()];
    direct = await startProductionServer({
      distDir: dist,
      backendUrl: echoUrl,
      idpOrigin: stack.idpUrl,
      publicOrigin: `http://localhost:${a}`,
      host: 'localhost',
      port: a,
      bodyLimit: 1000,
    });
    behindProxy = await startProductionServer({
      distDir: dist,
      backendUrl: echoUrl,
      idpOrigin: stack.idpUrl,
      publicOrigin: 'https://app.example.test',
      trustProxy: true,
      host: 'localhost',
      port: b,
    });
  });
  afterAll(async () => {
    await direct?.close();
    await behindProxy?.close();
  });

  const client = {
    'X-Forwarded-For': '6.6.6.6',
    'X-Forwarded-Host': 'evil.example',
    'X-Forwarded-Proto': 'https',
    'X-Forwarded-Port': '1',
    Forwarded: 'for=6.6.6.6;host=evil.example',
  };

  it('without TRUST_PROXY: the client’s values replaced by the peer and the configured origin', async () => {
    const answer = await get(direct.url, '/api/echo', client);
    const seen = (JSON.parse(answer.body) as { headers: Record<string, string> }).headers;
    const port = new URL(direct.url).port;
    expect(seen['x-forwarded-for']).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(seen['x-forwarded-host']).toBe(`localhost:${port}`);
    expect(seen['x-forwarded-proto']).toBe('http');
    expect(seen['x-forwarded-port']).toBe(port);
    expect(seen.forwarded).toBeUndefined();
    // The one Host policy: the backend's own host in Host, the public one in X-Forwarded-Host.
    expect(seen.host).toBe(new URL(echoUrl).host);
  });

  it('with TRUST_PROXY: the proxy’s X-Forwarded-For kept and the peer appended; its host checked', async () => {
    const answer = await get(behindProxy.url, '/api/echo', {
      ...client,
      'X-Forwarded-Host': 'app.example.test',
    });
    const seen = (JSON.parse(answer.body) as { headers: Record<string, string> }).headers;
    expect(seen['x-forwarded-for']).toMatch(/^6\.6\.6\.6, (127\.0\.0\.1|::1)$/);
    expect(seen['x-forwarded-host']).toBe('app.example.test');
    expect(seen['x-forwarded-proto']).toBe('https');
    expect(seen['x-forwarded-port']).toBe('443');
    const page = await get(behindProxy.url, '/', { 'X-Forwarded-Host': 'app.example.test' });
    expect(page.headers['strict-transport-security']).toBe(policy.hsts);
    expect(page.headers['content-security-policy']).toContain('wss://app.example.test');
    expect((await get(behindProxy.url, '/', { 'X-Forwarded-Host': 'evil.example' })).status).toBe(421);
    expect((await get(behindProxy.url, '/')).status).toBe(421);
  });

  it('its own body limit (BODY_LIMIT): 413 declared or chunked, the backend untouched', async () => {
    const small = await fetch(`${direct.url}/api/echo`, { method: 'POST', body: 'x'.repeat(1000) });
    expect(((await small.json()) as { bytes: number }).bytes).toBe(1000);
    const declared = await fetch(`${direct.url}/api/echo`, { method: 'POST', body: 'x'.repeat(1001) });
    expect(declared.status).toBe(413);
    expect(await postChunked(`${direct.url}/api/echo`, 5000)).toBe(413);
  });
});

describe('the production server will not run without a public origin', () => {
  it('refuses to start without PUBLIC_ORIGIN, and with one that is not an origin', async () => {
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'deploy/server.ts'], {
        env: {
          PATH: process.env.PATH ?? '',
          BACKEND_URL: echoUrl,
          IDP_ORIGIN: stack.idpUrl,
          DIST_DIR: dist,
          PORT: '0',
          ...env,
        },
        encoding: 'utf8',
        timeout: 20_000,
      });
    const missing = run({});
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('PUBLIC_ORIGIN is required');
    const withPath = run({ PUBLIC_ORIGIN: 'https://app.example.test/app' });
    expect(withPath.status).toBe(1);
    expect(withPath.stderr).toContain('must be an origin');
    await expect(
      startProductionServer({
        distDir: dist,
        backendUrl: echoUrl,
        idpOrigin: stack.idpUrl,
        publicOrigin: ' ',
      }),
    ).rejects.toThrow(/PUBLIC_ORIGIN/);
  });
});

/** Debian's nginx (`apt-get install nginx-light`), when the machine has it. */
const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

describe.skipIf(!nginxBinary)('the generated nginx include, served by nginx', () => {
  let nginx: ChildProcess | null = null;
  let origin = '';
  /** The same include in front of the echo backend. */
  let front = '';
  let work = '';

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'nginx-'));
    // The build's precompressed files, as nginx's gzip_static serves them.
    precompressDir(dist, (path) => !planted.includes(path.slice(1)));
    const temp = (name: string) => `${name}_temp_path ${join(work, name)};`;
    // Two free ports, asked for one by one; another process may take one before nginx binds it,
    // so a start that fails is tried again on new ports.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort('127.0.0.1');
      const frontPort = await freePort('127.0.0.1');
      origin = `http://127.0.0.1:${port}`;
      front = `http://127.0.0.1:${frontPort}`;
      writeFileSync(
        join(work, 'nginx.conf'),
        [
          'user root;',
          'worker_processes 1;',
          `pid ${join(work, 'nginx.pid')};`,
          `error_log ${join(work, 'error.log')};`,
          'events {}',
          'http {',
          '  include /etc/nginx/mime.types;',
          `  access_log ${join(work, 'access.log')};`,
          `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')}`,
          "  map $http_upgrade $connection_upgrade { default upgrade; '' close; }",
          '  server {',
          `    listen 127.0.0.1:${port};`,
          `    root ${dist};`,
          `    set $idp_origin ${stack.idpUrl};`,
          // A variable in proxy_pass is resolved at run time: an address, or a `resolver` for a name.
          `    set $backend http://127.0.0.1:${new URL(stack.appUrl).port};`,
          `    set $public_host 127.0.0.1:${port};`,
          `    set $public_port ${port};`,
          `    include ${join(hostingDirOf(dist), 'nginx.conf')};`,
          '  }',
          // The same include in front of the echo backend: what the backend gets.
          '  server {',
          `    listen 127.0.0.1:${frontPort};`,
          `    root ${dist};`,
          `    set $idp_origin ${stack.idpUrl};`,
          `    set $backend ${echoUrl};`,
          `    set $public_host 127.0.0.1:${frontPort};`,
          `    set $public_port ${frontPort};`,
          `    include ${join(hostingDirOf(dist), 'nginx.conf')};`,
          '  }',
          '}',
        ].join('\n'),
      );
      nginx = spawn(nginxBinary ?? 'nginx', ['-c', join(work, 'nginx.conf'), '-g', 'daemon off;'], {
        stdio: 'inherit',
      });
      const started = nginx;
      const until = Date.now() + 10_000;
      let up = false;
      while (!up && started.exitCode === null && Date.now() <= until) {
        up = await get(origin, '/meta.json').then(
          () => true,
          () => false,
        );
        if (!up) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (up) break;
      if (started.exitCode === null) started.kill('SIGQUIT');
      if (attempt === 3) throw new Error('nginx did not start');
    }
  });
  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx?.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it.each(paths)('%s: the policy’s headers, cache rule and file', async (path, served, body) => {
    const answer = await get(origin, path, { 'Accept-Encoding': 'identity' });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(body);
    const host = new URL(origin).host;
    // nginx is configured for an https server: the hub by wss:, and HSTS on every answer.
    const expected = expectedHeaders({ idpOrigin: stack.idpUrl, host, secure: true });
    expect(answer.headers).toMatchObject(expected);
    expect(answer.headers['strict-transport-security']).toBe(policy.hsts);
    expect(answer.headers['cache-control']).toBe(cacheControlFor(policy, path.split('?')[0] ?? path, served));
  });

  it('never serves a host file, under any spelling', async () => {
    await probe(origin);
  });

  it('never answers /assets/* with the SPA: 404, no-store', async () => {
    await expectNoAssetFallback(origin);
  });

  it('the security headers on every answer, errors included', async () => {
    for (const path of ['/hosting.json', '/assets/missing-1.js', '/favicon.ico']) {
      const answer = await get(origin, path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-security-policy'], path).toContain("default-src 'self'");
      expect(answer.headers['x-frame-options'], path).toBe('SAMEORIGIN');
    }
  });

  it('the same Host policy: another host 421; the backend gets its own host and the public one forwarded', async () => {
    const forged = await get(origin, '/', { Host: 'evil.example' });
    expect(forged.status).toBe(421);
    expect(forged.headers['content-security-policy']).toContain(`wss://${new URL(origin).host}`);
    expect(JSON.stringify(forged.headers)).not.toContain('evil');

    const answer = await get(front, '/api/echo', {
      'X-Forwarded-For': '6.6.6.6',
      'X-Forwarded-Host': 'evil.example',
      Forwarded: 'for=6.6.6.6',
    });
    const seen = (JSON.parse(answer.body) as { headers: Record<string, string> }).headers;
    expect(seen['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen['x-forwarded-host']).toBe(new URL(front).host);
    expect(seen['x-forwarded-proto']).toBe('https');
    expect(seen['x-forwarded-port']).toBe(new URL(front).port);
    expect(seen.forwarded).toBeUndefined();
    expect(seen.host).toBe(new URL(echoUrl).host);
  });

  it('serves the build’s precompressed files (gzip_static)', async () => {
    const answer = await get(origin, '/onboarding/index.html', { 'Accept-Encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(Number(answer.headers['content-length'])).toBe(
      statSync(join(dist, 'onboarding/index.html.gz')).size,
    );
  });

  it('keeps the hub’s access token out of the access log', async () => {
    await get(origin, '/sockets/appstate?id=abc&access_token=SECRET-TOKEN-123');
    await get(origin, '/meta.json?logged=1');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const log = readFileSync(join(work, 'access.log'), 'utf8');
    expect(log).toContain('logged=1');
    expect(log).not.toContain('SECRET-TOKEN-123');
  });

  it('proxies /api to the backend', async () => {
    const config = await get(origin, '/api/clientconfig/app');
    expect(config.status).toBe(200);
    expect(JSON.parse(config.body)).toEqual((await stack.api('/api/clientconfig/app')).json);
  });
});
