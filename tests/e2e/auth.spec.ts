import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { chromiumArgs } from '../../playwright.config';
import type { Stack, StackOptions } from '../../server/stack';
import { expect, launchStack, test, uniqueEmail, watchConsole } from './fixtures';

/**
 * Sign-in, session and email verification end to end in Chromium against the local stack
 * (issue 5). The app runs on the host name `app.test` (mapped to 127.0.0.1 by Chromium's
 * --host-resolver-rules, declared a secure origin so the SDK has crypto.subtle) — session
 * cleanup is skipped on localhost, so it must not be localhost. The identity provider is on the
 * same host (another port): same site, so silent authentication in the hidden frame works.
 */

const host = 'app.test';
const password = 'Passw0rd!x';

interface Harness {
  stack: Stack;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  errors: string[];
  /** Read the newest mail's verification link for an address. */
  mail(to: string): Promise<{ id: number; text: string }[]>;
  createUser(body: Record<string, unknown>): Promise<{ sub: string; email: string }>;
}

async function openApp(options: StackOptions = {}): Promise<Harness & { close(): Promise<void> }> {
  const launched = await launchStack({ host, bindHost: '127.0.0.1', ...options });
  const { stack } = launched;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...chromiumArgs,
      `--host-resolver-rules=MAP ${host} 127.0.0.1`,
      `--unsafely-treat-insecure-origin-as-secure=${stack.appUrl},${stack.idpUrl}`,
    ],
  });
  const context = await browser.newContext({ baseURL: stack.appUrl, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  const idpBase = `http://127.0.0.1:${new URL(stack.idpUrl).port}`;
  const mailBase = `http://127.0.0.1:${new URL(stack.mailboxUrl).port}`;
  return {
    stack,
    browser,
    context,
    page,
    errors,
    async mail(to) {
      const response = await fetch(`${mailBase}/api/messages?to=${encodeURIComponent(to)}`);
      return (await response.json()) as { id: number; text: string }[];
    },
    async createUser(body) {
      const response = await fetch(`${idpBase}/__test/users`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ password, ...body }),
      });
      if (!response.ok) throw new Error(`create user: ${response.status} ${await response.text()}`);
      return (await response.json()) as { sub: string; email: string };
    },
    async close() {
      await browser.close();
      await launched.dispose();
    },
  };
}

const it = test.extend<{ app: Harness }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  app: async ({}, use) => {
    const app = await openApp();
    await use(app);
    expect(app.errors, 'console errors during the test').toEqual([]);
    await app.close();
  },
});

function linkIn(text: string): string {
  const match = /https?:\/\/\S+\/auth\/verified-email\?\S+/.exec(text);
  if (!match) throw new Error(`no verification link in: ${text}`);
  return match[0];
}

/** On the identity provider's email login page: log in. */
async function logInAtIdp(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: /^Log in to/ })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

it.describe('auth', () => {
  it('email sign-up → unverified → resend → mailbox link → verified → "I\'ve verified" moves on', async ({ app }) => {
    const { page } = app;
    const email = uniqueEmail('signup');
    await page.goto('/auth/unverified-email?returnTo=%2Fredirected');
    // The guard started a redirect login; go to the provider's sign-up screen.
    await expect(page.getByRole('heading', { name: /^Log in to/ })).toBeVisible();
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Full name (optional)').fill('Sam Signup');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign up' }).click();

    await expect(page).toHaveURL(/\/auth\/unverified-email\?returnTo=%2Fredirected$/);
    await expect(page.getByRole('heading', { name: 'Please verify your email' })).toBeVisible();
    await expect.poll(async () => (await app.mail(email)).length).toBe(1);

    await page.getByRole('button', { name: 'Resend verification Email' }).click();
    await expect(page.getByText('We have sent you another verification email.')).toBeVisible();
    await expect(page.getByText(/You can send another email in \d+ seconds?\./)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend verification Email' })).toBeDisabled();
    await expect.poll(async () => (await app.mail(email)).length).toBe(2);

    // Still unverified: saying so does not move on.
    await page.getByRole('button', { name: "I've verified my email" }).click();
    await expect(page.getByText('Your email address is not verified yet.', { exact: false })).toBeVisible();

    const [newest] = await app.mail(email);
    await page.goto(linkIn(newest?.text ?? ''));
    await expect(page.getByRole('heading', { name: 'Thank you for verifying your email.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/switch-practice');

    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Please verify your email' })).toBeVisible();
    await page.getByRole('button', { name: "I've verified my email" }).click();
    await expect(page).toHaveURL(/\/redirected$/);
  });
});
