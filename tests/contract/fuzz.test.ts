import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { startTestStack, type TestStack } from '../support/stack';
import { authorizeUrl, Browser, pkce } from './browser';

/**
 * Malformed input never crashes the stack (decision 012): every /api route, the hub's
 * HTTP endpoints and the identity provider's forms answer what fast-check throws at them with a
 * status below 500, nothing is logged as an unhandled error, bodies over 64 KB are refused with
 * 413, and the stack keeps serving afterwards.
 */

let stack: TestStack;
let token: string;
const unhandled: unknown[][] = [];

beforeAll(async () => {
  stack = await startTestStack({ host: '127.0.0.1' });
  token = (await stack.createUser({ email: 'fuzz.user@example.test' })).accessToken;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unhandled.push(args);
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await stack.dispose();
});

interface Sent {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Stream the body with chunked transfer encoding (no Content-Length declared). */
  chunked?: boolean;
}

/**
 * One request over node:http (no client-side normalisation of the path or the method). The answer
 * is the status the server sent: a connection broken before any answer rejects (a test never
 * counts it as a refusal). A server that answers before the whole body is sent (an over-limit
 * upload refused early) still has its answer read; an error while the rest is written after that
 * answer is not the server's failure.
 */
function send(input: Sent): Promise<{ status: number; text: string }> {
  const url = new URL(input.url);
  return new Promise((resolve, reject) => {
    let answer: { status: number; chunks: Buffer[] } | null = null;
    const settle = () => {
      if (answer) resolve({ status: answer.status, text: Buffer.concat(answer.chunks).toString('utf8') });
    };
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: input.method,
        agent: false,
        // The raw path as given (fetch and URL would re-encode it).
        path: input.url.slice(url.origin.length) || '/',
        headers: {
          ...(input.body === undefined || input.chunked
            ? {}
            : { 'Content-Length': Buffer.byteLength(input.body) }),
          ...(input.chunked ? { 'Transfer-Encoding': 'chunked' } : {}),
          ...(input.headers ?? {}),
        },
      },
      (res) => {
        const received = { status: res.statusCode ?? 0, chunks: [] as Buffer[] };
        answer = received;
        res.on('data', (chunk: Buffer) => received.chunks.push(chunk));
        res.on('end', settle);
        // The status line and headers were read: a connection cut during the rest still answered.
        res.on('aborted', settle);
        res.on('error', settle);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (answer) settle();
      else
        reject(
          new Error(
            `${input.method} ${input.url}: no answer, the connection broke (${error.code ?? error.message})`,
          ),
        );
    });
    if (input.body === undefined) {
      req.end();
      return;
    }
    // In 8 KB writes, each after the previous one was taken, so the server can answer (and an
    // early answer is read) while the upload is still under way.
    const body = Buffer.from(input.body);
    let offset = 0;
    const writeNext = () => {
      while (offset < body.length) {
        const chunk = body.subarray(offset, offset + 8192);
        offset += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', writeNext);
          return;
        }
      }
      req.end();
    };
    writeNext();
  });
}

// ───────────────────────────── generators ─────────────────────────────

const nastySegments = [
  '%ZZ',
  '%',
  '%E0%A4%A',
  '..',
  '%2e%2e',
  '%00',
  'a%2Fb',
  '%F0%9F%98%80',
  '%5Bx%5D',
  '%C0%AF',
  '%uD800',
];
const nastySegment = fc.oneof(
  fc.constantFrom(...nastySegments),
  fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s)),
  fc.stringMatching(/^[A-Za-z0-9%._~-]{0,20}$/),
);

const queryString = fc.oneof(
  fc.constant(''),
  fc.constantFrom('?email=', '?email=%ZZ', '?email=fuzz.user%40example.test', '?email[]=a&email=b', '?%=%'),
  fc
    .dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 10 }), { maxKeys: 3 })
    .map((q) => `?${new URLSearchParams(q).toString()}`),
);

const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.record({ pin: fc.jsonValue({ maxDepth: 1 }) }).map((v) => JSON.stringify(v)),
  fc.record({ email: fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 1 })) }).map((v) => JSON.stringify(v)),
  fc
    .record({ inviteCode: fc.jsonValue({ maxDepth: 1 }), practiceKey: fc.jsonValue({ maxDepth: 1 }) })
    .map((v) => JSON.stringify(v)),
  fc
    .record({
      environment: fc.constantFrom('au', 'uk', 'xx'),
      practice: fc.jsonValue({ maxDepth: 2 }),
      profile: fc.jsonValue({ maxDepth: 2 }),
      options: fc.jsonValue({ maxDepth: 1 }),
      terms: fc.jsonValue({ maxDepth: 0 }),
    })
    .map((v) => JSON.stringify(v)),
);

