import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import type { StackOptions } from '../../server/stack';
import { authenticatedCookieNames } from '../../src/auth/session-hint';
import { type ProviderLogin, startTestStack, type TestStack } from '../support/stack';

/**
 * The e2e harness.
 * - `stack` (one per worker): the local stack on free ports with a fresh data directory, serving
 *   the built app from dist/. Tests sharing a worker share its database: use unique users
 *   (`uniqueEmail()` of tests/support/stack.ts), or ask for `freshStack` when a test needs a
 *   pristine database or special options.
 * - `baseURL` is the stack's app origin, so `page.goto('/onboarding')` works.
 * - A console error or an uncaught page error fails the test (docs/testing.md).
 * - The router's raw error screen ("Something went wrong!") fails the test, even if it showed for
 *   a moment only: a watcher in every page of the test's browser context reports it the instant
 *   it is rendered (`rawErrors`; decision 195). A test never sees it on purpose.
 */

/**
 * The stack of a browser test: the tests' one stack start (tests/support/stack.ts, serving the
 * repository's build) with the browser tests' own default, an activation delay long enough to see
 * the wait. `E2E_DIST_DIR` (read by the specs that allow it) serves another build.
 */
export function startE2eStack(options: StackOptions = {}): Promise<TestStack> {
  return startTestStack({ activationDelayMs: 1500, ...options });
}

/**
 * Starts a browser context signed in, for a test that is not about signing in: the provider's
 * session from a real sign-in at its form, posted over HTTP (`stack.providerSession`), and the
 * SDK's own "authenticated" flag, as a sign-in in this browser would have left them. The app's
 * first page load then signs in by itself, through the provider's silent check (as after a reload).
 * Tests about signing in, renewal and logout go through the provider's pages in the browser.
 */
export async function signIn(context: BrowserContext, stack: TestStack, login: ProviderLogin): Promise<void> {
  const session = await stack.providerSession(login);
  const idp = new URL(stack.idpUrl).hostname;
  const app = new URL(stack.appUrl).hostname;
  const [flag] = authenticatedCookieNames(stack.clientId);
  await context.addCookies([
    ...session.map((cookie) => ({ ...cookie, domain: idp, secure: false })),
    {
      name: flag ?? '',
      value: 'true',
      domain: app,
      path: '/',
      expires: Math.floor(Date.now() / 1000) + 24 * 3600,
      sameSite: 'Strict' as const,
    },
  ]);
}

/** Console messages that are not errors of the app (none today; keep this list empty if you can). */
const ignoredConsole: RegExp[] = [];

/** Collects the page's console errors and uncaught errors (into `errors`, when given). */
export function watchConsole(page: Page, errors: string[] = []): string[] {
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = `${message.text()} @ ${message.location().url}`;
    if (!ignoredConsole.some((re) => re.test(text))) errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** The text of TanStack Router's default error screen, which the app must never show. */
export const rawErrorText = 'Something went wrong!';

/**
 * Reports every appearance of `rawErrorText` in any page of `context` (all origins, every
 * navigation): a MutationObserver installed before the page's own scripts run.
 */
export async function watchForRawError(context: BrowserContext, seen: string[] = []): Promise<string[]> {
  await context.exposeBinding('__reportRawError', (_source, where: string) => {
    seen.push(where);
  });
  await context.addInitScript((text) => {
    const report = (window as unknown as { __reportRawError(where: string): void }).__reportRawError;
    let reported = false;
    const check = () => {
      if (reported || !document.body?.textContent?.includes(text)) return;
      reported = true;
      report(location.href);
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
    document.addEventListener('DOMContentLoaded', check);
  }, rawErrorText);
  return seen;
}

interface WorkerFixtures {
  stack: TestStack;
}
interface TestFixtures {
  consoleErrors: string[];
  /** Where the raw error screen appeared during the test (must stay empty). */
  rawErrors: string[];
  freshStack: TestStack;
}

/**
 * Puts the page's clock under the test's control before the page loads: time stands still (no
 * timer fires) except when the test runs it on with `page.clock.runFor`. An installed clock
 * otherwise flows with real time, so a slow machine would move a timed screen on by itself.
 */
export async function holdClock(page: Page): Promise<void> {
  const start = Date.UTC(2026, 0, 1);
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 10_000);
}

/**
 * The app's entry script (`/assets/index-*.js`) hangs, with no answer and no reset, until the test
 * calls the function this returns: a boot request stalled on a slow connection.
 */
export async function holdAppEntry(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/?]+\.js(\?|$)/, async (route) => {
    await released;
    await route.fallback();
  });
  return release;
}

/** How many documents the page has asked for since this call (its main frame's navigations). */
export function countDocuments(page: Page): () => number {
  let documents = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1;
  });
  return () => documents;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const stack = await startE2eStack();
      await use(stack);
      await stack.dispose();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  freshStack: async ({}, use) => {
    const stack = await startE2eStack();
    await use(stack);
    await stack.dispose();
  },
  baseURL: async ({ stack }, use) => {
    await use(stack.appUrl);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors = watchConsole(page);
      await use(errors);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
  rawErrors: [
    async ({ context }, use) => {
      const seen = await watchForRawError(context);
      await use(seen);
      expect(seen, `"${rawErrorText}" (the router's raw error screen) appeared`).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
