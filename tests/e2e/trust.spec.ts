import type { Page } from '@playwright/test';
import { uniqueEmail } from '../support/stack';
import { expectStep, fillProfile, progressText, wizardAnswers } from '../support/wizard';
import { expect, test } from './fixtures';
import { createUser, logInAtIdp } from './stack-support';
import { walkWizardTo, wizardPage } from './wizard-page';

/**
 * Trust on a shared front-desk computer: per-user data in the browser belongs to the
 * signed-in user and does not outlive their sign-out (docs/decisions/080-per-user-browser-data.md).
 */

function field(page: Page, name: string) {
  return page.locator(`#field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`);
}

/** Every value in local and session storage, as one string per entry ("key=value"). */
async function everythingStored(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const entries: string[] = [];
    for (const storage of [window.localStorage, window.sessionStorage]) {
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i) ?? '';
        entries.push(`${key}=${storage.getItem(key) ?? ''}`);
      }
    }
    return entries;
  });
}

/** Every cookie of the browser (app, provider, mailbox: all on this host), as "name=value". */
async function everyCookie(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((c) => `${c.name}=${decodeURIComponent(c.value)}`);
}

/** Nothing of `traces` in local storage, session storage or cookies. */
async function expectNoTraces(page: Page, traces: string[], when: string) {
  const stored = (await everythingStored(page)).join('\n');
  const cookies = (await everyCookie(page)).join('\n');
  for (const trace of traces) {
    expect(stored, `${when}: ${trace} in storage`).not.toContain(trace);
    expect(cookies, `${when}: ${trace} in a cookie`).not.toContain(trace);
  }
}

