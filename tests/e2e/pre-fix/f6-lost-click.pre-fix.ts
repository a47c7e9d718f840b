import type { Locator, Page } from '@playwright/test';
import { expect, it, signInWithSocial } from './stack-support';

/**
 * F6 on any tree: on the profile step, the empty Phone field focused, one click on Continue must
 * show every error at once (a copy of oneClickShowsEveryError in tests/e2e/forms.spec.ts, which
 * also runs it at 375 px, on step 3 and on the invite profile form).
 */
it('F6: one click on Continue with the empty Phone field focused shows every error', async ({ page }) => {
  await page.goto('/onboarding');
  await page.getByRole('button', { name: 'Continue without setting up a hub and scanner' }).click();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  const email = `f6-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  await signInWithSocial(page, 'Sign up with Google', 'Google', email, 'Grace Hopper');
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await oneClickShowsEveryError(page, 'phone', page.getByRole('button', { name: 'Continue' }));
});

async function oneClickShowsEveryError(page: Page, focused: string, submit: Locator) {
  await page.locator(`#field-${focused}`).focus();
  const before = await submit.boundingBox();
  await submit.click();
  const invalid = page.locator('[aria-invalid="true"]');
  await expect(invalid.first()).toBeAttached();
  await page.waitForTimeout(500);
  const afterOne = await invalid.count();
  const after = await submit.boundingBox();
  await submit.click();
  await expect(invalid).toHaveCount(afterOne);
  expect(
    afterOne,
    `errors after one click (the submit moved from ${before?.y} to ${after?.y})`,
  ).toBeGreaterThan(1);
}
