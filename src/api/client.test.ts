import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  type ApiErrorCode,
  createApiClient,
  htmlErrorMessage,
  parseErrorBody,
  retryAfterSecondsOf,
} from './client';
import { createEndpoints } from './endpoints';

interface Call {
  url: string;
  init: RequestInit;
}

/** A fake fetch that answers with a fixed response and records the calls. */
function fakeFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), init: init ?? {} };
    calls.push(call);
    return answer(call);
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const text = (status: number, body: string, contentType = 'text/plain') =>
  new Response(body, { status, headers: { 'content-type': contentType } });

const headersOf = (call: Call | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

function client(answer: (call: Call) => Response | Promise<Response>, token?: string, timeoutMs?: number) {
  const f = fakeFetch(answer);
  const api = createApiClient({
    baseUrl: 'http://app.test',
    getToken: async () => token,
    fetch: f.fetch,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  return { api, calls: f.calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('api client: requests', () => {
  it('sends the bearer token, JSON body and query; parses JSON', async () => {
    const { api, calls } = client(() => json(200, { ok: 1 }), 'tok');
    const answer = await api.request<{ ok: number }>('/api/x', {
      body: { a: 1 },
      query: { q: 'a b', n: 2, skip: undefined },
    });
    expect(answer).toEqual({ ok: 1 });
    const call = calls[0] as Call;
    expect(call.url).toBe('http://app.test/api/x?q=a+b&n=2');
    expect(call.init.method).toBe('POST');
    expect(call.init.body).toBe('{"a":1}');
    const headers = call.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('sends no Authorization when auth is false or there is no token', async () => {
    const a = client(() => json(200, {}), 'tok');
    await a.api.request('/x', { auth: false });
    expect(headersOf(a.calls[0]).Authorization).toBeUndefined();
    const b = client(() => json(200, {}), undefined);
    await b.api.request('/x');
    expect(headersOf(b.calls[0]).Authorization).toBeUndefined();
  });

  it('returns undefined for an empty success body', async () => {
    const { api } = client(() => new Response(null, { status: 204 }));
    expect(await api.request('/x', { method: 'POST' })).toBeUndefined();
  });

  it('lets a failing token getter propagate unchanged', async () => {
    const boom = new Error('login_required');
    const api = createApiClient({
      baseUrl: '',
      getToken: () => Promise.reject(boom),
      fetch: fakeFetch(() => json(200, {})).fetch,
    });
    await expect(api.request('/x')).rejects.toBe(boom);
  });
});

describe('api client: the three error shapes (spec §8)', () => {
  it('problem details: detail (else title) is the message, errors are the field errors', async () => {
    const body = {
      type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
      title: 'One or more validation errors occurred.',
      status: 400,
      detail: 'The practice is invalid',
      instance: '/api/onboarding/register-practice',
      errors: {
        'practice.businessName': ['Business name is required'],
        'profile.phone': 'Phone is required',
      },
    };
    const e = await failure(
      client(() => json(400, body, { 'content-type': 'application/problem+json' })).api.request('/x'),
    );
    expect(e.code).toBe<ApiErrorCode>('HTTP_ERROR');
    expect(e.status).toBe(400);
    expect(e.message).toBe('The practice is invalid');
    expect(e.fieldErrors).toEqual({
      'practice.businessName': ['Business name is required'],
      'profile.phone': ['Phone is required'],
    });
    expect(e.body).toEqual(body);
    const noDetail = await failure(
      client(() => json(401, { title: 'Unauthorized', status: 401, type: 'about:blank' })).api.request('/x'),
    );
    expect(noDetail.message).toBe('Unauthorized');
    expect(noDetail.fieldErrors).toEqual({});
  });

  it('{ isSuccess, message }: the message', async () => {
    const e = await failure(
      client(() => json(400, { isSuccess: false, message: 'Invalid pin' })).api.request('/x'),
    );
    expect(e.message).toBe('Invalid pin');
    expect(e.status).toBe(400);
    expect(e.code).toBe('HTTP_ERROR');
  });

  it('{ isSuccess: false } on a 200 is a CUSTOM_ERROR with status 500', async () => {
    const e = await failure(client(() => json(200, { isSuccess: false, message: 'Nope' })).api.request('/x'));
    expect(e.code).toBe('CUSTOM_ERROR');
    expect(e.status).toBe(500);
    expect(e.message).toBe('Nope');
  });

  it('a validation map: field errors, first message as the message', async () => {
    const e = await failure(
      client(() =>
        json(422, { pin: ['Pin must be 4 digits', 'Pin is wrong'], code: 'Code expired' }),
      ).api.request('/x'),
    );
    expect(e.fieldErrors).toEqual({ pin: ['Pin must be 4 digits', 'Pin is wrong'], code: ['Code expired'] });
    expect(e.message).toBe('Pin must be 4 digits');
  });

  it('a lone message, or a map-shaped body on a server failure, is a message, not field errors', async () => {
    const lone = await failure(client(() => json(500, { message: 'boom' })).api.request('/x'));
    expect(lone.message).toBe('boom');
    expect(lone.fieldErrors).toEqual({});
    const lone400 = await failure(client(() => json(400, { message: 'Code expired' })).api.request('/x'));
    expect(lone400.message).toBe('Code expired');
    expect(lone400.fieldErrors).toEqual({});
    const serverMap = await failure(client(() => json(503, { database: 'down' })).api.request('/x'));
    expect(serverMap.message).toBe('down');
    expect(serverMap.fieldErrors).toEqual({});
  });

  it('unparseable text is used as the message', async () => {
    const e = await failure(
      client(() => text(500, 'Api, Request failed, Database is down')).api.request('/x'),
    );
    expect(e.message).toBe('Api, Request failed, Database is down');
    expect(e.status).toBe(500);
    expect(e.fieldErrors).toEqual({});
  });

  it('an empty error body gives the status name', async () => {
    const e = await failure(client(() => new Response('', { status: 404 })).api.request('/x'));
    expect(e.message).toBe('Not Found');
  });

  it('a JSON body of another shape gives the default form error', async () => {
    const e = await failure(client(() => json(500, [1, 2])).api.request('/x'));
    expect(e.message).toBe('An error occurred, please try again');
    expect(e.messageDescriptor?.id).toBe('api.error.default');
  });
});

describe('api client: too many requests', () => {
  it('a 429 carries the server message and the Retry-After seconds', async () => {
    const { api } = client(() =>
      json(429, { isSuccess: false, message: 'Too many attempts' }, { 'Retry-After': '42' }),
    );
    const error = await failure(api.request('/api/onboarding/verify-pin', { body: { pin: '1234' } }));
    expect(error.status).toBe(429);
    expect(error.message).toBe('Too many attempts');
    expect(error.retryAfterSeconds).toBe(42);
  });

  it('reads Retry-After as seconds or an HTTP date; null when absent or unreadable', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(retryAfterSecondsOf('7', now)).toBe(7);
    expect(retryAfterSecondsOf('Mon, 23 Nov 2026 10:00:30 GMT', now)).toBe(30);
    expect(retryAfterSecondsOf(null, now)).toBeNull();
    expect(retryAfterSecondsOf('soon', now)).toBeNull();
  });
});

describe('api client: HTML bodies and status mapping (spec §8)', () => {
  it.each([
    [408, 'Request timed out, please try again'],
    [504, 'Request timed out, please try again'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
    [500, 'Internal Server Error'],
    [404, 'Not Found'],
    [418, "I'm A Teapot"],
    [599, 'Unknown'],
  ])('HTML error page with status %i → %j', async (status, message) => {
    const page = '<!DOCTYPE html><html><body><h1>Oops</h1></body></html>';
    const e = await failure(client(() => text(status, page, 'text/html; charset=utf-8')).api.request('/x'));
    expect(e.message).toBe(message);
    expect(e.status).toBe(status);
    expect(e.code).toBe('HTTP_ERROR');
    expect(htmlErrorMessage(status).message).toBe(message);
  });

  it('recognises HTML without a content type', () => {
    expect(parseErrorBody(502, '<html><body>bad</body></html>', null).message).toBe('Bad Gateway');
  });

  it('FETCH_ERROR → 424 when the network fails', async () => {
    const e = await failure(
      client(() => {
        throw new TypeError('Failed to fetch');
      }).api.request('/x'),
    );
    expect(e.code).toBe('FETCH_ERROR');
    expect(e.status).toBe(424);
    expect(e.message).toBe('An error occurred, please try again');
    expect(e.cause).toBeInstanceOf(TypeError);
  });

  it('PARSING_ERROR → 415 when a success body is not JSON', async () => {
    const e = await failure(client(() => text(200, 'not json {')).api.request('/x'));
    expect(e.code).toBe('PARSING_ERROR');
    expect(e.status).toBe(415);
    expect(e.body).toBe('not json {');
  });

  it('TIMEOUT_ERROR → 408 when the server does not answer in time (AbortController)', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const { api } = client(
      (call) =>
        new Promise<Response>((_resolve, reject) => {
          signal = call.init.signal ?? undefined;
          call.init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
      undefined,
      10_000,
    );
    const pending = failure(api.request('/slow'));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const e = await pending;
    expect(signal?.aborted).toBe(true);
    expect(e.code).toBe('TIMEOUT_ERROR');
    expect(e.status).toBe(408);
    expect(e.message).toBe('Request timed out, please try again');
  });

  it('a per-call timeout overrides the client timeout', async () => {
    vi.useFakeTimers();
    const { api } = client(
      (call) =>
        new Promise<Response>((_resolve, reject) => {
          call.init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
      undefined,
      100_000,
    );
    const pending = failure(api.request('/slow', { timeoutMs: 50 }));
    await vi.advanceTimersByTimeAsync(50);
    expect((await pending).code).toBe('TIMEOUT_ERROR');
  });

  it("the caller's abort rejects with the caller's reason, not an ApiError", async () => {
    const controller = new AbortController();
    const { api } = client(
      (call) =>
        new Promise<Response>((_resolve, reject) => {
          call.init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const reason = new Error('navigated away');
    const pending = api.request('/x', { signal: controller.signal });
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});

describe('endpoints (spec §7)', () => {
  function endpoints(answer: (call: Call) => Response) {
    const f = fakeFetch(answer);
    const api = createApiClient({ baseUrl: 'http://app.test', getToken: async () => 'tok', fetch: f.fetch });
    return { ep: createEndpoints(api, () => 1700000000000), calls: f.calls };
  }
  const auth = (call: Call | undefined) => headersOf(call).Authorization;

  it('declares each call with its method, path, body and auth', async () => {
    const { ep, calls } = endpoints((call) => {
      const url = new URL(call.url);
      switch (url.pathname) {
        case '/api/userpractice/':
          return json(200, { userPractices: [{ practiceKey: 'p1' }] });
        case '/api/onboarding/register-practice':
          return json(200, { isSuccess: true, data: 'new-key' });
        case '/api/profile/exists':
          return json(200, true);
        case '/api/profile/alternate-providers':
          return json(200, ['google-oauth2']);
        case '/meta.json':
          return json(200, { buildTime: '2026-01-01T00:00:00Z' });
        default:
          return json(200, {});
      }
    });
    await ep.clientConfigApp();
    await ep.clientConfigAuth();
    await ep.sharedDirectoryPractice('a/b');
    expect(await ep.userPractices()).toEqual([{ practiceKey: 'p1' }]);
    await ep.activePractice();
    await ep.setActivePractice('p1');
    await ep.acceptInvite('p2', 'me@example.com');
    await ep.joinByInviteCode('JOINAU01');
    await ep.profile();
    expect(await ep.profileExists()).toBe(true);
    await ep.createProfile({
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      phone: '0412345678',
      dateOfBirth: '1990-01-01',
    });
    expect(await ep.alternateProviders('a@b.co')).toEqual(['google-oauth2']);
    await ep.verifyEmail('a@b.co', false);
    await ep.verifyEmail('a@b.co');
    await ep.resendVerificationEmail();
    await ep.verifyPin('1234');
    await ep.fetchDevices('1234');
    expect(
      await ep.registerPractice({
        environment: 'au',
        practice: {
          businessName: 'x',
          businessNumber: '12345678901',
          name: 'x',
          veterinaryType: 1,
          email: 'a@b.co',
          phone: '0299999999',
          address: { address1: 'x', city: 'x', postcode: '2000', state: 'NSW', country: 'AU' },
          devices: [],
        },
        profile: {
          firstName: 'A',
          lastName: 'B',
          email: 'a@b.co',
          phone: '0412345678',
          dateOfBirth: '1990-01-01',
        },
        options: { registeredFromDirectoryPracticeKey: null },
        terms: true,
      }),
    ).toBe('new-key');
    expect(await ep.meta()).toEqual({ buildTime: '2026-01-01T00:00:00Z' });

    const table = calls.map((c) => [
      c.init.method,
      c.url.replace('http://app.test', ''),
      c.init.body ?? null,
      auth(c) ? 'auth' : 'anon',
    ]);
    expect(table).toEqual([
      ['GET', '/api/clientconfig/app', null, 'anon'],
      ['GET', '/api/clientconfig/auth', null, 'anon'],
      ['GET', '/api/sharedDirectoryPractice/a%2Fb', null, 'anon'],
      ['GET', '/api/userpractice/', null, 'auth'],
      ['GET', '/api/userpractice/active', null, 'auth'],
      ['POST', '/api/userpractice/active', '{"practiceKey":"p1"}', 'auth'],
      ['POST', '/api/userpractice/invite', '{"practiceKey":"p2","email":"me@example.com"}', 'auth'],
      ['POST', '/api/userpractice/invite-code', '{"inviteCode":"JOINAU01"}', 'auth'],
      ['GET', '/api/profile/', null, 'auth'],
      ['GET', '/api/profile/exists', null, 'auth'],
      [
        'POST',
        '/api/profile/',
        '{"firstName":"A","lastName":"B","email":"a@b.co","phone":"0412345678","dateOfBirth":"1990-01-01"}',
        'auth',
      ],
      ['GET', '/api/profile/alternate-providers?email=a%40b.co', null, 'auth'],
      ['POST', '/api/profile/verify-email', '{"email":"a@b.co"}', 'anon'],
      ['POST', '/api/profile/verify-email', '{"email":"a@b.co"}', 'auth'],
      ['POST', '/api/profile/resend-verification-email', null, 'auth'],
      ['POST', '/api/onboarding/verify-pin', '{"pin":"1234"}', 'auth'],
      ['POST', '/api/onboarding/fetch-devices', '{"pin":"1234"}', 'auth'],
      ['POST', '/api/onboarding/register-practice', expect.stringContaining('"environment":"au"'), 'auth'],
      ['GET', '/meta.json?t=1700000000000', null, 'anon'],
    ]);
  });

  it('register-practice without a practice key in the answer is a PARSING_ERROR', async () => {
    const { ep } = endpoints(() => json(200, { isSuccess: true }));
    const e = await failure(ep.registerPractice({} as never));
    expect(e.code).toBe('PARSING_ERROR');
  });

  it('the user-practice list answer gives the list and, beside it, the pending invites', async () => {
    const invites = [{ practiceKey: 'uk-camden', practiceName: 'Camden Town Vets' }];
    const whole = endpoints(() => json(200, { userPractices: [{ practiceKey: 'p1' }], invites }));
    expect(await whole.ep.userPractices()).toEqual([{ practiceKey: 'p1' }]);
    expect(await whole.ep.pendingInvites()).toEqual(invites);
    expect(whole.calls.map((c) => [c.init.method ?? 'GET', new URL(c.url).pathname])).toEqual([
      ['GET', '/api/userpractice/'],
      ['GET', '/api/userpractice/'],
    ]);
    const bare = endpoints(() => json(200, [{ practiceKey: 'p1' }]));
    expect(await bare.ep.userPractices()).toEqual([{ practiceKey: 'p1' }]);
    expect(await bare.ep.pendingInvites()).toEqual([]);
    expect(await endpoints(() => json(200, {})).ep.pendingInvites()).toEqual([]);
  });

  it('profileExists reads { exists } too', async () => {
    const { ep } = endpoints(() => json(200, { exists: false }));
    expect(await ep.profileExists()).toBe(false);
  });
});
