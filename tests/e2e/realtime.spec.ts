import { join } from 'node:path';
import { test as base, expect, type Page, type Route, type WebSocketRoute } from '@playwright/test';
import type { UserPractice } from '#machines/domain';
import {
  BLANK_PAGE_PATH,
  createSigner,
  type Signer,
  type StoredState,
  startTestHub,
  type TestHub,
} from '../../server/hub/test-support';
import { uniqueEmail } from '../support/stack';
import { test as stackTest } from './fixtures';

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

/**
 * The app itself (built SPA + local stack): a signed-in user on /switch-practice; the live
 * connection is severed at the browser boundary (Playwright closes the app's WebSocket and holds
 * new negotiations, so no request fails and the strict console check stays on); the app shows
 * 'Reconnecting…'; meanwhile an invite is created for the user directly in the database (no push);
 * when the hub is reachable again the app reconnects and the fresh state shows the invite
 * without a reload.
 */
stackTest.describe('the app over the live connection', () => {
  // The app opens the live connection after sign-in (src/app/live/realtime.ts), the shell mounts
  // <ConnectionStatus />, and /switch-practice reads the user store (src/app/root-actors.ts).
  stackTest(
    'shows Reconnecting… when the hub goes away and comes back with fresh state',
    async ({ page, stack }) => {
      const sockets: Array<{ page: WebSocketRoute; server: WebSocketRoute }> = [];
      await page.routeWebSocket(/\/sockets\/appstate/, (ws) => {
        sockets.push({ page: ws, server: ws.connectToServer() });
      });
      let hubDown = false;
      const held: Route[] = [];
      await page.route(/\/sockets\/appstate\/negotiate/, async (route) => {
        if (hubDown) held.push(route);
        else await route.continue();
      });

      const email = uniqueEmail('live');
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Full name').fill('Liv Live');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('button', { name: 'Account menu for Liv Live' })).toBeVisible({
        timeout: 20_000,
      });
      // No active practice: the landing page moves on to /switch-practice by itself.
      await expect(page).toHaveURL(/\/switch-practice$/, { timeout: 20_000 });
      await expect(page.getByText('You have no pending invites.')).toBeVisible();
      await expect.poll(() => sockets.length, { timeout: 20_000 }).toBeGreaterThan(0);

      // The hub goes away.
      hubDown = true;
      for (const socket of sockets) {
        await socket.page.close({ code: 4000, reason: 'hub killed' });
        await socket.server.close();
      }
      const reconnecting = page.getByRole('status').filter({ hasText: 'Reconnecting…' });
      await expect(reconnecting).toBeVisible();

      // Meanwhile the user gets an invite (written straight to the database: nothing is pushed).
      const camden = stack.repo.getPractice('uk-camden');
      stack.db
        .prepare("INSERT INTO invites (practice_key, email, status, created_at) VALUES (?, ?, 'pending', ?)")
        .run('uk-camden', email, new Date().toISOString());

      // The hub is back.
      hubDown = false;
      for (const route of held.splice(0)) await route.continue();
      await expect(reconnecting).toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByText(camden?.name ?? 'Camden Town Vets')).toBeVisible();
    },
  );
});