test.describe('a shared computer', () => {
  test('user B fills the wizard and logs out; user A signs in and finds nothing of B (forms, local and session storage)', async ({
    page,
    stack,
  }) => {
    const b = await createUser(stack, { email: uniqueEmail('bea'), name: 'Bea Bishop' });
    const a = await createUser(stack, { email: uniqueEmail('alan'), name: 'Alan Archer' });
    const bTraces = [
      'Beatrice',
      'Bishop',
      '0498765432',
      '1985-03-04',
      'Bishop Street Vets',
      '5678',
      b.email,
      b.sub,
    ];

    // B: the pin, sign in, then steps 2 and 3 of the wizard.
    await page.goto('/onboarding?pin=5678');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(/\/onboarding\/register-account$/);
    await page.getByRole('button', { name: 'Login' }).click();
    await logInAtIdp(page, b.email);
    await expect(page.getByRole('button', { name: 'Account menu for Bea Bishop' })).toBeVisible();
    await page.goto('/onboarding/register-profile');
    await walkWizardTo(
      page,
      'practice',
      wizardAnswers({
        profile: {
          firstName: 'Beatrice',
          lastName: 'Bishop',
          phone: '0498765432',
          dateOfBirth: '1985-03-04',
        },
      }),
      { from: 'profile', opened: true },
    );
    await expect(page.getByTestId('onboarding-devices')).toBeVisible();
    await field(page, 'practice.name').fill('Bishop Street Vets');
    await field(page, 'practice.address.city').fill('Sydney');
    await expect.poll(async () => (await everythingStored(page)).join('\n')).toContain('Bishop Street Vets');

    // B logs out.
    await page.getByRole('button', { name: 'Account menu for Bea Bishop' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    const afterLogout = (await everythingStored(page)).join('\n');
    for (const trace of bTraces) expect(afterLogout).not.toContain(trace);
    await expectNoTraces(page, bTraces, 'after B logged out');

    // A signs in on the same browser: empty forms, no pin, nothing of B's stored.
    await page.getByRole('button', { name: 'Login' }).click();
    await logInAtIdp(page, a.email);
    await expect(page.getByRole('button', { name: 'Account menu for Alan Archer' })).toBeVisible();
    await page.goto('/onboarding/register-profile');
    await expect(page.getByText(progressText('profile') ?? '')).toBeVisible();
    await expect(field(page, 'email')).toHaveValue(a.email);
    await expect(field(page, 'firstName')).toHaveValue('');
    await expect(field(page, 'lastName')).toHaveValue('');
    await expect(field(page, 'phone')).toHaveValue('');
    await expect(field(page, 'dateOfBirth')).toHaveValue('');
    await walkWizardTo(
      page,
      'practice',
      wizardAnswers({
        profile: { firstName: 'Alan', lastName: 'Archer', phone: '0411222333', dateOfBirth: '1979-05-06' },
      }),
      { from: 'profile', opened: true },
    );
    await expect(field(page, 'practice.name')).toHaveValue('');
    await expect(field(page, 'practice.address.city')).toHaveValue('');
    await expect(page.getByTestId('onboarding-devices')).toHaveCount(0);
    const asA = (await everythingStored(page)).join('\n');
    for (const trace of bTraces) expect(asA).not.toContain(trace);
    await expectNoTraces(page, bTraces, 'A signed in');
    await expect(page.locator('body')).not.toContainText('Beatrice');
  });

  test('user B stores a draft and an invite and walks away without logging out; when B’s provider session has ended, user A signs in and finds nothing of B (forms, storage, cookies, the stored page)', async ({
    page,
    stack,
  }) => {
    const b = await createUser(stack, { email: uniqueEmail('bex'), name: 'Bex Brightwater' });
    const a = await createUser(stack, { email: uniqueEmail('ari'), name: 'Ari Appleby' });
    const inviteKey = 'bex-private-practice';
    const bTraces = ['Rebecca', 'Brightwater', '0487654321', '1982-07-08', inviteKey, b.email, b.sub];

    // B signs in, fills step 2 of the wizard (not sent), then opens an invite link.
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    await logInAtIdp(page, b.email);
    await expect(page.getByRole('button', { name: 'Account menu for Bex Brightwater' })).toBeVisible();
    await page.goto('/onboarding/register-profile');
    await expectStep(wizardPage(page), 'profile');
    await fillProfile(wizardPage(page), {
      firstName: 'Rebecca',
      lastName: 'Brightwater',
      phone: '0487654321',
      dateOfBirth: '1982-07-08',
    });
    await expect.poll(async () => (await everythingStored(page)).join('\n')).toContain('0487654321');
    await page.goto(`/invite?practiceKey=${inviteKey}`);
    await expect(page.getByRole('heading', { name: 'Create your profile' })).toBeVisible();
    await expect.poll(async () => (await everythingStored(page)).join('\n')).toContain(inviteKey);
    // Signed in, the tokens stay in memory: no cookie carries B's address, account or name.
    const cookiesAsB = (await everyCookie(page)).join('\n');
    for (const trace of [b.email, b.sub, 'Brightwater']) expect(cookiesAsB).not.toContain(trace);

    // B walks away; the provider's session ends (expired, as it would after a while): its
    // session cookies go, nothing else does — the app's storage still holds B's draft and invite.
    const providerSession = (await page.context().cookies()).filter((c) => /^_session/.test(c.name));
    expect(providerSession.length, 'the provider keeps its session in cookies').toBeGreaterThan(0);
    for (const cookie of providerSession) {
      await page.context().clearCookies({ name: cookie.name, domain: cookie.domain, path: cookie.path });
    }
    expect((await everythingStored(page)).join('\n')).toContain(inviteKey);

    // A comes to the same browser and signs in.
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    await logInAtIdp(page, a.email);
    await expect(page.getByRole('button', { name: 'Account menu for Ari Appleby' })).toBeVisible();
    // Not sent to B's stored page (the invite) either.
    expect(page.url()).not.toContain(inviteKey);
    await expectNoTraces(page, bTraces, 'A signed in');
    await page.goto('/onboarding/register-profile');
    await expect(page.getByText(progressText('profile') ?? '')).toBeVisible();
    await expect(field(page, 'email')).toHaveValue(a.email);
    for (const name of ['firstName', 'lastName', 'phone', 'dateOfBirth'])
      await expect(field(page, name)).toHaveValue('');
    await expect(page.locator('body')).not.toContainText('Rebecca');
    await expectNoTraces(page, bTraces, 'A on the wizard');
  });

  test('an unverified account opening /auth/verified-email with its own address is not verified (only the emailed link verifies)', async ({
    page,
    stack,
    consoleErrors,
  }) => {
    const user = await createUser(stack, {
      email: uniqueEmail('forger'),
      name: 'Fay Forger',
      emailVerified: false,
    });
    await page.goto('/auth/unverified-email?returnTo=%2Fredirected');
    await logInAtIdp(page, user.email);
    await expect(page.getByRole('heading', { name: 'Please verify your email' })).toBeVisible();
    await page.goto(`/auth/verified-email?email=${encodeURIComponent(user.email)}`);
    await expect(page.getByText("We couldn't verify your email")).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Thank you for verifying your email.' })).toHaveCount(0);
    expect(stack.repo.getUser(user.sub)?.emailVerified).toBe(false);
    // The browser logs the refused call (400); nothing else may be logged.
    const refused = consoleErrors.filter((e) => /status of 400 .*\/api\/profile\/verify-email/.test(e));
    expect(refused.length).toBeGreaterThan(0);
    for (const e of refused) consoleErrors.splice(consoleErrors.indexOf(e), 1);
  });

  test('guessing companion pins is stopped: after too many wrong pins the pin step says to wait', async ({
    page,
    freshStack,
    consoleErrors,
  }) => {
    // A stack of its own: this test locks its client out of pin checks for a minute.
    const tryPin = async (pin: string) => {
      await page.goto(`${freshStack.appUrl}/onboarding?pin=${pin}`);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
    };
    for (let i = 0; i < 10; i += 1) {
      await tryPin(String(9000 + i));
      await expect(page.getByText('Invalid pin, please try again.')).toBeVisible();
    }
    await tryPin('1234');
    await expect(
      page.getByText(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding\?pin=1234$/);
    // The browser logs the refused calls (400, 429); nothing else may be logged.
    const refused = consoleErrors.filter((e) =>
      /status of (400|429) .*\/api\/onboarding\/verify-pin/.test(e),
    );
    expect(refused.length).toBe(11);
    for (const e of refused) consoleErrors.splice(consoleErrors.indexOf(e), 1);
  });
});
