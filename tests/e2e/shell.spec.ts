import type { Page } from '@playwright/test';
import { uniqueEmail } from '../support/stack';
import { expect, holdClock, test } from './fixtures';

/**
 * The app shell in Chromium against the local stack (server/stack.ts serves productName
 * 'Practice Portal', marketingSiteUrl https://www.practice-portal.example and supportEmail
 * support@practice-portal.example from GET /api/clientconfig/app).
 */

const product = 'Practice Portal';
const marketingSite = 'https://www.practice-portal.example/';
const supportEmail = 'support@practice-portal.example';

type TitleRecord = { origin: string; path: string; title: string };
type RecorderWindow = { __recordTitle?: (origin: string, path: string, title: string) => void };

/**
 * Records every title the page sets, with the address it was set on, across navigations. The
 * `document.title` setter is wrapped, so a title set just before the page leaves (a redirect to
 * another origin) is still seen.
 */
async function recordTitles(page: Page): Promise<TitleRecord[]> {
  const seen: TitleRecord[] = [];
  await page.exposeBinding('__recordTitle', (_source, origin: string, path: string, title: string) => {
    seen.push({ origin, path, title });
  });
  await page.addInitScript(() => {
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'title');
    if (!descriptor?.get || !descriptor.set) return;
    const { get, set } = descriptor;
    Object.defineProperty(document, 'title', {
      configurable: true,
      get() {
        return get.call(document);
      },
      set(value: string) {
        set.call(document, value);
        (window as unknown as RecorderWindow).__recordTitle?.(location.origin, location.pathname, value);
      },
    });
  });
  return seen;
}

/**
 * Every route of spec §2 as a concrete address, the path it shows, and its title. The guarded
 * routes (/switch-practice, /auth/unverified-email) send a signed-out visitor to the identity
 * provider before they render: their titles are checked signed in, below.
 */
const routes: { url: string; path: string; title: string }[] = [
  { url: '/', path: '/', title: product },
  { url: '/auth/redirect', path: '/auth/redirect', title: `${product} | Account | Signing In` },
  {
    url: '/auth/verified-email',
    path: '/auth/verified-email',
    title: `${product} | Account | Email Verified`,
  },
  { url: '/onboarding', path: '/onboarding', title: `${product} | Onboarding` },
  {
    url: '/onboarding/register-account',
    path: '/onboarding/register-account',
    title: `${product} | Onboarding | Register Account`,
  },
  {
    url: '/onboarding/register-profile',
    path: '/onboarding/register-profile',
    title: `${product} | Onboarding | Register Profile`,
  },
  {
    url: '/onboarding/register-practice',
    path: '/onboarding/register-practice',
    title: `${product} | Onboarding | Register Practice`,
  },
  {
    url: '/onboarding/thank-you?practiceKey=no-such-practice',
    path: '/onboarding/thank-you',
    title: `${product} | Onboarding | Thank You`,
  },
  {
    url: '/onboarding/directory-practice/no-such-key',
    path: '/onboarding/directory-practice/no-such-key',
    title: `${product} | Onboarding | Directory Practice`,
  },
  { url: '/invite?practiceKey=no-such-practice', path: '/invite', title: `${product} | Invite` },
  { url: '/invite-code?forceLogin=false', path: '/invite-code', title: `${product} | Invite Code` },
  { url: '/mobile/some/path?x=1', path: '/mobile/some/path', title: `${product} | Mobile` },
  { url: '/billing/invoices', path: '/billing/invoices', title: `${product} | Billing` },
  { url: '/server-error', path: '/server-error', title: `${product} | Server Error` },
  { url: '/redirected', path: '/redirected', title: `${product} | Redirected` },
  { url: '/no-access', path: '/no-access', title: `${product} | No Access` },
  { url: '/not-found', path: '/not-found', title: `${product} | Not Found` },
  { url: '/no/such/page', path: '/no/such/page', title: `${product} | Not Found` },
];

test.describe('page titles', () => {
  for (const route of routes) {
    test(`${route.url} → '${route.title}'`, async ({ page, stack }) => {
      // The title is the shell's: hold every API call but the configuration, so no screen acts on
      // an answer (and leaves the route) while the title is checked.
      await page.route(/\/api\/(?!clientconfig\/)/, () => undefined);
      // /mobile/* and /billing/* leave for the regional portal as soon as the session is known:
      // hold that navigation too, so the page stays on the app while its title is read.
      const portals = new Set(Object.values(stack.environments).map((u) => new URL(u).origin));
      await page.route(
        (url) => portals.has(url.origin),
        () => undefined,
      );
      const seen = await recordTitles(page);
      const onApp = () =>
        seen.filter((s) => s.origin === new URL(stack.appUrl).origin && s.path === route.path);
      await page.goto(route.url);
      await expect
        .poll(() => onApp().some((s) => s.title === route.title), { message: JSON.stringify(seen) })
        .toBe(true);
      // On its own path the app set only the route's title: never another route's title.
      expect([...new Set(onApp().map((s) => s.title))]).toEqual([route.title]);
    });
  }
});

