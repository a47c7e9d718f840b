import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { type Stack, type StackOptions, startStack } from '../../server/stack';

/**
 * The e2e harness.
 * - `stack` (one per worker): the local stack on free ports with a fresh data directory, serving
 *   the built app from dist/. Tests sharing a worker share its database: use unique users
 *   (`uniqueEmail()`), or ask for `freshStack` when a test needs a pristine database or special
 *   options.
 * - `baseURL` is the stack's app origin, so `page.goto('/onboarding')` works.
 * - A console error or an uncaught page error fails the test (conventions §16).
 */

const root = join(import.meta.dirname, '../..');

export async function launchStack(
  options: StackOptions = {},
): Promise<{ stack: Stack; dispose(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-stack-'));
  const stack = await startStack({
    appPort: 0,
    idpPort: 0,
    mailboxPort: 0,
    auPort: 0,
    ukPort: 0,
    dataDir,
    distDir: join(root, 'dist'),
    activationDelayMs: 1500,
    testHooks: true,
    quiet: true,
    ...options,
  });
  return {
    stack,
    async dispose() {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A new, unique email address for a test user. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e4)}@example.test`;
}

/** Console messages that are not errors of the app (none today; keep this list empty if you can). */
const ignoredConsole: RegExp[] = [];

export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = `${message.text()} @ ${message.location().url}`;
    if (!ignoredConsole.some((re) => re.test(text))) errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

interface WorkerFixtures {
  stack: Stack;
}
interface TestFixtures {
  consoleErrors: string[];
  freshStack: Stack;
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

export const test = base.extend<TestFixtures, WorkerFixtures>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const { stack, dispose } = await launchStack();
      await use(stack);
      await dispose();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  freshStack: async ({}, use) => {
    const { stack, dispose } = await launchStack();
    await use(stack);
    await dispose();
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
});

export { expect };
