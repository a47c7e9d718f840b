import { expect, holdClock, test } from './fixtures';

/**
 * Start-up when a configuration call hangs (decision 022): the long-loading message stays on
 * screen, then the failure screen offers Try again, Logout and the contact links, which work even
 * though the configuration never arrived (decision 006); Try again recovers once the call answers.
 * Each of the two calls (spec §7: /api/clientconfig/app and /auth) is held in turn.
 */
for (const call of ['app', 'auth'] as const) {
  test(`a hanging /api/clientconfig/${call} ends on a failure screen with a way on`, async ({ page }) => {
    let hang = true;
    const held: Array<() => void> = [];
    await page.route(`**/api/clientconfig/${call}`, async (route) => {
      if (!hang) return route.continue();
      // Never answered while the fault lasts (released at the end so nothing is left open).
      await new Promise<void>((resolve) => held.push(resolve));
      return route.abort();
    });
    await holdClock(page);
    // A page without a prerendered screen: the app's own loading screen from the start.
    await page.goto('/switch-practice');
    // The app is up and waiting (its first frame and tasks run on the installed clock).
    await expect(async () => {
      await page.clock.runFor(20);
      await expect(page.getByTestId('loading-pending')).toBeAttached({ timeout: 100 });
    }).toPass();
    await page.clock.runFor(500);
    await expect(page.getByTestId('loading-spinner')).toBeVisible();

    await page.clock.runFor(14_500);
    await expect(page.getByRole('heading', { name: 'Sorry!' })).toBeVisible();
    await expect(page.getByText("Looks like it's taking us a while...")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByTestId('loading-contact-us')).toHaveAttribute(
      'href',
      'https://www.practice-portal.example/support',
    );

    // The message stays: the start-up has not given up a moment later.
    await page.clock.runFor(5_000);
    await expect(page.getByRole('heading', { name: 'Sorry!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: "Oops! Something's not working." })).toHaveCount(0);

    await page.clock.runFor(10_000);
    await expect(page.getByRole('heading', { name: "Oops! Something's not working." })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByTestId('support-email')).toHaveText('support@practice-portal.example');
    await expect(page.getByTestId('visit-us')).toHaveAttribute(
      'href',
      'https://www.practice-portal.example/',
    );

    hang = false;
    for (const release of held) release();
    await page.clock.resume();
    await page.getByRole('button', { name: 'Try again' }).click();
    // The configuration arrives: a signed-out visitor of a signed-in-only page is sent to sign in.
    await expect(page.getByRole('heading', { name: /^Log in to/ })).toBeVisible({ timeout: 20_000 });
  });
}

/**
 * A configuration call that fails outright (500, or a proxy's HTML page instead of JSON) ends the
 * wait at once on the same failure screen; Try again recovers once the call answers properly.
 */
for (const [call, answer] of [
  ['app', { status: 500, contentType: 'application/json', body: '{"message":"boom"}' }],
  [
    'auth',
    {
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><html><body><h1>Proxy login</h1></body></html>',
    },
  ],
  ['auth', { status: 502, contentType: 'text/html', body: '<html><body><h1>Bad gateway</h1></body></html>' }],
  [
    'app',
    {
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><html><body><h1>Proxy login</h1></body></html>',
    },
  ],
  ['auth', { status: 500, contentType: 'application/json', body: '{"message":"boom"}' }],
] as const) {
  test(`/api/clientconfig/${call} answering ${answer.status} ${answer.contentType}: the failure screen at once, Try again recovers`, async ({
    page,
    consoleErrors,
  }) => {
    let failing = true;
    await page.route(`**/api/clientconfig/${call}`, (route) =>
      failing ? route.fulfill(answer) : route.continue(),
    );
    await page.goto('/switch-practice');
    await expect(page.getByRole('heading', { name: "Oops! Something's not working." })).toBeVisible();
    await expect(page.getByTestId('support-email')).toHaveText('support@practice-portal.example');
    await expect(page.getByTestId('visit-us')).toHaveAttribute(
      'href',
      'https://www.practice-portal.example/',
    );
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: /^Log in to/ })).toBeVisible({ timeout: 20_000 });
    // The browser's own line for the failed status, nothing from the app.
    const own = consoleErrors.filter(
      (e) => !/^Failed to load resource: the server responded with a status of/.test(e),
    );
    consoleErrors.splice(0, consoleErrors.length, ...own);
  });
}
