import type { Page } from '@playwright/test';
import { SEED_PASSWORD, seedAccounts } from '../../server/seed';
import type { TestStack } from '../support/stack';
import { signIn } from './fixtures';
import {
  expect,
  expectConsoleErrors,
  expectEnvironment,
  it,
  keepThisAccount,
  signInWithEmail,
  signInWithSocial,
} from './stack-support';

/**
 * Invites end to end in Chromium against the local stack: the invite link (signed out →
 * sign-up → profile → accepted → environment), profile creation answered 500 and 400, the invite
 * problem screens, the invite code (lowercase shown uppercase, unknown code), and a tampered
 * redirectUri.
 */

function field(page: Page, name: string) {
  return page.locator(`#field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`);
}

/** Noah (seed) has a pending invite to uk-dales; he signs up with a Google account (verified). */
async function signUpFromInvite(page: Page) {
  await page.goto('/invite?practiceKey=uk-dales');
  await expect(page.getByRole('heading', { name: "You've been invited to join a practice" })).toBeVisible();
  await signInWithSocial(page, 'Sign up with Google', 'Google', seedAccounts.fresh.email, 'Noah Brown');
  await keepThisAccount(page);
  await expect(page).toHaveURL(/\/invite\?practiceKey=uk-dales$/);
  await expect(page.getByRole('heading', { name: 'Create your profile' })).toBeVisible();
}

/**
 * Noah's Google account (as the first test's sign-up makes it) starts signed in (`signIn`, no
 * provider page in this browser) and opens his invite: the profile form.
 */
async function openInviteAsNoah(page: Page, stack: TestStack) {
  const user = await stack.createUser({
    connection: 'google-oauth2',
    email: seedAccounts.fresh.email,
    name: 'Noah Brown',
    givenName: 'Noah',
    familyName: 'Brown',
  });
  await signIn(page.context(), stack, { connection: 'google-oauth2', sub: user.sub });
  await page.goto('/invite?practiceKey=uk-dales');
  await expect(page.getByRole('heading', { name: 'Create your profile' })).toBeVisible();
}

async function fillProfile(page: Page) {
  await expect(field(page, 'firstName')).toHaveValue('Noah');
  await field(page, 'phone').fill('0412345678');
  await field(page, 'dateOfBirth').fill('1990-01-02');
  await page.getByLabel('I agree to the privacy policy').check();
}

