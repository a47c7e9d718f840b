import type { Page } from '@playwright/test';
import { SEED_PASSWORD, seedAccounts } from '../../server/seed';
import type { Stack } from '../../server/stack';
import { expect, launchStack, test, uniqueEmail } from './fixtures';

/**
 * Practices end to end in Chromium against the local stack (issue 8): the landing page's active
 * practice lookup, /switch-practice (switching, accepting an invite, the unverified user), the
 * /mobile/* and /billing/* portal redirects, and a tampered environmentUrl.
 *
 * Each test gets its own stack (fresh seed data). E2E_DIST_DIR overrides the built app's folder.
 */

const it = test.extend<{ app: { stack: Stack } }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  app: async ({}, use) => {
    const launched = await launchStack(process.env.E2E_DIST_DIR ? { distDir: process.env.E2E_DIST_DIR } : {});
    await use({ stack: launched.stack });
    await launched.dispose();
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
async function expectEnvironment(page: Page, stack: Stack, region: 'au' | 'uk', practiceKey?: string) {
  await expect(page).toHaveURL(new RegExp(`^${stack.environments[region]}`));
  await expect(page.getByTestId('environment')).toHaveText(`${region.toUpperCase()} environment`);
  if (practiceKey) await expect(page.getByTestId('practice-key')).toHaveText(practiceKey);
}

async function createUser(
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

it.describe('practices', () => {
  it('a signed-in user with an active practice lands in its environment', async ({ page, app }) => {
    await page.goto('/');
    await signInWithEmail(page, seedAccounts.verified.email);
    await keepThisAccount(page);
    await expectEnvironment(page, app.stack, 'au', 'au-harbourside');
  });

  it('without an active practice: told so, then /switch-practice after the delay', async ({ page, app }) => {
    const email = uniqueEmail('noactive');
    await createUser(app.stack, { email, name: 'Nora Active' });
    await page.goto('/');
    await signInWithEmail(page, email);
    await expect(page.getByRole('heading', { name: 'No active practice' })).toBeVisible();
    const shownAt = Date.now();
    await expect(page).toHaveURL(/\/switch-practice$/);
    // The landing delay is 2500 ms (the page was visible a little after it started).
    expect(Date.now() - shownAt).toBeGreaterThan(1500);
    await expect(page.getByRole('heading', { name: 'Switch practice' })).toBeVisible();
    await expect(page.getByText('You are not a member of any practice yet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register a practice' })).toBeVisible();
    await expect(page.getByText('You have no pending invites.')).toBeVisible();
  });

  it('switches practice: the chosen one becomes active and the browser goes to its environment', async ({
    page,
    app,
  }) => {
    await page.goto('/switch-practice');
    await logInAtIdp(page, seedAccounts.verified.email);
    await keepThisAccount(page);
    await expect(page).toHaveURL(/\/switch-practice$/);
    const cards = page.getByTestId('practice-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Harbourside Veterinary Clinic');
    // Pending invites of a verified user, sorted by name.
    await expect(page.getByTestId('invite-card')).toHaveCount(2);
    await page.getByRole('button', { name: 'Open Harbourside Veterinary Clinic' }).click();
    await expectEnvironment(page, app.stack, 'au', 'au-harbourside');
  });

  it('accepts a pending invite and goes to the new practice', async ({ page, app }) => {
    await page.goto('/switch-practice');
    await logInAtIdp(page, seedAccounts.verified.email);
    await keepThisAccount(page);
    const invite = page.getByRole('button', { name: 'Accept the invite to Camden Town Vets' });
    await expect(invite).toBeVisible();
    await invite.click();
    await expectEnvironment(page, app.stack, 'uk', 'uk-camden');
    // The membership and the active practice are stored: the landing page goes there now.
    await page.goto(`${app.stack.appUrl}/`);
    await expectEnvironment(page, app.stack, 'uk', 'uk-camden');
  });

  it('an unverified user sees no invites and is asked to verify', async ({ page }) => {
    await page.goto('/switch-practice');
    await logInAtIdp(page, seedAccounts.unverified.email);
    await expect(
      page.getByText('Please verify your email address to see the invites sent to you.'),
    ).toBeVisible();
    await expect(page.getByTestId('invite-card')).toHaveCount(0);
    await page.getByRole('button', { name: 'Verify my email' }).click();
    await expect(page).toHaveURL(/\/auth\/unverified-email\?returnTo=%2Fswitch-practice$/);
  });

  it('/mobile/x?y=1 signed out arrives at the default (AU) portal with path and query', async ({
    page,
    app,
  }) => {
    await page.goto('/mobile/x?y=1');
    await expectEnvironment(page, app.stack, 'au');
    await expect(page.getByTestId('opened-with')).toHaveText('/mobile/x?y=1');
  });

  it('/billing/x signed in arrives at the active practice portal with the path', async ({ page, app }) => {
    // Sign in first (an active AU practice), then open the billing link.
    await page.goto('/');
    await signInWithEmail(page, seedAccounts.verified.email);
    await keepThisAccount(page);
    await expectEnvironment(page, app.stack, 'au', 'au-harbourside');
    await page.goto(`${app.stack.appUrl}/billing/x?invoice=42&month=2026-11`);
    await expectEnvironment(page, app.stack, 'au');
    await expect(page.getByTestId('opened-with')).toHaveText('/billing/x?invoice=42&month=2026-11');
  });

  it('a tampered environmentUrl does not leave the allowed origins', async ({ page, app }) => {
    await page.route('**/api/userpractice/active', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          activePractice: {
            hasActivePractice: true,
            practiceKey: 'au-harbourside',
            environmentUrl: 'https://evil.example/practice/au-harbourside',
          },
        }),
      });
    });
    const leftForEvil: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('evil.example')) leftForEvil.push(request.url());
    });
    await page.goto('/');
    await signInWithEmail(page, seedAccounts.verified.email);
    await keepThisAccount(page);
    await expect(page).toHaveURL(new RegExp(`^${app.stack.appUrl}/server-error$`));
    await expect(page.getByRole('heading', { name: "Oops! Something's not working." })).toBeVisible();
    expect(leftForEvil).toEqual([]);
  });
});
