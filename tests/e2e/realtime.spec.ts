import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { UserPractice } from '../../machines/domain';
import {
  BLANK_PAGE_PATH,
  createSigner,
  type Signer,
  type StoredState,
  startTestHub,
  type TestHub,
} from '../../server/hub/test-support';

/**
 * Real-time in Chromium: the official @microsoft/signalr browser bundle against the hub of
 * server/hub, over each transport (the browser passes the token as `access_token` on the
 * WebSocket and EventSource, as a header on long polling). The hub is killed (its server and
 * every socket dropped) and started again on the same port: the client reports Reconnecting,
 * comes back, and receives the fresh state.
 *
 * While the hub is down the browser itself logs the refused connections ("Failed to load
 * resource", "WebSocket connection … failed"): those network lines are expected here and
 * ignored; any other console error or page error fails the test.
 */

const root = join(import.meta.dirname, '../..');
const networkNoise = [
  /Failed to load resource/,
  /net::ERR_CONNECTION_REFUSED/,
  /net::ERR_CONNECTION_RESET/,
  /net::ERR_EMPTY_RESPONSE/,
  /WebSocket connection to .* failed/,
  /EventSource's response has a MIME type/,
];

const practice = (practiceName: string): UserPractice => ({
  practiceKey: practiceName.toLowerCase(),
  practiceName,
  environment: 'au',
  environmentUrl: 'http://au.localhost',
});

const before: StoredState = {
  practices: [practice('Bondi Vets')],
  invites: [{ practiceKey: 'camden', practiceName: 'Camden Clinic' }],
  email: { address: 'vet@example.test', verified: true },
  hasProfile: true,
};

interface Fixtures {
  signer: Signer;
  hub: TestHub;
  consoleErrors: string[];
}

const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  signer: async ({}, use) => {
    await use(await createSigner());
  },
  hub: async ({ signer }, use) => {
    const hub = await startTestHub(signer);
    await use(hub);
    await hub.stop();
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!networkNoise.some((re) => re.test(text))) errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

/** A blank page on the hub's origin with the official browser client loaded. */
async function openClientPage(page: Page, hub: TestHub): Promise<void> {
  await page.goto(`http://127.0.0.1:${hub.port}${BLANK_PAGE_PATH}`);
  await page.addScriptTag({
    path: join(root, 'node_modules/@microsoft/signalr/dist/browser/signalr.min.js'),
  });
}

interface PageState {
  state: string;
  events: string[];
  messages: Array<{ type: string; payload: unknown }>;
}

declare global {
  interface Window {
    // biome-ignore lint/suspicious/noExplicitAny: the UMD bundle's global (typed by the package only as a module)
    signalR: any;
    realtimeProbe: {
      connection: { state: string; stop(): Promise<void> };
      events: string[];
      messages: unknown[];
    };
  }
}

async function readState(page: Page): Promise<PageState> {
  return page.evaluate(() => ({
    state: window.realtimeProbe.connection.state,
    events: [...window.realtimeProbe.events],
    messages: [...window.realtimeProbe.messages] as PageState['messages'],
  }));
}

for (const [name, transport] of [
  ['WebSockets', 1],
  ['ServerSentEvents', 2],
  ['LongPolling', 4],
] as const) {
  test(`official browser client over ${name}: state, push, hub killed → Reconnecting → fresh state`, async ({
    page,
    hub,
    signer,
  }) => {
    hub.states.set('vet', before);
    const token = await signer.sign('vet');
    await openClientPage(page, hub);

    await page.evaluate(
      async ({ url, token, transport }) => {
        const signalR = window.signalR;
        const connection = new signalR.HubConnectionBuilder()
          .withUrl(url, { transport, accessTokenFactory: () => token })
          .withAutomaticReconnect([0, 0, 2000, 10000, 30000])
          .configureLogging(signalR.LogLevel.None)
          .build();
        const probe = { connection, events: [] as string[], messages: [] as unknown[] };
        window.realtimeProbe = probe;
        connection.on('userState', (message: unknown) => probe.messages.push(message));
        connection.onreconnecting(() => probe.events.push('reconnecting'));
        connection.onreconnected(() => probe.events.push('reconnected'));
        connection.onclose(() => probe.events.push('closed'));
        await connection.start();
      },
      { url: '/sockets/appstate', token, transport },
    );

    await expect.poll(async () => (await readState(page)).state).toBe('Connected');
    await expect
      .poll(async () => (await readState(page)).messages[0])
      .toEqual({ type: 'state', payload: before });

    hub.events.publish('vet', { type: 'invites', payload: [] });
    await expect
      .poll(async () => (await readState(page)).messages.at(-1))
      .toEqual({ type: 'invites', payload: [] });

    // Kill the hub: its server and every socket go away.
    await hub.stop();
    await expect.poll(async () => (await readState(page)).state).toBe('Reconnecting');

    // Meanwhile the user's state changes; the hub comes back on the same port.
    const after: StoredState = {
      ...before,
      practices: [practice('Bondi Vets'), practice('Camden Clinic')],
      invites: [],
    };
    hub.states.set('vet', after);
    await hub.start();

    await expect.poll(async () => (await readState(page)).state, { timeout: 20_000 }).toBe('Connected');
    const final = await readState(page);
    expect(final.events).toEqual(['reconnecting', 'reconnected']);
    await expect
      .poll(async () => (await readState(page)).messages.at(-1))
      .toEqual({ type: 'state', payload: after });

    await page.evaluate(() => window.realtimeProbe.connection.stop());
    await expect.poll(async () => (await readState(page)).events.at(-1)).toBe('closed');
    await expect.poll(() => hub.hub().connectionCount()).toBe(0);
  });
}