it.describe('join-practice', () => {
  it('invite link: signed out → sign-up → profile → accepted → the practice environment', async ({
    page,
    app,
  }) => {
    await signUpFromInvite(page);
    // The invite survives the identity provider's redirect in local storage until it is accepted.
    expect(await page.evaluate(() => window.localStorage.getItem('invite'))).toContain('uk-dales');
    await fillProfile(page);
    const created = page.waitForRequest((r) => r.url().endsWith('/api/profile/') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Continue' }).click();
    // Spec §3, §7: the invite pages send verifiedEmail (a Google address arrives verified).
    expect((await created).postDataJSON()).toMatchObject({ firstName: 'Noah', verifiedEmail: true });
    await expectEnvironment(page, app.stack, 'uk', 'uk-dales');
  });

  it('profile creation answered 400 stays on the page with the errors; answered 500 goes to /server-error', async ({
    page,
    app,
    consoleErrors,
  }) => {
    await openInviteAsNoah(page, app.stack);
    let status = 400;
    await page.route('**/api/profile/', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status,
            contentType: 'application/json',
            body: JSON.stringify(
              status === 400
                ? { title: 'Invalid', errors: { phone: ['Phone is not accepted here'] } }
                : { title: 'Boom' },
            ),
          })
        : route.fallback(),
    );
    await fillProfile(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Phone is not accepted here')).toBeVisible();
    await expect(page).toHaveURL(/\/invite\?practiceKey=uk-dales$/);
    await expect(page.getByRole('heading', { name: 'Create your profile' })).toBeVisible();
    expectConsoleErrors(consoleErrors, /status of 400/);

    status = 500;
    await field(page, 'phone').fill('0412345679');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(new RegExp(`^${app.stack.appUrl}/server-error$`));
    await expect(page.getByRole('heading', { name: "Oops! Something's not working." })).toBeVisible();
    expectConsoleErrors(consoleErrors, /status of 500/);
  });

  it('an unverified email is told to verify first', async ({ page, app }) => {
    await signIn(page.context(), app.stack, {
      email: seedAccounts.unverified.email,
      password: SEED_PASSWORD,
    });
    await page.goto('/invite?practiceKey=au-southbank');
    // Sam has no profile yet: the profile comes first, then the verification check.
    await expect(page.getByRole('heading', { name: 'Create your profile' })).toBeVisible();
    await field(page, 'phone').fill('0412345678');
    await field(page, 'dateOfBirth').fill('1990-01-02');
    await page.getByLabel('I agree to the privacy policy').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Please verify your email' })).toBeVisible();
    await page.getByRole('button', { name: 'Verify my email' }).click();
    await expect(page).toHaveURL(
      /\/auth\/unverified-email\?returnTo=%2Finvite%3FpracticeKey%3Dau-southbank$/,
    );
  });

  it('an unknown or expired invite gets its own screen', async ({ page, app, consoleErrors }) => {
    // Emma has a profile and no pending invites: the server answers 404.
    await signIn(page.context(), app.stack, { connection: 'windowslive', sub: seedAccounts.windowslive.sub });
    await page.goto('/invite?practiceKey=au-nowhere');
    await expect(page.getByRole('heading', { name: 'This invite is no longer valid' })).toBeVisible();
    expectConsoleErrors(consoleErrors, /status of 404/);
    expect(await page.evaluate(() => window.localStorage.getItem('invite'))).toBeNull();
    await page.getByRole('button', { name: 'Go to my practices' }).click();
    await expect(page).toHaveURL(/\/switch-practice$/);
  });

  it('an invite for another practice: the user has invites, but not to this one', async ({ page, app }) => {
    // Olivia's pending invites are to au-bondi and uk-camden.
    await signIn(page.context(), app.stack, { email: seedAccounts.verified.email, password: SEED_PASSWORD });
    await page.goto(`${app.stack.appUrl}/invite?practiceKey=uk-dales`);
    await expect(page.getByRole('heading', { name: 'This invite is not for you' })).toBeVisible();
  });

  it('a tampered redirectUri does not leave the allowed origins; an allowed one is used', async ({
    page,
    app,
  }) => {
    const leftForEvil: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).hostname.endsWith('evil.example')) leftForEvil.push(request.url());
    });
    await signIn(page.context(), app.stack, { email: seedAccounts.verified.email, password: SEED_PASSWORD });
    await page.goto(
      `${app.stack.appUrl}/invite?practiceKey=au-bondi&redirectUri=${encodeURIComponent('https://evil.example/steal')}`,
    );
    await expectEnvironment(page, app.stack, 'au', 'au-bondi');
    expect(leftForEvil).toEqual([]);

    const welcome = `${app.stack.environments.uk}/welcome?from=invite`;
    await page.goto(
      `${app.stack.appUrl}/invite?practiceKey=uk-camden&redirectUri=${encodeURIComponent(welcome)}`,
    );
    await expectEnvironment(page, app.stack, 'uk');
    await expect(page.getByTestId('opened-with')).toHaveText('/welcome?from=invite');
  });

  it('invite code typed in lowercase is shown uppercase and joins', async ({ page, app }) => {
    await signIn(page.context(), app.stack, { email: seedAccounts.verified.email, password: SEED_PASSWORD });
    await page.goto('/invite-code');
    await expect(page.getByRole('heading', { name: 'Join with an invite code' })).toBeVisible();
    await field(page, 'inviteCode').fill('joinau01');
    await expect(field(page, 'inviteCode')).toHaveValue('JOINAU01');
    await page.getByRole('button', { name: 'Join practice' }).click();
    await expectEnvironment(page, app.stack, 'au', 'au-southbank');
  });

  it('an unknown code shows the server message and keeps the typed code', async ({ page, consoleErrors }) => {
    await page.goto('/invite-code?code=nope42');
    await signInWithEmail(page, seedAccounts.verified.email);
    await keepThisAccount(page);
    await expect(page).toHaveURL(/\/invite-code\?code=NOPE42$/);
    await expect(field(page, 'inviteCode')).toHaveValue('NOPE42');
    await page.getByRole('button', { name: 'Join practice' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid invite code' })).toBeVisible();
    await expect(field(page, 'inviteCode')).toHaveValue('NOPE42');
    expectConsoleErrors(consoleErrors, /status of 404/);
  });
});
