import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../server/seed';
import { startTestStack, type TestStack, uniqueEmail } from '../support/stack';

/** The app origin (built SPA, headers, hub mount), the dev mailbox, the regional environments, resets. */

let stack: TestStack;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'stack-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><body><div id="root"></div>SPA</body></html>',
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(join(dist, 'meta.json'), JSON.stringify({ buildTime: '2026-11-22T15:00:00.000Z' }));
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
  writeFileSync(join(dist, 'assets', 'logo-abc123.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  // The build's precompressed siblings (decision 140): what they hold is served as it is, so each
  // says which file answered; the style sheet's are older than it (a stale sibling).
  writeFileSync(join(dist, 'assets', 'chunk-abc123.js'), 'console.log("chunk")');
  writeFileSync(join(dist, 'assets', 'chunk-abc123.js.br'), brotliCompressSync('console.log("from .br")'));
  writeFileSync(join(dist, 'assets', 'chunk-abc123.js.gz'), gzipSync('console.log("from .gz")'));
  writeFileSync(join(dist, 'assets', 'style-abc123.css'), 'p{color:red}');
  writeFileSync(join(dist, 'assets', 'style-abc123.css.br'), brotliCompressSync('stale'));
  const past = new Date(Date.now() - 60_000);
  utimesSync(join(dist, 'assets', 'style-abc123.css.br'), past, past);
  stack = await startTestStack({ distDir: dist });
});
afterAll(async () => {
  await stack.dispose();
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${stack.appUrl}${path}`);

/** GET with the path sent exactly as given (fetch would percent-encode it). */
function rawGet(origin: string, path: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    request({ hostname, port, path, method: 'GET' }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve(text));
    })
      .on('error', reject)
      .end();
  });
}

describe('the built SPA', () => {
  it('serves index.html with security headers (CSP without unsafe-eval)', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('SPA');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain(`frame-src ${stack.idpUrl}`);
    expect(csp).toContain(`connect-src 'self' ws://${new URL(stack.appUrl).host} ${stack.idpUrl}`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('falls back to index.html for client routes, not for missing files', async () => {
    for (const path of [
      '/onboarding/register-practice',
      '/invite?practiceKey=au-bondi',
      '/auth/redirect?code=x',
    ]) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('SPA');
    }
    expect((await get('/assets/missing-123.js')).status).toBe(404);
    expect((await get('/favicon.ico')).status).toBe(404);
  });

  it('caches assets for a year, meta.json never', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    const meta = await get(`/meta.json?t=${Date.now()}`);
    expect(meta.headers.get('cache-control')).toBe('no-store');
    expect(await meta.json()).toEqual({ buildTime: '2026-11-22T15:00:00.000Z' });
    expect((await get('/robots.txt')).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('compresses text files with Brotli or gzip as the browser accepts, never images', async () => {
    const body = 'console.log("app")';
    const raw = (path: string, acceptEncoding: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const { hostname, port } = new URL(stack.appUrl);
        request({ hostname, port, path, headers: { 'accept-encoding': acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const br = await raw('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(body);
    const gzip = await raw('/assets/index-abc123.js', 'gzip;q=1.0, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(body);
    const html = await raw('/onboarding', 'gzip');
    expect(html.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(html.body).toString()).toContain('SPA');
    const identity = await raw('/assets/index-abc123.js', '');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(body);
    const image = await raw('/assets/logo-abc123.png', 'br, gzip');
    expect(image.headers['content-encoding']).toBeUndefined();
  });

  it("serves the build's precompressed .br and .gz as they are, unless older than the file", async () => {
    const raw = (path: string, acceptEncoding: string) =>
      fetch(`${stack.appUrl}${path}`, { headers: { 'accept-encoding': acceptEncoding } }).then((r) =>
        r.text(),
      );
    expect(await raw('/assets/chunk-abc123.js', 'br')).toBe('console.log("from .br")');
    expect(await raw('/assets/chunk-abc123.js', 'gzip')).toBe('console.log("from .gz")');
    expect(await raw('/assets/chunk-abc123.js', '')).toBe('console.log("chunk")');
    // A stale sibling is not used: the file itself is compressed.
    expect(await raw('/assets/style-abc123.css', 'br')).toBe('p{color:red}');
  });

  it('never serves files outside the build', async () => {
    for (const path of [
      '/..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2fpackage.json',
    ]) {
      const response = await get(path);
      const text = await response.text();
      expect(text).not.toContain('root:');
      expect(text).not.toContain('"dependencies"');
    }
  });

  it('answers API-only (404 text) when there is no build', async () => {
    const apiOnly = await startTestStack({ distDir: join(dist, 'nope') });
    try {
      const response = await fetch(`${apiOnly.appUrl}/`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('not built');
      expect((await apiOnly.api('/api/clientconfig/app')).status).toBe(200);
    } finally {
      await apiOnly.dispose();
    }
  });
});

describe('the real-time hub on the app origin', () => {
  it('refuses negotiate without a valid token and accepts the API’s token', async () => {
    const negotiate = (token?: string) =>
      fetch(`${stack.appUrl}/sockets/appstate/negotiate?negotiateVersion=1`, {
        method: 'POST',
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
    expect((await negotiate()).status).toBe(401);
    expect((await negotiate('garbage')).status).toBe(401);
    const ok = await negotiate(await stack.token(seedAccounts.verified.sub));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ negotiateVersion: 1, connectionToken: expect.any(String) });
  });
});

describe('dev mailbox', () => {
  it('lists messages as HTML and JSON, each with a working verification link', async () => {
    const user = await stack.createUser({ email: uniqueEmail('mailbox'), emailVerified: false });
    const json = await stack.mail(user.email);
    expect(json).toHaveLength(1);
    expect(json[0]).toMatchObject({ to: user.email, subject: 'Verify your email address' });
    const list = await (await fetch(`${stack.mailboxUrl}/?to=${encodeURIComponent(user.email)}`)).text();
    expect(list).toContain(`/messages/${json[0]?.id}`);
    const message = await (await fetch(`${stack.mailboxUrl}/messages/${json[0]?.id}`)).text();
    const href = /href="([^"]+email-verification[^"]+)"/.exec(message)?.[1]?.replace(/&amp;/g, '&') ?? '';
    // The provider's verification ticket (decision 080), which then sends the browser to the app.
    const link = new URL(href);
    expect(link.origin).toBe(stack.idpUrl);
    expect(link.pathname).toBe('/u/email-verification');
    expect(link.searchParams.get('ticket')).toBeTruthy();
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.headers.get('location')).toBe(
      `${stack.appUrl}/auth/verified-email?email=${encodeURIComponent(user.email)}`,
    );
    expect((await fetch(`${stack.mailboxUrl}/messages/999999`)).status).toBe(404);
  });
});

describe('regional environments', () => {
  it('names the region and the practice, and echoes the path and query escaped', async () => {
    const au = await (
      await fetch(`${stack.environments.au}/practice/au-harbourside?from=<script>alert(1)</script>`)
    ).text();
    expect(au).toContain('AU environment');
    expect(au).toContain('Harbourside Veterinary Clinic');
    expect(au).toContain('/practice/au-harbourside?from=%3Cscript%3Ealert(1)%3C/script%3E');
    expect(au).not.toContain('<script>');
    const uk = await rawGet(`${stack.environments.uk}`, '/mobile/pets?practiceKey=uk-camden&x="><img>');
    expect(uk).toContain('UK environment');
    expect(uk).toContain('Camden Town Vets');
    expect(uk).not.toContain('"><img>');
    expect(uk).toContain('&quot;&gt;&lt;img&gt;');
    const unknown = await (await fetch(`${stack.environments.uk}/practice/%3Cb%3Ex`)).text();
    expect(unknown).toContain('unknown practice');
    expect(unknown).toContain('&lt;b&gt;x');
  });
});

describe('test reset', () => {
  it('restores the seed (POST /__test/reset)', async () => {
    const user = await stack.createUser({ email: uniqueEmail('reset') });
    expect(stack.repo.getUser(user.sub)).not.toBeNull();
    const reset = await stack.api('/__test/reset', { body: {} });
    expect(reset.status).toBe(200);
    expect(stack.repo.getUser(user.sub)).toBeNull();
    const stale = await stack.api('/api/profile/', { token: user.accessToken, body: { firstName: 'x' } });
    expect(stale.status).toBe(401);
    expect((stale.json as { detail: string }).detail).toBe('The user of this access token no longer exists.');
    expect(stack.repo.getUser(seedAccounts.verified.sub)?.email).toBe(seedAccounts.verified.email);
    expect(await stack.verificationLink(seedAccounts.unverified.email)).toContain(
      '/u/email-verification?ticket=',
    );
  });
});