const anyBody = fc.oneof(
  { weight: 4, arbitrary: jsonBody },
  { weight: 2, arbitrary: fc.string({ maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('{', '{"a":', '[]', 'null', '"x"', '\u0000', '{"__proto__":{"x":1}}'),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  '',
);

const methods = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD');

const apiPaths = [
  '/api/clientconfig/app',
  '/api/clientconfig/auth',
  '/api/sharedDirectoryPractice/dir-paws-claws',
  // The generated segment becomes the key.
  '/api/sharedDirectoryPractice',
  '/api/userpractice/',
  '/api/userpractice/state',
  '/api/userpractice/active',
  '/api/userpractice/invite',
  '/api/userpractice/invite-code',
  '/api/profile/',
  '/api/profile/exists',
  '/api/profile/alternate-providers',
  '/api/profile/verify-email',
  '/api/profile/resend-verification-email',
  '/api/onboarding/verify-pin',
  '/api/onboarding/fetch-devices',
  '/api/onboarding/register-practice',
];

const authHeader = () =>
  fc.constantFrom<Record<string, string>>(
    {},
    { Authorization: `Bearer ${token}` },
    { Authorization: 'Bearer not.a.jwt' },
    { Authorization: 'Bearer ' },
    { Authorization: 'Basic Zm9vOmJhcg==' },
  );

async function expectServing() {
  expect((await send({ method: 'GET', url: `${stack.appUrl}/api/clientconfig/app` })).status).toBe(200);
  expect(
    (await send({ method: 'GET', url: `${stack.idpUrl}/.well-known/openid-configuration` })).status,
  ).toBe(200);
  expect(unhandled).toEqual([]);
}

const runs = (n: number) => ({ numRuns: n, seed: Number(process.env.FUZZ_SEED ?? 18), endOnFailure: true });

describe('the fuzzed routes are the server’s routes', () => {
  it('every API route of the server is fuzzed, and every fuzzed path is a route', () => {
    // The sharedDirectoryPractice entry without its key gets one from the generators.
    const concrete = apiPaths.map((p) => (p === '/api/sharedDirectoryPractice' ? `${p}/some-key` : p));
    expect(stack.apiRoutes.length).toBeGreaterThan(0);
    for (const route of stack.apiRoutes) {
      expect(
        concrete.some((p) => route.path.test(p)),
        `${route.method} ${route.path}: add a path to apiPaths in tests/contract/fuzz.test.ts`,
      ).toBe(true);
    }
    for (const p of concrete)
      expect(
        stack.apiRoutes.some((route) => route.path.test(p)),
        `${p} is no route of the server`,
      ).toBe(true);
  });
});

describe('fuzz: no 5xx, no unhandled error, the stack keeps serving', () => {
  it('table: every /api route with every malformed path segment, GET and POST', async () => {
    for (const path of apiPaths) {
      for (const segment of nastySegments) {
        for (const method of ['GET', 'POST']) {
          const url = `${stack.appUrl}${path.replace(/\/$/, '')}/${segment}`;
          const answer = await send({
            method,
            url,
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
            ...(method === 'POST' ? { body: '{}' } : {}),
          });
          expect(answer.status, `${method} ${url}`).toBeLessThan(500);
        }
      }
    }
    await expectServing();
  });

  it('every /api route', async () => {
    await fc.assert(
      fc.asyncProperty(
        methods,
        fc.constantFrom(...apiPaths),
        fc.option(nastySegment, { nil: undefined }),
        queryString,
        anyBody,
        contentType,
        authHeader(),
        async (method, path, extra, query, body, type, auth) => {
          const url = `${stack.appUrl}${extra === undefined ? path : `${path.replace(/\/$/, '')}/${extra}`}${query}`;
          const answer = await send({
            method,
            url,
            headers: { ...(type ? { 'Content-Type': type } : {}), ...auth },
            ...(body === undefined || method === 'GET' || method === 'HEAD' ? {} : { body }),
          });
          expect(answer.status, `${method} ${url} ${body ?? ''}`).toBeGreaterThanOrEqual(200);
          expect(answer.status, `${method} ${url} ${body ?? ''}`).toBeLessThan(500);
        },
      ),
      runs(250),
    );
    await expectServing();
  });

  it('the hub: negotiate, long polling, sends and deletes with good and bad ids', async () => {
    const negotiated = await send({
      method: 'POST',
      url: `${stack.appUrl}/sockets/appstate/negotiate?negotiateVersion=1`,
      headers: { Authorization: `Bearer ${token}` },
    });
    const { connectionToken } = JSON.parse(negotiated.text) as { connectionToken: string };
    await fc.assert(
      fc.asyncProperty(
        methods,
        fc.constantFrom(
          '/sockets/appstate',
          '/sockets/appstate/negotiate',
          '/sockets/appstate/x',
          '/sockets/other',
        ),
        fc.oneof(
          fc.constant(`?id=${connectionToken}`),
          fc.constant(''),
          nastySegment.map((s) => `?id=${s}`),
          fc.constantFrom('?negotiateVersion=abc', '?negotiateVersion=1', '?access_token=x'),
        ),
        fc.oneof(
          anyBody,
          fc.constantFrom(
            '{"protocol":"json","version":1}\u001e',
            '{"type":1,"target":"x","arguments":[]}\u001e',
            '\u001e\u001e',
          ),
        ),
        authHeader(),
        async (method, path, query, body, auth) => {
          const url = `${stack.appUrl}${path}${query}`;
          // A GET long poll waits for messages: a short poll is enough to see its status.
          const answer = await Promise.race([
            send({
              method,
              url,
              headers: { 'Content-Type': 'text/plain', ...auth },
              ...(body === undefined || method === 'GET' || method === 'HEAD' ? {} : { body }),
            }),
            new Promise<{ status: number; text: string }>((resolve) =>
              setTimeout(() => resolve({ status: 200, text: 'polling' }), 300),
            ),
          ]);
          expect(answer.status, `${method} ${url}`).toBeLessThan(500);
        },
      ),
      runs(120),
    );
    await expectServing();
  });

  it('the identity provider: its forms, token endpoint, logout, verification ticket and test hooks', async () => {
    const browser = new Browser();
    const start = await browser.go(
      authorizeUrl(stack.idpUrl, {
        clientId: stack.clientId,
        redirectUri: `${stack.appUrl}/auth/redirect`,
        audience: stack.audience,
        challenge: pkce().challenge,
      }),
    );
    const interaction = new URL(start.location ?? '').pathname;
    const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const formBody = fc.oneof(
      fc
        .dictionary(
          fc.constantFrom('email', 'password', 'name', 'connection', 'account', 'x', 'email[]'),
          fc.oneof(
            fc.string({ maxLength: 80 }),
            fc.constantFrom('%ZZ', 'a'.repeat(300), 'google-oauth2', 'auth0|seed-olivia'),
          ),
          { maxKeys: 4 },
        )
        .map((fields) => new URLSearchParams(fields).toString()),
      fc.constantFrom('%ZZ=%ZZ', '&&&', '=', 'email=%E0%A4%A'),
      anyBody,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT'),
        fc.oneof(
          fc.constantFrom(
            `${interaction}/login`,
            `${interaction}/signup`,
            `${interaction}/social`,
            `${interaction}/nope`,
            interaction,
            '/interaction/unknown/login',
            '/oauth/token',
            '/v2/logout',
            '/u/email-verification',
            '/userinfo',
            '/__test/users',
            '/__test/token',
            '/authorize',
          ),
          nastySegment.map((s) => `/interaction/${s}/login`),
        ),
        queryString,
        formBody,
        fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain', ''),
        async (method, path, query, body, type) => {
          const url = `${stack.idpUrl}${path}${query}`;
          const answer = await send({
            method,
            url,
            headers: { cookie, ...(type ? { 'Content-Type': type } : {}) },
            ...(body === undefined || method === 'GET' ? {} : { body }),
          });
          expect(answer.status, `${method} ${url} ${body ?? ''}`).toBeLessThan(500);
        },
      ),
      runs(150),
    );
    await expectServing();
  });
});

describe('bodies over 64 KB are refused with 413 everywhere', () => {
  const big = Buffer.alloc(70 * 1024, 'a');

  it('the API, the hub’s long-polling send, the provider’s login, sign-up and social forms, its token endpoint and the test hooks: declared or streamed', async () => {
    const negotiated = await send({
      method: 'POST',
      url: `${stack.appUrl}/sockets/appstate/negotiate?negotiateVersion=1`,
      headers: { Authorization: `Bearer ${token}` },
    });
    const { connectionToken } = JSON.parse(negotiated.text) as { connectionToken: string };
    const browser = new Browser();
    const start = await browser.go(
      authorizeUrl(stack.idpUrl, {
        clientId: stack.clientId,
        redirectUri: `${stack.appUrl}/auth/redirect`,
        audience: stack.audience,
        challenge: pkce().challenge,
      }),
    );
    const interaction = new URL(start.location ?? '').href;
    const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const formBody = Buffer.from(`email=a%40example.test&password=${'a'.repeat(70 * 1024)}`);
    const targets: (Sent & { body: Buffer })[] = [
      {
        method: 'POST',
        url: `${stack.appUrl}/api/onboarding/verify-pin`,
        headers: { 'Content-Type': 'application/json' },
        body: big,
      },
      {
        method: 'POST',
        url: `${stack.appUrl}/sockets/appstate?id=${connectionToken}`,
        headers: { Authorization: `Bearer ${token}` },
        body: big,
      },
      { method: 'POST', url: `${interaction}/login`, headers: { ...form, cookie }, body: formBody },
      { method: 'POST', url: `${interaction}/signup`, headers: { ...form, cookie }, body: formBody },
      { method: 'POST', url: `${interaction}/social`, headers: { ...form, cookie }, body: formBody },
      { method: 'POST', url: `${stack.idpUrl}/oauth/token`, headers: form, body: formBody },
      {
        method: 'POST',
        url: `${stack.idpUrl}/__test/users`,
        headers: { 'Content-Type': 'application/json' },
        body: big,
      },
      {
        method: 'POST',
        url: `${stack.appUrl}/__test/activate`,
        headers: { 'Content-Type': 'application/json' },
        body: big,
      },
    ];
    for (const target of targets) {
      for (const chunked of [false, true]) {
        const answer = await send({ ...target, chunked });
        expect(answer.status, `${target.url} (${chunked ? 'streamed' : 'declared'})`).toBe(413);
      }
    }
    // A streamed body under the cap still reaches oidc-provider whole (its answer is about the
    // grant, not the body).
    const small = await send({
      method: 'POST',
      url: `${stack.idpUrl}/oauth/token`,
      headers: form,
      chunked: true,
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'nope',
        client_id: stack.clientId,
        redirect_uri: `${stack.appUrl}/auth/redirect`,
        code_verifier: pkce().verifier,
      }).toString(),
    });
    expect(small.text).not.toMatch(/parse/);
    expect(JSON.parse(small.text)).toMatchObject({ error: 'invalid_grant' });
    // A declared 50 MB upload is refused before it is read: the answer arrives while only one byte was sent.
    const declared = await send({
      method: 'POST',
      url: `${stack.appUrl}/sockets/appstate?id=${connectionToken}`,
      headers: { Authorization: `Bearer ${token}`, 'Content-Length': String(50 * 1024 * 1024) },
      body: 'x',
    });
    expect(declared.status).toBe(413);
    await expectServing();
  });

  it('the hub’s WebSocket: a frame over 64 KB closes the connection with 1009, a frame under it is taken', async () => {
    const negotiated = await send({
      method: 'POST',
      url: `${stack.appUrl}/sockets/appstate/negotiate?negotiateVersion=1`,
      headers: { Authorization: `Bearer ${token}` },
    });
    const { connectionToken } = JSON.parse(negotiated.text) as { connectionToken: string };
    const ws = new WebSocket(
      `${stack.appUrl.replace(/^http/, 'ws')}/sockets/appstate?id=${connectionToken}&access_token=${token}`,
    );
    const messages: string[] = [];
    ws.on('message', (data: Buffer) => messages.push(data.toString('utf8')));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const RS = '\u001e';
    ws.send(`{"protocol":"json","version":1}${RS}`);
    await vi.waitFor(() => expect(messages.join('')).toContain(`{}${RS}`));
    // Just under the cap: an invocation the hub reads (and ignores), the socket stays open.
    const invocation = (size: number) => {
      const frame = `{"type":1,"target":"ping","arguments":["${'a'.repeat(size)}"]}${RS}`;
      return frame;
    };
    const under = invocation(60 * 1024);
    expect(Buffer.byteLength(under)).toBeLessThan(64 * 1024);
    ws.send(under);
    // A ping record after it still gets the hub's ping answer: the connection is alive.
    ws.send(`{"type":6}${RS}`);
    await new Promise((r) => setTimeout(r, 200));
    expect(ws.readyState).toBe(WebSocket.OPEN);
    // Over the cap: closed with 1009 (message too big), never buffered.
    const closed = new Promise<number>((resolve) => ws.once('close', (code: number) => resolve(code)));
    ws.send(invocation(70 * 1024));
    expect(await closed).toBe(1009);
    await expectServing();
  });

  it('a malformed path answers 400, not 500 (/api/sharedDirectoryPractice/%ZZ)', async () => {
    const answer = await send({ method: 'GET', url: `${stack.appUrl}/api/sharedDirectoryPractice/%ZZ` });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({
      status: 400,
      errors: { key: ['The practice key is not valid.'] },
    });
    await expectServing();
  });
});

describe('the test hooks answer a caller’s mistake with 4xx', () => {
  it('the provider’s user test hook answers a duplicate account with 409, not 500', async () => {
    const body = JSON.stringify({ email: 'fuzz.user@example.test' });
    const answer = await send({
      method: 'POST',
      url: `${stack.idpUrl}/__test/users`,
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(answer.status).toBe(409);
    await expectServing();
  });
});
