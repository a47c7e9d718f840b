import type { Page } from '@playwright/test';
import { SEED_PASSWORD, seedAccounts } from '../../server/seed';
import type { Stack } from '../../server/stack';
import type { TestStack } from '../support/stack';
import { expect, signIn, startE2eStack, test } from './fixtures';

/**
 * Helpers of the e2e specs that run against the local stack (sign-in at the provider, accounts).
 * Each test gets its own stack (fresh seed data). E2E_DIST_DIR overrides the built app's folder.
 */

export const it = test.extend<{ app: { stack: TestStack } }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  app: async ({}, use) => {
    const stack = await startE2eStack(process.env.E2E_DIST_DIR ? { distDir: process.env.E2E_DIST_DIR } : {});
    await use({ stack });
    await stack.dispose();
  },
  baseURL: async ({ app }, use) => {
    await use(app.stack.appUrl);
  },
});

/** On the identity provider's login page: log in with email and password. */
export async function logInAtIdp(page: Page, email: string, password = SEED_PASSWORD) {
  await expect(page.getByRole('heading', { name: /^Log in to/ })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** From a login chooser: sign in with email and password at the local identity provider. */
export async function signInWithEmail(page: Page, email: string, password = SEED_PASSWORD) {
  await page.getByRole('button', { name: 'Sign in with Email' }).click();
  await logInAtIdp(page, email, password);
}

/**
 * The seed user Olivia also has a Google account with the same address: the sign-in return page
 * may offer to switch; keep the email account when it asks.
 */
export async function keepThisAccount(page: Page) {
  const button = page.getByRole('button', { name: 'Continue with this account' });
  const asked = button
    .waitFor({ state: 'visible', timeout: 15_000 })
    .then(() => button.click())
    .catch(() => undefined);
  const movedOn = page
    .waitForURL(
      (url) => !url.pathname.startsWith('/auth/redirect') && !url.pathname.startsWith('/interaction'),
      {
        timeout: 15_000,
      },
    )
    .catch(() => undefined);
  await Promise.race([asked, movedOn]);
}

/** The regional environment page of the stack shows which practice and address it was opened with. */
export async function expectEnvironment(page: Page, stack: Stack, region: 'au' | 'uk', practiceKey?: string) {
  await expect(page).toHaveURL(new RegExp(`^${stack.environments[region]}`));
  await expect(page.getByTestId('environment')).toHaveText(`${region.toUpperCase()} environment`);
  if (practiceKey) await expect(page.getByTestId('practice-key')).toHaveText(practiceKey);
}

export async function createUser(
  stack: Stack,
  body: Record<string, unknown>,
): Promise<{ sub: string; email: string }> {
  const response = await fetch(`${stack.idpUrl}/__test/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: SEED_PASSWORD, ...body }),
  });
  if (!response.ok) throw new Error(`create user: ${response.status} ${await response.text()}`);
  return (await response.json()) as { sub: string; email: string };
}

/** From a login chooser: sign in with a simulated social account (addresses arrive verified). */
export async function signInWithSocial(
  page: Page,
  button: string,
  provider: string,
  email: string,
  name: string,
) {
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('heading', { name: `Sign in with ${provider}` })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Full name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Emma Clarke (seed: a Microsoft account with a profile, two practices and none active) signs in
 * from the sign-in chooser at `from` (the app's `/` by default) and lands on her practice list.
 */
export async function signInAsEmma(page: Page, from = '/') {
  await page.goto(from);
  await signInWithSocial(
    page,
    'Sign in with Microsoft',
    'Microsoft',
    seedAccounts.windowslive.email,
    'Emma Clarke',
  );
  // The landing page waits 2.5 s before it moves on.
  await expect(page).toHaveURL(/\/switch-practice$/, { timeout: 20_000 });
  await expect(page.getByTestId('practice-card')).toHaveCount(2);
}

/**
 * Emma starts signed in (her provider session from its form, `signIn` of fixtures.ts) and opens
 * her practice list directly: for tests about the list, not about signing in (that is
 * `signInAsEmma`, through the chooser and the provider's pages).
 */
export async function openAsEmma(
  page: Page,
  stack: TestStack,
  path = '/switch-practice',
  options: { live?: boolean } = {},
) {
  await signIn(page.context(), stack, { connection: 'windowslive', sub: seedAccounts.windowslive.sub });
  const live = options.live ? hubAnswered(page) : null;
  await page.goto(path);
  await expect(page).toHaveURL(/\/switch-practice$/, { timeout: 20_000 });
  await expect(page.getByTestId('practice-card')).toHaveCount(2);
  await live;
}

/**
 * Resolves once the page's hub socket (/sockets/appstate, not routed by the test) has had its first
 * answer: the live connection is up (a test that drops it must not drop it before it exists).
 */
export function hubAnswered(page: Page, timeout = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no answer on the hub's socket in ${timeout} ms`)),
      timeout,
    );
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/sockets/appstate')) return;
      ws.once('framereceived', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  });
}

/** Drops the console errors a test provoked on purpose (the browser logs failed requests). */
export function expectConsoleErrors(consoleErrors: string[], pattern: RegExp) {
  const provoked = consoleErrors.filter((e) => pattern.test(e));
  expect(provoked.length).toBeGreaterThan(0);
  for (const e of provoked) consoleErrors.splice(consoleErrors.indexOf(e), 1);
}

export { expect };
