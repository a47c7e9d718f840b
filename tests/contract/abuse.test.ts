import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinLimits } from '../../server/api/rate-limit';
import { routePathsOfTheApp } from '../support/route-paths';
import { DIST_DIR, startTestStack, type TestStack } from '../support/stack';
import { authorizeUrl, Browser, pkce } from './browser';

/**
 * The stack refuses abuse cleanly (decision 080): companion pins cannot be enumerated.
 * The stack listens on 127.0.0.1, so each test "client" is its own loopback source address.
 */

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ host: '127.0.0.1' });
});
afterAll(async () => {
  await stack.dispose();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: unknown;
}

/** POST JSON to the app origin from a given loopback source address. */
function postFrom(client: string, path: string, body: unknown): Promise<Answer> {
  const url = new URL(path, stack.appUrl);
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: client,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          data += chunk;
        });
        res.on('end', () => {
          let json: unknown = null;
          try {
            json = JSON.parse(data);
          } catch {
            json = data;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json });
        });
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

function expectLimited(answer: Answer) {
  expect(answer.status).toBe(429);
  expect(answer.json).toEqual({ isSuccess: false, message: expect.stringMatching(/^Too many attempts/) });
  const retryAfter = Number(answer.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(pinLimits.perClient.windowMs / 1000);
}

describe('companion pins cannot be enumerated', () => {
  it('a client that keeps guessing is refused (verify-pin and fetch-devices) with 429 and Retry-After, also for a right pin', async () => {
    const client = '127.0.0.11';
    for (let i = 0; i < pinLimits.perClient.max; i += 1) {
      const guess = String(9000 + i);
      const path = i % 2 === 0 ? '/api/onboarding/verify-pin' : '/api/onboarding/fetch-devices';
      expect((await postFrom(client, path, { pin: guess })).status).toBe(400);
    }
    expectLimited(await postFrom(client, '/api/onboarding/verify-pin', { pin: '9998' }));
    expectLimited(await postFrom(client, '/api/onboarding/fetch-devices', { pin: '1234' }));
    expectLimited(await postFrom(client, '/api/onboarding/verify-pin', { pin: '1234' }));
    // Another client is not affected.
    expect((await postFrom('127.0.0.12', '/api/onboarding/verify-pin', { pin: '1234' })).status).toBe(200);
  });

  it('one pin checked too often (from many clients) is refused for everybody until the window ends', async () => {
    for (let i = 0; i < pinLimits.perPin.max; i += 1) {
      const answer = await postFrom(`127.0.1.${(i % 200) + 1}`, '/api/onboarding/fetch-devices', {
        pin: '5678',
      });
      expect(answer.status).toBe(200);
    }
    expectLimited(await postFrom('127.0.2.1', '/api/onboarding/fetch-devices', { pin: '5678' }));
    expectLimited(await postFrom('127.0.2.2', '/api/onboarding/verify-pin', { pin: '5678' }));
    // Other pins are not affected.
    expect((await postFrom('127.0.2.3', '/api/onboarding/verify-pin', { pin: '1234' })).status).toBe(200);
  });
});

describe('every page the stack serves has a strict CSP and cannot be framed', () => {
  /** A login interaction page of the provider (after /authorize), with `extra` authorize params. */
  async function interactionPage(extra: Record<string, string> = {}) {
    const browser = new Browser();
    const start = await browser.go(
      authorizeUrl(stack.idpUrl, {
        clientId: stack.clientId,
        redirectUri: `${stack.appUrl}/auth/redirect`,
        audience: stack.audience,
        challenge: pkce().challenge,
        extra,
      }),
    );
    expect(start.location).toMatch(/\/interaction\//);
    return browser.go(start.location ?? '');
  }

  function directives(csp: string): Map<string, string[]> {
    return new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...values]) => [name ?? '', values]),
    );
  }

  function expectStrict(
    name: string,
    answer: { status: number; headers: Headers },
    frameAncestors: string[],
  ) {
    expect(answer.headers.get('content-type'), name).toContain('text/html');
    const csp = directives(answer.headers.get('content-security-policy') ?? '');
    expect(csp.get('frame-ancestors'), `${name}: frame-ancestors`).toEqual(frameAncestors);
    expect(csp.has('default-src'), `${name}: default-src`).toBe(true);
    const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
    expect(scripts, `${name}: script-src`).not.toContain("'unsafe-inline'");
    expect(scripts, `${name}: script-src`).not.toContain("'unsafe-eval'");
    expect(answer.headers.get('x-frame-options'), `${name}: X-Frame-Options`).toMatch(
      frameAncestors.includes("'none'") ? /^DENY$/ : /^(DENY|SAMEORIGIN)$/,
    );
  }

  it('the identity provider: login, sign-up, social, error and logout-refusal pages, its own error page', async () => {
    const get = (path: string) => new Browser().go(`${stack.idpUrl}${path}`);
    const pages: [string, { status: number; headers: Headers }][] = [
      ['provider home', await get('/')],
      ['login', await interactionPage()],
      ['sign-up', await interactionPage({ screen_hint: 'signup' })],
      ['social', await interactionPage({ connection: 'google-oauth2' })],
      ['logout refused (client)', await get('/v2/logout?client_id=nope')],
      ['logout refused (returnTo)', await get('/v2/logout?returnTo=https%3A%2F%2Fevil.example%2F')],
      ['verification ticket refused', await get('/u/email-verification?ticket=forged')],
      ['oidc-provider error page', await get('/authorize')],
    ];
    for (const [name, answer] of pages) {
      expect(answer.status, name).toBeLessThan(500);
      expectStrict(name, answer, ["'none'"]);
    }
    expect(pages.find(([name]) => name === 'login')?.[1].status).toBe(200);
  });

  it('the silent-auth answer (web_message) runs only its own hashed script and is framed by the app', async () => {
    const answer = await new Browser().go(
      authorizeUrl(stack.idpUrl, {
        clientId: stack.clientId,
        redirectUri: `${stack.appUrl}/auth/redirect`,
        audience: stack.audience,
        challenge: pkce().challenge,
        extra: { prompt: 'none', response_mode: 'web_message' },
      }),
    );
    expect(answer.status).toBe(200);
    const csp = directives(answer.headers.get('content-security-policy') ?? '');
    expect(csp.get('script-src')).toEqual(["'self'", expect.stringMatching(/^'sha256-.+'$/)]);
    expect(csp.get('default-src')).toEqual(["'none'"]);
  });

  it('the mailbox, the regional environments and the app', async () => {
    await stack.createUser({ email: 'csp.check@example.test', emailVerified: false });
    const [message] = await stack.mail('csp.check@example.test');
    const get = async (url: string) => {
      const response = await fetch(url, { redirect: 'manual' });
      await response.arrayBuffer();
      return response;
    };
    const strict: [string, Response][] = [
      ['mailbox list', await get(`${stack.mailboxUrl}/`)],
      ['mailbox message', await get(`${stack.mailboxUrl}/messages/${message?.id}`)],
      ['mailbox missing message', await get(`${stack.mailboxUrl}/messages/999999`)],
      ['AU environment', await get(`${stack.environments.au}/practice/au-harbourside`)],
      ['UK environment', await get(`${stack.environments.uk}/`)],
      ['AU environment home', await get(`${stack.environments.au}/`)],
      ['UK environment practice', await get(`${stack.environments.uk}/practice/uk-anything`)],
      ['environment unknown page', await get(`${stack.environments.au}/no/such/page`)],
      ['mailbox unknown page', await get(`${stack.mailboxUrl}/no/such/page`)],
    ];
    for (const [name, answer] of strict) expectStrict(name, answer, ["'none'"]);
    // The app's own policy (server/app.ts) lets only the app frame itself.
    for (const path of ['/', '/switch-practice', '/no/such/page']) {
      expectStrict(`app ${path}`, await get(`${stack.appUrl}${path}`), ["'self'"]);
    }
  });

  it('every page of the app origin: each prerendered route, every route of the app, the SPA fallback, the legal pages', async () => {
    const get = async (path: string) => {
      const response = await fetch(`${stack.appUrl}${path}`, { redirect: 'manual' });
      return { response, text: await response.text() };
    };
    // The build the stack serves (the prerender writes one <route>/index.html per first screen).
    expect(existsSync(join(DIST_DIR, '200.html')), 'needs a build in dist/: npm run build').toBe(true);
    const prerendered = htmlFilesUnder(DIST_DIR)
      .filter((file) => file === 'index.html' || file.endsWith('/index.html'))
      .map((file) => `/${file.slice(0, -'index.html'.length)}`.replace(/\/$/, '') || '/');
    expect(prerendered).toContain('/');
    expect(prerendered.length).toBeGreaterThan(5);
    for (const path of prerendered) {
      const { response, text } = await get(path);
      expect(response.status, path).toBe(200);
      // The route's own prerendered file, not the fallback.
      expect(text, path).toBe(readFileSync(join(DIST_DIR, path, 'index.html'), 'utf8'));
      expectStrict(`prerendered ${path}`, response, ["'self'"]);
    }
    // Every route of the app (parameters filled in), prerendered or served by the SPA fallback.
    const routePaths = routePathsOfTheApp().map((path) =>
      path.replace(/\$[A-Za-z]+/g, 'some-key').replace(/\/\$$/, '/a/b'),
    );
    expect(routePaths.length).toBeGreaterThan(10);
    const fallback = readFileSync(join(DIST_DIR, '200.html'), 'utf8');
    for (const path of [...routePaths, '/no/such/page', '/onboarding/unknown-step']) {
      const { response, text } = await get(path);
      expect(response.status, path).toBe(200);
      if (!prerendered.includes(path)) expect(text, `${path}: the SPA fallback`).toBe(fallback);
      expectStrict(`app route ${path}`, response, ["'self'"]);
    }
    // The legal documents the app links to (terms, privacy).
    for (const path of ['/legal/terms', '/legal/privacy']) {
      const { response } = await get(path);
      expect(response.status, path).toBe(200);
      expectStrict(`legal ${path}`, response, ["'self'"]);
    }
  });
});

/** The .html files under a folder, as paths relative to it ('/'-separated). */
function htmlFilesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => file.split(sep).join('/'))
    .filter((file) => statSync(join(root, file)).isFile());
}
