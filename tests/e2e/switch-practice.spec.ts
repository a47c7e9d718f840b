import { SEED_PASSWORD, seedAccounts } from '../../server/seed';
import { signIn } from './fixtures';
import { expect, expectEnvironment, it, keepThisAccount, logInAtIdp, openAsEmma } from './stack-support';

/**
 * /switch-practice end to end in Chromium against the local stack: switching, accepting an invite,
 * and the unverified user. Each test starts signed in (`signIn`: the provider's session from its
 * form, without the browser) or signs in at the provider's pages from a guarded page.
 */

it.describe('switch-practice', () => {
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
});
