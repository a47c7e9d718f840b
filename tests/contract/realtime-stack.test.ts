/**
 * The hub as mounted by the local stack (server/stack.ts): the official client with a real
 * access token from the stack's identity provider; an API call that changes the user's state
 * is pushed over the hub. Runs the same over each transport.
 */
import { HttpTransportType, HubConnectionBuilder, type ILogger, type LogLevel } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserStateMessage } from '#machines/domain';
import { startTestStack, type TestStack } from '../support/stack';

const quiet: ILogger = { log: (_level: LogLevel, _message: string) => undefined };

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.dispose();
});

function waitUntil<T>(read: () => T | undefined, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      const value = read();
      if (value !== undefined) return resolve(value);
      if (Date.now() - started > timeoutMs) return reject(new Error('timed out'));
      setTimeout(tick, 10);
    };
    tick();
  });
}

describe.each([
  ['WebSockets', HttpTransportType.WebSockets],
  ['ServerSentEvents', HttpTransportType.ServerSentEvents],
  ['LongPolling', HttpTransportType.LongPolling],
] as const)('stack hub over %s', (name, transport) => {
  it('sends the full state on connect and pushes the profile change made through the API', async () => {
    const user = await stack.createUser({ email: `rt.${name.toLowerCase()}.${Date.now()}@example.test` });
    const connection = new HubConnectionBuilder()
      .withUrl(`${stack.appUrl}/sockets/appstate`, {
        transport,
        accessTokenFactory: async () => user.accessToken,
      })
      .configureLogging(quiet)
      .build();
    const messages: UserStateMessage[] = [];
    connection.on('userState', (message: UserStateMessage) => messages.push(message));
    await connection.start();
    try {
      const first = await waitUntil(() => messages[0]);
      expect(first.type).toBe('state');
      if (first.type === 'state') {
        expect(first.payload.hasProfile).toBe(false);
        expect(first.payload.email.address).toBe(user.email);
      }
      const saved = await stack.api('/api/profile/', {
        method: 'POST',
        token: user.accessToken,
        body: {
          firstName: 'Real',
          lastName: 'Time',
          email: user.email,
          phone: '0412345678',
          dateOfBirth: '1990-01-01',
        },
      });
      expect(saved.status).toBe(200);
      const pushed = await waitUntil(() => messages.find((m) => m.type === 'profile'));
      expect(pushed).toEqual({ type: 'profile', payload: { hasProfile: true } });
    } finally {
      await connection.stop();
    }
  });
});

describe('stack hub authentication', () => {
  it('refuses negotiate without a token', async () => {
    const response = await fetch(`${stack.appUrl}/sockets/appstate/negotiate?negotiateVersion=1`, {
      method: 'POST',
    });
    expect(response.status).toBe(401);
  });
});
