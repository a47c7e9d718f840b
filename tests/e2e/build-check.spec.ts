import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The tab becomes visible (the app re-checks /meta.json) until `prompt` shows. A check still in
 * flight ignores a visibility change (machines/build-check.machine.ts), as a user switching back
 * to the tab again would see: the event is repeated until a check starts after the new build.
 */
async function showTab(page: Page, prompt: Locator) {
  await expect(async () => {
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(prompt).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Build freshness: the app reads /meta.json, stores the build time in the appVersion
 * cookie, and offers a reload when a newer build is published while it is open — never a reload
 * by surprise.
 */
test('stores the build time and offers a reload when a newer build is published', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: /Sign in with Email/ })).toBeVisible();

  const meta = (await (await page.request.get('/meta.json')).json()) as { buildTime: string };
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'appVersion')?.value)
    .toBe(encodeURIComponent(meta.buildTime));

  // A deploy happens while the page is open: the next check sees a newer build.
  const newer = new Date(Date.parse(meta.buildTime) + 60_000).toISOString();
  await page.route('**/meta.json?*', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ buildTime: newer }) }),
  );
  const prompt = page.getByRole('alertdialog').filter({ hasText: 'A new version is available' });
  await showTab(page, prompt);
  await expect(page).toHaveURL(/\/$/); // nothing reloaded on its own

  // 'Later' hides it for that build; the page is still the same document.
  const marker = await page.evaluate(() => {
    (window as unknown as { __marker: number }).__marker = 42;
    return 42;
  });
  await prompt.getByRole('button', { name: 'Later' }).click();
  await expect(prompt).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(marker);

  // 'Reload' reloads into the new build.
  const rechecked = page.waitForResponse((response) => response.url().includes('/meta.json?'));
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await rechecked;
  await expect(prompt).toBeHidden(); // dismissed for this build
  const newest = new Date(Date.parse(meta.buildTime) + 120_000).toISOString();
  await page.unroute('**/meta.json?*');
  await page.route('**/meta.json?*', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ buildTime: newest }) }),
  );
  await showTab(page, prompt);
  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
});
