import {
  HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  type ILogger,
  LogLevel,
} from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserStateMessage } from '#machines/domain';
import { SEED_PASSWORD, seedAccounts } from '../../server/seed';
import { startTestStack, type TestStack, uniqueEmail } from '../support/stack';
import { eventually, registration, validProfile } from './fixtures';

/**
 * The stack end to end for real-time state: the official SignalR client (Node) connects to the
 * hub mounted on the app origin with an access token from the IdP's own code flow, and receives
 * the messages the API publishes when user state changes.
 */

class QuietLogger implements ILogger {
  readonly lines: string[] = [];
  log(level: LogLevel, message: string): void {
    this.lines.push(`${LogLevel[level]}: ${message}`);
  }
}

let stack: TestStack;
const connections: HubConnection[] = [];

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  for (const connection of connections) await connection.stop();
  await stack.dispose();
});

async function connect(token: string, transport = HttpTransportType.WebSockets) {
  const messages: UserStateMessage[] = [];
  const connection = new HubConnectionBuilder()
    .withUrl(`${stack.appUrl}/sockets/appstate`, { transport, accessTokenFactory: () => token })
    .configureLogging(new QuietLogger())
    .build();
  connection.on('userState', (message: UserStateMessage) => messages.push(message));
  connections.push(connection);
  await connection.start();
  return { connection, messages };
}

describe('real-time user state through the stack', () => {
  it('sends the full state on connect (token from a real login)', async () => {
    const tokens = await stack.loginWithPassword(seedAccounts.verified.email, SEED_PASSWORD);
    const { messages } = await connect(tokens.access_token);
    const state = await eventually(() => messages.find((m) => m.type === 'state'));
    expect(state.payload).toEqual({
      practices: [
        {
          practiceKey: 'au-harbourside',
          practiceName: 'Harbourside Veterinary Clinic',
          environment: 'au',
          environmentUrl: `${stack.environments.au}/practice/au-harbourside`,
        },
      ],
      invites: [
        { practiceKey: 'au-bondi', practiceName: 'Bondi Beach Vets' },
        { practiceKey: 'uk-camden', practiceName: 'Camden Town Vets' },
      ],
      email: { address: seedAccounts.verified.email, verified: true },
      hasProfile: true,
    });
  });

  it('pushes email, profile and practices changes caused by API calls', async () => {
    const user = await stack.createUser({ email: uniqueEmail('realtime'), emailVerified: false });
    const { messages } = await connect(user.accessToken, HttpTransportType.ServerSentEvents);
    await eventually(() => messages.find((m) => m.type === 'state'));

    // The emailed link is the provider's ticket (decision 080): opening it verifies and publishes.
    await fetch((await stack.verificationLink(user.email)) ?? '', { redirect: 'manual' });
    const email = await eventually(() => messages.find((m) => m.type === 'email'));
    expect(email.payload).toEqual({ address: user.email, verified: true });

    await stack.api('/api/profile/', { token: user.accessToken, body: validProfile(user.email) });
    const profile = await eventually(() => messages.find((m) => m.type === 'profile'));
    expect(profile.payload).toEqual({ hasProfile: true });

    const answer = await stack.api('/api/onboarding/register-practice', {
      token: user.accessToken,
      body: registration('uk', user.email),
    });
    const practiceKey = (answer.json as { data: string }).data;
    const practices = await eventually(() =>
      messages.find((m) => m.type === 'practices' && m.payload.some((p) => p.practiceKey === practiceKey)),
    );
    expect(practices.payload).toEqual([
      expect.objectContaining({
        practiceKey,
        environment: 'uk',
        environmentUrl: `${stack.environments.uk}/practice/${practiceKey}`,
      }),
    ]);
  });

  it('refuses a connection without a valid token', async () => {
    const connection = new HubConnectionBuilder()
      .withUrl(`${stack.appUrl}/sockets/appstate`, { accessTokenFactory: () => 'not-a-token' })
      .configureLogging(new QuietLogger())
      .build();
    await expect(connection.start()).rejects.toThrow();
  });
});