test.describe('navigation bar and account menu, signed out', () => {
  test('shows the logo, Home and Login; Login starts the redirect login', async ({ page, stack }) => {
    await page.goto('/server-error');
    const header = page.getByRole('banner');
    // The logo link is named by its visible text (WCAG 2.5.3 label in name).
    await expect(header.getByRole('link', { name: product, exact: true })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: product, exact: true })).toHaveText(product);
    const nav = header.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Switch Practice' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Setup Practice Account' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Toggle navigation' })).toHaveCount(0);
    await header.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.href.startsWith(stack.idpUrl));
  });

  test('Home navigates in the app', async ({ page }) => {
    await page.goto('/no-access');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page).toHaveTitle(product);
  });

  for (const path of ['/auth/redirect', '/invite-code?forceLogin=false']) {
    test(`is hidden on ${path}`, async ({ page }) => {
      const seen = await recordTitles(page);
      if (path.startsWith('/auth/redirect')) {
        // /auth/redirect moves on after 1 s: the page's clock stands still while it is looked at.
        await holdClock(page);
        await page.goto(path);
        await expect(async () => {
          await page.clock.runFor(20);
          expect(seen.length).toBeGreaterThan(0);
          await expect(page.getByRole('main')).toBeVisible({ timeout: 100 });
        }).toPass();
        expect(new URL(page.url()).pathname).toBe('/auth/redirect');
      } else {
        await page.goto(path);
        await expect.poll(() => seen.length).toBeGreaterThan(0);
        await expect(page.getByRole('main')).toBeVisible();
      }
      await expect(page.getByRole('banner')).toHaveCount(0);
    });
  }

  test('skip link is the first tab stop and moves focus to main', async ({ page }) => {
    await page.goto('/no-access');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});

test.describe('navigation bar and account menu, signed in', () => {
  const password = 'Passw0rd!x';

  test('shows the signed-in items and the account menu; Logout signs out', async ({ page, stack }) => {
    const seen = await recordTitles(page);
    const titleOn = (path: string) =>
      seen.filter((s) => s.origin === new URL(stack.appUrl).origin && s.path === path).map((s) => s.title);
    const email = uniqueEmail('shell');
    const created = await fetch(`${stack.idpUrl}/__test/users`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, name: 'Alice Mary Jane Smith' }),
    });
    expect(created.status).toBe(201);

    await page.goto('/redirected');
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.href.startsWith(stack.idpUrl));
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.href.startsWith(stack.appUrl) && url.pathname === '/redirected');

    const header = page.getByRole('banner');
    const nav = header.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Setup Practice Account' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    await expect(nav.getByRole('link', { name: 'Switch Practice' })).toHaveAttribute(
      'href',
      '/switch-practice',
    );
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Login' })).toHaveCount(0);

    const avatar = header.getByRole('button', { name: 'Account menu for Alice Mary Jane Smith' });
    await expect(avatar).toHaveText('AMJ');
    // Keyboard operable: Enter opens the menu, the name is its header.
    await avatar.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Alice Mary Jane Smith')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);

    // The guarded routes' titles (signed in, the guard lets them render).
    await nav.getByRole('link', { name: 'Switch Practice' }).click();
    await expect.poll(() => titleOn('/switch-practice')).toContain(`${product} | Switch Practice`);
    await page.goto('/auth/unverified-email');
    await expect
      .poll(() => titleOn('/auth/unverified-email'), { message: JSON.stringify(seen) })
      .toContain(`${product} | Account | Verify Your Email`);
    await page.goto('/redirected');

    await page
      .getByRole('banner')
      .getByRole('button', { name: 'Account menu for Alice Mary Jane Smith' })
      .click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }),
    ).toBeVisible();
  });
});

test.describe('error screens', () => {
  test('not found (and the catch-all)', async ({ page }) => {
    for (const path of ['/not-found', '/some/unknown/path']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        "Sorry, we couldn't find what you're looking for.",
      );
      await expect(page.getByText('The link you are using may have expired.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Visit us' })).toHaveAttribute('href', marketingSite);
    }
  });

  test('no access', async ({ page }) => {
    await page.goto('/no-access');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "Sorry you don't have access to this resource.",
    );
    await expect(page.getByTestId('support-prompt')).toHaveText(
      `If you think you should have access, please contact support at ${supportEmail}.`,
    );
    await expect(page.getByRole('link', { name: supportEmail })).toHaveAttribute(
      'href',
      `mailto:${supportEmail}`,
    );
    await expect(page.getByRole('link', { name: 'Visit us' })).toHaveAttribute('href', marketingSite);
  });

  test('generic failure', async ({ page }) => {
    await page.goto('/server-error');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Oops! Something's not working.");
    await expect(page.getByTestId('support-prompt')).toHaveText(
      `Please try again later, or contact support at ${supportEmail}`,
    );
    await expect(page.getByRole('link', { name: supportEmail })).toHaveAttribute(
      'href',
      `mailto:${supportEmail}`,
    );
    await expect(page.getByRole('link', { name: 'Visit us' })).toHaveAttribute('href', marketingSite);
  });

  test('redirected', async ({ page }) => {
    await page.goto('/redirected');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'You have been redirected. You may safely close this page.',
    );
    await expect(page.getByRole('link', { name: 'Visit us' })).toHaveAttribute('href', marketingSite);
  });
});

test.describe('stored page', () => {
  const stored = (page: Page) => page.evaluate(() => window.localStorage.getItem('storedPage'));

  test('is written on navigation, with the query, and not on excluded paths', async ({ page }) => {
    await page.goto('/invite?practiceKey=abc');
    await expect.poll(() => stored(page)).toBe('/invite?practiceKey=abc');

    for (const path of [
      '/server-error',
      '/no-access',
      '/not-found',
      '/redirected',
      '/auth/redirect',
      '/unknown',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      // Give the router time to resolve before reading.
      await page.waitForTimeout(150);
      expect(await stored(page), path).toBe('/invite?practiceKey=abc');
    }

    // In-app navigation writes it too.
    await page.goto('/no-access');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => stored(page)).toBe('/');
  });
});

test.describe('mobile width (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('shows the burger; the menu opens and closes on navigation', async ({ page }) => {
    await page.goto('/no-access');
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    await expect(burger).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    const home = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' });
    await expect(home).toBeHidden();
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(home).toBeVisible();
    await home.click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(home).toBeHidden();
  });
});
