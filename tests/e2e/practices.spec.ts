import { SEED_PASSWORD, seedAccounts } from '../../server/seed';
import { uniqueEmail } from '../support/stack';
import { signIn } from './fixtures';
import {
  createUser,
  expect,
  expectEnvironment,
  it,
  keepThisAccount,
  logInAtIdp,
  openAsEmma,
  signInWithEmail,
} from './practices-support';

/**
 * Practices end to end in Chromium against the local stack: the landing page's active
 * practice lookup, /switch-practice (switching, accepting an invite, the unverified user), the
 * /mobile/* and /billing/* portal redirects, and a tampered environmentUrl.
 *
 * Two tests sign in at the provider's pages (from the chooser, and from a guarded page); the
 * others start signed in (`signIn`: the provider's session from its form, without the browser).
 */

it.describe('practices', () => {
  it('a signed-in user with an active practice lands in its environment; Back from there returns to the page before, never bounces (the redirect replaced "/")', async ({
    page,
    app,
  }) => {
    await page.goto('/');
    await signInWithEmail(page, seedAccounts.verified.email);
    await keepThisAccount(page);
    await expectEnvironment(page, app.stack, 'au', 'au-harbourside');
    await page.goto('/no-access');
    await expect(
      page.getByRole('heading', { name: "Sorry you don't have access to this resource." }),
    ).toBeVisible();
    await page.goto('/');
    await expectEnvironment(page, app.stack, 'au', 'au-harbourside');

    await page.goBack();
    await expect(page).toHaveURL(/\/no-access$/);
    await expect(
      page.getByRole('heading', { name: "Sorry you don't have access to this resource." }),
    ).toBeVisible();
    // Still there once the session has been checked again: '/' is no longer in the history.
    await page.waitForTimeout(3000);
    await expect(page).toHaveURL(/\/no-access$/);
  });

  it('without an active practice: told so, then /switch-practice after the delay', async ({ page, app }) => {
    const email = uniqueEmail('noactive');
    const user = await createUser(app.stack, { email, name: 'Nora Active' });
    await signIn(page.context(), app.stack, { email: user.email, password: SEED_PASSWORD });
    await page.goto('/');
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

  it('switches practice: sorted cards, the chosen one becomes active and the browser goes there', async ({
    page,
    app,
  }) => {
    // Emma (Microsoft account) belongs to two practices and has no active one.
    await openAsEmma(page, app.stack);
    const cards = page.getByTestId('practice-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('Southbank Animal Hospital');
    await expect(cards.nth(1)).toContainText('Yorkshire Dales Equine Practice');
    await page.getByRole('button', { name: 'Open Yorkshire Dales Equine Practice' }).click();
    await expectEnvironment(page, app.stack, 'uk', 'uk-dales');
    // It is the active practice now: the landing page goes straight there.
    await page.goto(`${app.stack.appUrl}/`);
    await expectEnvironment(page, app.stack, 'uk', 'uk-dales');
  });

  it("lists a verified user's practices and invites; opening the active one goes to its environment; accepting a pending invite goes to the new practice", async ({
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

    // Back on the list (still signed in): accepting an invite.
    await page.goto(`${app.stack.appUrl}/switch-practice`);
    const invite = page.getByRole('button', { name: 'Accept invite to Camden Town Vets' });
    await expect(invite).toBeVisible();
    await invite.click();
    await expectEnvironment(page, app.stack, 'uk', 'uk-camden');
    // The membership and the active practice are stored: the landing page goes there now.
    await page.goto(`${app.stack.appUrl}/`);
    await expectEnvironment(page, app.stack, 'uk', 'uk-camden');
  });

  it('an unverified user sees no invites and is asked to verify', async ({ page, app }) => {
    await signIn(page.context(), app.stack, {
      email: seedAccounts.unverified.email,
      password: SEED_PASSWORD,
    });
    await page.goto('/switch-practice');
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
    // Signed in (an active AU practice), the billing link opened straight away.
    await signIn(page.context(), app.stack, { email: seedAccounts.verified.email, password: SEED_PASSWORD });
    await page.goto('/billing/x?invoice=42&month=2026-11');
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
      if (new URL(request.url()).hostname.endsWith('evil.example')) leftForEvil.push(request.url());
    });
    await signIn(page.context(), app.stack, { email: seedAccounts.verified.email, password: SEED_PASSWORD });
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`^${app.stack.appUrl}/server-error$`));
    await expect(page.getByRole('heading', { name: "Oops! Something's not working." })).toBeVisible();
    expect(leftForEvil).toEqual([]);
  });
});
