import { SEED_PASSWORD, seedAccounts } from '../../server/seed';
import { uniqueEmail } from '../support/stack';
import { signIn } from './fixtures';
import { createUser, expect, expectEnvironment, it, keepThisAccount, signInWithEmail } from './stack-support';

/**
 * The landing page end to end in Chromium against the local stack: the active practice lookup
 * signed in (its environment, or told there is none, then /switch-practice), and a tampered
 * environmentUrl.
 *
 * One test signs in at the provider's pages (from the chooser); the others start signed in
 * (`signIn`: the provider's session from its form, without the browser).
 */

it.describe('landing', () => {
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
