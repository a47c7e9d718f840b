import type { Page } from '@playwright/test';
import { SEED_PASSWORD } from '../../server/seed';
import { uniqueEmail } from '../support/stack';
import { expect, signIn, test } from './fixtures';
import { createUser, logInAtIdp } from './stack-support';
import { field, openStep } from './wizard-page';

/**
 * What outside checkers found (issue 26, items 4, 5 and 7), in Chromium against the local stack.
 */

/** Signs in from the app's Login button through the provider's login page. */
async function signInAtProvider(page: Page, email: string, name: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await logInAtIdp(page, email);
  // Back from the provider through /auth/redirect: the same 20 s as the other specs' sign-ins.
  await expect(page.getByRole('button', { name: `Account menu for ${name}` })).toBeVisible({
    timeout: 20_000,
  });
}

test.describe('the date of birth typed by a person (spec §5: date, "must be a valid date")', () => {
  test('29/02/2023 typed segment by segment into the EMPTY field says it must be a valid date, not that it is required', async ({
    page,
    stack,
  }) => {
    await openStep(page, stack, 'profile');
    const date = field(page, 'dateOfBirth');
    await expect(date).toHaveValue('');
    // Focus lands on the first segment; each segment moves on by itself when full. This Chromium
    // orders them month, day, year (its own locale's order, whatever the page's language).
    await date.focus();
    await page.keyboard.type('02', { delay: 80 });
    await page.keyboard.type('29', { delay: 80 });
    await page.keyboard.type('2023', { delay: 80 });
    // The browser holds an impossible date: an empty value with badInput (nothing faked).
    expect(await date.evaluate((input: HTMLInputElement) => [input.value, input.validity.badInput])).toEqual([
      '',
      true,
    ]);
    // Leaving the field by keyboard (Tab walks the date's own parts first) shows the spec's message.
    for (let i = 0; i < 4 && (await date.evaluate((input) => document.activeElement === input)); i += 1)
      await page.keyboard.press('Tab');
    await expect(date).not.toBeFocused();
    await expect(page.getByText('Date of birth must be a valid date')).toBeVisible();
    await expect(page.getByText('Date of birth is required')).toHaveCount(0);
    // And so does submitting.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Date of birth must be a valid date')).toBeVisible();
    await expect(page.getByText('Date of birth is required')).toHaveCount(0);
    await expect(page).toHaveURL(/\/onboarding\/register-profile$/);
    // Put right by typing a real date over it: the box keeps what is typed, the message goes.
    await date.focus();
    await page.keyboard.type('01', { delay: 80 });
    await page.keyboard.type('02', { delay: 80 });
    await page.keyboard.type('1990', { delay: 80 });
    await expect(date).toHaveValue('1990-01-02');
    for (let i = 0; i < 4 && (await date.evaluate((input) => document.activeElement === input)); i += 1)
      await page.keyboard.press('Tab');
    await expect(date).toHaveValue('1990-01-02');
    await expect(page.getByText('Date of birth must be a valid date')).toHaveCount(0);
  });
});

test.describe("the identity provider's stale interactions (Auth0's Application Login URI)", () => {
  test('an unknown or stale /interaction/<uid> sends the browser to the app sign-in route', async ({
    page,
    stack,
  }) => {
    await page.goto(`${stack.idpUrl}/interaction/unknown-or-expired`);
    await expect(page).toHaveURL(`${stack.appUrl}/`);
    await expect(page.getByRole('button', { name: 'Sign in with Email' })).toBeVisible();
  });

  test('Back after a completed sign-in never ends on a page with no way on', async ({ page, stack }) => {
    const user = await createUser(stack, { email: uniqueEmail('back'), name: 'Bea Back' });
    await signInAtProvider(page, user.email, 'Bea Back');
    const signedInAt = page.url();
    expect(new URL(signedInAt).origin).toBe(stack.appUrl);
    // Back through the sign-in: the provider's login page of that sign-in is stale now.
    await page.goBack();
    await page.waitForLoadState('load');
    await expect(page).not.toHaveURL(/\/interaction\//);
    expect(new URL(page.url()).origin).toBe(stack.appUrl);
    await expect(page.getByRole('button', { name: 'Account menu for Bea Back' })).toBeVisible();
    await expect(page.getByText('Sign-in expired')).toHaveCount(0);
  });
});

test.describe('spec texts (§8)', () => {
  test('the invite-code page says the default form error, "An error occurred, please try again"', async ({
    page,
    stack,
    consoleErrors,
  }) => {
    const user = await createUser(stack, { email: uniqueEmail('code'), name: 'Cody Code' });
    await stack.api('/api/profile/', {
      method: 'POST',
      token: await stack.token(user.sub),
      body: {
        firstName: 'Cody',
        lastName: 'Code',
        email: user.email,
        phone: '0412345678',
        dateOfBirth: '1990-01-02',
        verifiedEmail: user.email,
      },
    });
    await signIn(page.context(), stack, { email: user.email, password: SEED_PASSWORD });
    await page.goto('/invite-code');
    await expect(page.getByRole('heading', { name: 'Join with an invite code' })).toBeVisible();
    for (const [status, body] of [
      [500, '{"message":"boom"}'],
      [400, '{}'],
    ] as const) {
      await page.route('**/api/userpractice/invite-code', (route) =>
        route.fulfill({ status, contentType: 'application/json', body }),
      );
      await field(page, 'inviteCode').fill('nope1234');
      await page.getByRole('button', { name: 'Join practice' }).click();
      await expect(page.getByRole('alert')).toHaveText('An error occurred, please try again');
      await page.unroute('**/api/userpractice/invite-code');
    }
    await expect(page.getByText('Something went wrong, please try again.')).toHaveCount(0);
    await expect(page.getByText('That invite code was not accepted.')).toHaveCount(0);
    // A 200 answering { isSuccess: false, message } is the server's answer: its words are shown.
    await page.route('**/api/userpractice/invite-code', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: '{"isSuccess":false,"message":"This invite code has expired."}',
      }),
    );
    await page.getByRole('button', { name: 'Join practice' }).click();
    await expect(page.getByRole('alert')).toHaveText('This invite code has expired.');
    await page.unroute('**/api/userpractice/invite-code');
    for (const e of consoleErrors.filter((e) => /status of (400|500)/.test(e)))
      consoleErrors.splice(consoleErrors.indexOf(e), 1);
  });

  test("a 200 answer { isSuccess: false, message } keeps the server's message (register practice)", async ({
    page,
    stack,
  }) => {
    // Step 3 opened directly, signed in, with a profile in the draft (the walk: onboarding.spec).
    await openStep(page, stack, 'practice');
    await page.route('**/api/onboarding/register-practice', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ isSuccess: false, message: 'This practice is already being registered.' }),
      }),
    );
    await field(page, 'practice.businessName').fill('Harbour Vets Pty Ltd');
    await field(page, 'practice.businessNumber').fill('51 824 753 556');
    await field(page, 'practice.name').fill('Harbour Vets');
    await field(page, 'practice.email').fill('hello@harbour.example');
    await field(page, 'practice.phone').fill('0298765432');
    await field(page, 'practice.address.address1').fill('1 Harbour St');
    await field(page, 'practice.address.city').fill('Sydney');
    await field(page, 'practice.address.postcode').fill('2000');
    await field(page, 'practice.address.state').selectOption({ index: 1 });
    await page.getByRole('checkbox', { name: /Terms & Conditions/ }).check();
    await page.getByRole('button', { name: 'Register practice' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'This practice is already being registered.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding\/register-practice$/);
  });
});
