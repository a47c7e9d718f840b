import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinLimits } from '../../server/api/rate-limit';
import { startTestStack, type TestStack } from '../support/stack';

/**
 * The stack refuses abuse cleanly (issue 18, decision 082): companion pins cannot be enumerated.
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
