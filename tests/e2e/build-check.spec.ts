import { expect, test } from './fixtures';

/**
 * Build freshness (issue 2): the app reads /meta.json, stores the build time in the appVersion
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
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

  const prompt = page.getByRole('alertdialog').filter({ hasText: 'A new version is available' });
  await expect(prompt).toBeVisible();
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
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(prompt).toBeHidden(); // dismissed for this build
  const newest = new Date(Date.parse(meta.buildTime) + 120_000).toISOString();
  await page.unroute('**/meta.json?*');
  await page.route('**/meta.json?*', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ buildTime: newest }) }),
  );
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(prompt).toBeVisible();
  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
});
