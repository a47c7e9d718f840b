import { SEED_PASSWORD, seedAccounts } from '../../server/seed';
import { signIn } from './fixtures';
import { expect, expectEnvironment, it } from './stack-support';

/** The /mobile/* and /billing/* portal redirects end to end in Chromium against the local stack. */

it.describe('portal-redirect', () => {
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
});
