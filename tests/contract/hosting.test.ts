import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cacheControlFor,
  cspText,
  HOSTING_FILE,
  type HostingPolicy,
  headersFor,
  parseHostingPolicy,
} from '../../deploy/hosting-policy';
import { type ProductionServer, startProductionServer } from '../../deploy/server';
import { writeHostingFiles } from '../../scripts/vite-hosting';
import { startTestStack, type TestStack } from '../support/stack';

/**
 * The hosting contract (docs/decisions/115-hosting-policy-artifact.md): the build's
 * `dist/hosting.json` is the one source; the local stack, the production server and the generated
 * `_headers` must all answer by it. A build-like dist/ with two kinds of inline hashes (the
 * prerender's `csp.json`), written by the build's own step (`writeHostingFiles`).
 */

let dist: string;
let stack: TestStack;
let prod: ProductionServer;
let policy: HostingPolicy;

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
  policy = writeHostingFiles(dist, { idpOrigin: 'https://login.example.test' });
  stack = await startTestStack({ distDir: dist });
  prod = await startProductionServer({
    distDir: dist,
    backendUrl: stack.appUrl,
    idpOrigin: stack.idpUrl,
    host: 'localhost',
    port: 0,
  });
});
afterAll(async () => {
  await prod?.close();
  await stack?.dispose();
  rmSync(dist, { recursive: true, force: true });
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
  it('merges script and style hashes, keeps wss/HSTS/frame-ancestors, and reads back', () => {
    const written = parseHostingPolicy(readFileSync(join(dist, HOSTING_FILE), 'utf8'));
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

describe('the local stack answers by dist/hosting.json', () => {
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
    const file = join(dist, HOSTING_FILE);
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

  it('never serves the host files of the build', async () => {
    for (const path of [
      '/hosting.json',
      '/build-inputs.json',
      '/csp.json',
      '/_headers',
      '/hosting/nginx.conf',
    ]) {
      expect((await get(stack.appUrl, path)).status, path).toBe(404);
    }
  });
});

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

  it('on a public host: wss for the hub and HSTS; on localhost neither', async () => {
    const publicAnswer = await get(prod.url, '/', { Host: 'app.example.test' });
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

  it('proxies /api to the backend, 404s missing files and the host files', async () => {
    const config = await get(prod.url, '/api/clientconfig/app');
    expect(config.status).toBe(200);
    expect(JSON.parse(config.body)).toEqual((await stack.api('/api/clientconfig/app')).json);
    expect((await get(prod.url, '/assets/missing-1.js')).status).toBe(404);
    expect((await get(prod.url, '/favicon.ico')).status).toBe(404);
    for (const path of [
      '/hosting.json',
      '/build-inputs.json',
      '/csp.json',
      '/_headers',
      '/hosting/nginx.conf',
    ]) {
      expect((await get(prod.url, path)).status, path).toBe(404);
    }
  });

  it('proxies the hub’s negotiate (the backend’s own answer, 401 without a token)', async () => {
    const response = await fetch(`${prod.url}/sockets/appstate/negotiate?negotiateVersion=1`, {
      method: 'POST',
    });
    expect(response.status).toBe(401);
  });
});

describe('the generated _headers says the same', () => {
  /** `_headers` blocks: a path pattern, then indented `Name: value` lines. */
  function parseHeadersFile(text: string): Map<string, Record<string, string>> {
    const blocks = new Map<string, Record<string, string>>();
    let current: Record<string, string> | null = null;
    for (const line of text.split('\n')) {
      if (line.startsWith('#') || line.trim() === '') continue;
      if (!line.startsWith(' ')) {
        current = {};
        blocks.set(line.trim(), current);
      } else if (current) {
        const index = line.indexOf(':');
        current[line.slice(0, index).trim().toLowerCase()] = line.slice(index + 1).trim();
      }
    }
    return blocks;
  }

  it('has the policy’s headers for every path, and its cache rules', () => {
    const blocks = parseHeadersFile(readFileSync(join(dist, '_headers'), 'utf8'));
    const all = blocks.get('/*') ?? {};
    const expected = expectedHeaders({ idpOrigin: 'https://login.example.test', host: 'x', secure: true });
    expected['content-security-policy'] = cspText(policy, { idp: 'https://login.example.test', hub: 'wss:' });
    expect(all).toEqual(expected);
    expect(blocks.get('/assets/*')).toEqual({ 'cache-control': policy.cache.assets });
    expect(blocks.get('/meta.json')).toEqual({ 'cache-control': policy.cache.meta });
  });
});

/** Debian's nginx (`apt-get install nginx-light`), when the machine has it. */
const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

describe.skipIf(!nginxBinary)('the generated nginx include, served by nginx', () => {
  let nginx: ChildProcess | null = null;
  let origin = '';
  let work = '';

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'nginx-'));
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    origin = `http://127.0.0.1:${port}`;
    const temp = (name: string) => `${name}_temp_path ${join(work, name)};`;
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
        '  access_log off;',
        `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')}`,
        "  map $http_upgrade $connection_upgrade { default upgrade; '' close; }",
        '  server {',
        `    listen 127.0.0.1:${port};`,
        `    root ${dist};`,
        `    set $idp_origin ${stack.idpUrl};`,
        // A variable in proxy_pass is resolved at run time: an address, or a `resolver` for a name.
        `    set $backend http://127.0.0.1:${new URL(stack.appUrl).port};`,
        `    include ${join(dist, 'hosting/nginx.conf')};`,
        '  }',
        '}',
      ].join('\n'),
    );
    nginx = spawn(nginxBinary ?? 'nginx', ['-c', join(work, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: 'inherit',
    });
    const until = Date.now() + 10_000;
    for (;;) {
      const up = await get(origin, '/meta.json').then(
        () => true,
        () => false,
      );
      if (up) break;
      if (Date.now() > until) throw new Error('nginx did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
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
    const answer = await get(origin, path);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(body);
    const host = new URL(origin).host;
    // nginx is configured for an https server: the hub by wss:, and HSTS on every answer.
    const expected = expectedHeaders({ idpOrigin: stack.idpUrl, host, secure: true });
    expect(answer.headers).toMatchObject(expected);
    expect(answer.headers['strict-transport-security']).toBe(policy.hsts);
    expect(answer.headers['cache-control']).toBe(cacheControlFor(policy, path.split('?')[0] ?? path, served));
  });

  it('proxies /api to the backend, 404s missing files and the host files', async () => {
    const config = await get(origin, '/api/clientconfig/app');
    expect(config.status).toBe(200);
    expect(JSON.parse(config.body)).toEqual((await stack.api('/api/clientconfig/app')).json);
    const missing = await get(origin, '/assets/missing-1.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBeUndefined();
    for (const path of [
      '/hosting.json',
      '/build-inputs.json',
      '/csp.json',
      '/_headers',
      '/hosting/nginx.conf',
    ]) {
      expect((await get(origin, path)).status, path).toBe(404);
    }
  });
});
