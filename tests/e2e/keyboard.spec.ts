import type { Page } from '@playwright/test';
import { stepRow } from '#machines/onboarding-steps';
import { SEED_PASSWORD, seedAccounts } from '../../server/seed';
import type { Stack } from '../../server/stack';
import { uniqueEmail } from '../support/stack';
import { expectStep, stepsBetween, wizardFieldAnswer } from '../support/wizard';
import { expect, startE2eStack, test } from './fixtures';
import {
  arrowToOption,
  expectFocusWasVisible,
  expectNoFocusTrap,
  tabTo,
  typeInto,
  watchFocus,
} from './keyboard-support';
import { wizardPage } from './wizard-page';

/**
 * Keyboard-only journeys: the AU onboarding (pin → email sign-up at the identity
 * provider's pages → mailbox link → profile → practice → AU environment) and an invite-code join,
 * with Tab, Shift+Tab, Enter, Space and the arrow keys (and typing into text fields) — no clicks.
 * At each step focus lands on the new heading (the wizard's steps, the verified-email page, the
 * invite-code page after the sign-in); a submit with invalid fields (profile, practice, invite code) announces it (live
 * region) and focuses the first invalid field; Tab reaches every control (no trap); every control
 * the keyboard reaches on the app's pages shows its focus (keyboard-support.ts).
 *
 * Opening the verification link is the one step outside the app (the mail client): page.goto.
 */

const password = 'Passw0rd!x';

const it = test.extend<{ app: { stack: Stack; mail(to: string): Promise<{ text: string }[]> } }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  app: async ({}, use) => {
    const stack = await startE2eStack(process.env.E2E_DIST_DIR ? { distDir: process.env.E2E_DIST_DIR } : {});
    await use({
      stack,
      async mail(to) {
        const response = await fetch(`${stack.mailboxUrl}/api/messages?to=${encodeURIComponent(to)}`);
        return (await response.json()) as { text: string }[];
      },
    });
    await stack.dispose();
  },
  baseURL: async ({ app }, use) => {
    await use(app.stack.appUrl);
  },
});

const field = (page: Page, name: string) => page.locator(`#field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`);

function uniqueDigits(length: number): string {
  let out = String(Math.floor(Math.random() * 9) + 1);
  while (out.length < length) out += String(Math.floor(Math.random() * 10));
  return out;
}

async function expectHeadingFocused(page: Page, name: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
}

it.describe('keyboard only', () => {
  it.beforeEach(async ({ page }) => {
    await watchFocus(page);
  });

  it('AU onboarding: pin, email sign-up at the provider, mailbox link, profile, practice → AU environment', async ({
    page,
    app,
  }) => {
    it.slow(); // the whole onboarding, one key at a time
    const email = uniqueEmail('keyboard-au');
    await page.goto('/onboarding?pin=1234');
    // The app has taken over from the prerendered page (the walk counts the app's controls); the
    // journey starts from the top of the page, with nothing focused by the page itself.
    await expect(page.locator('#shell')).toHaveCount(0);
    // The handoff gives the focus to the app's box after the new screen's first frame (decision 123).
    await expect(page.locator('#root input:focus')).toHaveCount(1);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.evaluate(() => window.__focusLog?.splice(0));
    await expect(page.getByRole('heading', { level: 1, name: 'Set up your practice' })).toBeVisible();
    await expectNoFocusTrap(page);
    await tabTo(page, page.getByRole('button', { name: 'Continue', exact: true }));
    await page.keyboard.press('Enter');

    // Step 1: the account, at the identity provider's pages.
    await expectHeadingFocused(page, 'Create your account');
    await tabTo(page, page.getByRole('button', { name: 'Sign up with Email' }));
    await expectFocusWasVisible(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /^Create your .* account$/ })).toBeVisible();
    await typeInto(page, page.getByLabel('Email address'), email);
    await typeInto(page, page.getByLabel('Full name (optional)'), 'Ada Lovelace');
    await typeInto(page, page.getByLabel('Password'), password);
    await page.keyboard.press('Enter');

    // The mailbox link (the mail client), then back to the app: "I've verified my email".
    await expect(page).toHaveURL(/\/auth\/unverified-email\?returnTo=%2Fonboarding%2Fregister-account$/);
    await expect.poll(async () => (await app.mail(email)).length).toBeGreaterThan(0);
    const [newest] = await app.mail(email);
    // The provider's verification ticket (decision 080); it sends the browser on to /auth/verified-email.
    const link = /https?:\/\/\S+\/u\/email-verification\?ticket=\S+/.exec(newest?.text ?? '')?.[0];
    expect(link).toBeTruthy();
    await page.goto(link ?? '');
    // The outcome replaces the 'Verifying your email' screen: focus lands on its heading.
    await expectHeadingFocused(page, 'Thank you for verifying your email.');
    await page.goBack();
    // Back on the verification page, the app sees the verified email and moves on by itself; only
    // if it has not, the user presses "I've verified my email". (Tabbing on while the page moves on
    // would take the focus away from the next step's heading, as a real key press would.)
    const movedOn = await page
      .waitForURL((url) => !url.pathname.startsWith('/auth/unverified-email'), { timeout: 5000 })
      .then(
        () => true,
        () => false,
      );
    if (!movedOn) {
      await tabTo(page, page.getByRole('button', { name: "I've verified my email" }), { max: 20 });
      await expectFocusWasVisible(page);
      await page.keyboard.press('Enter');
      await expect(page).not.toHaveURL(/\/auth\/unverified-email/);
    }

    // Step 2: the profile. A submit without the privacy consent: announced, and focus on it.
    await expectStep(wizardPage(page), 'profile');
    await expectHeadingFocused(page, 'Your profile');
    await typeInto(page, field(page, 'firstName'), 'Ada');
    await typeInto(page, field(page, 'lastName'), 'Lovelace');
    await typeInto(page, field(page, 'phone'), '0412345678');
    await tabTo(page, field(page, 'dateOfBirth'));
    await page.keyboard.type('01021990');
    await expect(field(page, 'dateOfBirth')).toHaveValue('1990-01-02');
    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    const announcement = page.locator('[data-onboarding-step="profile"]').getByTestId('form-announcement');
    await expect(announcement).toHaveText('1 field needs your attention.');
    await expect(announcement).toHaveAttribute('aria-live', 'polite');
    const privacy = page.getByLabel('I agree to the privacy policy');
    await expect(privacy).toBeFocused();
    await expect(privacy).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('You must agree to the privacy policy in order to continue.')).toBeVisible();
    await page.keyboard.press('Space');
    await expect(privacy).toBeChecked();
    await expectNoFocusTrap(page);
    await tabTo(page, page.getByRole('button', { name: 'Continue' }), { back: true });
    await expectFocusWasVisible(page);
    await page.keyboard.press('Enter');

    // Any step of text fields the table puts between: each field typed, then Continue by Enter.
    for (const step of stepsBetween('profile', 'practice').slice(1, -1)) {
      await expectStep(wizardPage(page), step);
      for (const name of stepRow(step).fields ?? []) {
        await typeInto(page, field(page, name), wizardFieldAnswer);
      }
      await tabTo(page, page.getByRole('button', { name: 'Continue' }));
      await page.keyboard.press('Enter');
    }

    // Step 3: the practice (Australia chosen with the arrow keys).
    await expectStep(wizardPage(page), 'practice');
    await expectHeadingFocused(page, 'Your practice');
    // Tab reaches every control of the step and Shift+Tab walks back (no trap).
    await expect(page.getByRole('button', { name: 'Register practice' })).toBeEnabled();
    await expectNoFocusTrap(page);
    // An empty submit: the errors are announced (live region) and focus goes to the first invalid field.
    await tabTo(page, page.getByRole('button', { name: 'Register practice' }));
    await page.keyboard.press('Enter');
    const practiceAnnouncement = page
      .locator('[data-onboarding-step="practice"]')
      .getByTestId('form-announcement');
    await expect(practiceAnnouncement).toHaveText(/^\d+ fields need your attention\.$/);
    await expect(practiceAnnouncement).toHaveAttribute('aria-live', 'polite');
    const firstInvalid = page.locator('[data-onboarding-step="practice"] [aria-invalid="true"]').first();
    await expect(firstInvalid).toBeFocused();
    await expect(field(page, 'practice.businessName')).toBeFocused();
    await expect(field(page, 'practice.businessName')).toHaveAttribute('aria-invalid', 'true');
    await expectFocusWasVisible(page);
    const region = page.getByTestId('region-choice');
    await tabTo(page, region.getByRole('radio', { checked: true }));
    await page.keyboard.press('ArrowRight');
    await expect(region.getByRole('radio', { name: 'United Kingdom' })).toBeChecked();
    await page.keyboard.press('ArrowLeft');
    await expect(region.getByRole('radio', { name: 'Australia' })).toBeChecked();
    // Australia's business number field is back (its "ABN is required" may show again beside it:
    // the form was submitted empty).
    await expect(page.getByRole('textbox', { name: 'ABN', exact: true })).toBeVisible();
    await typeInto(page, field(page, 'practice.businessName'), 'Keyboard Vets Pty Ltd');
    await typeInto(page, field(page, 'practice.businessNumber'), uniqueDigits(11));
    await typeInto(page, field(page, 'practice.name'), 'Keyboard Vets');
    await typeInto(page, field(page, 'practice.email'), 'reception@keyboard.example.com');
    await typeInto(page, field(page, 'practice.phone'), '0298765432');
    await typeInto(page, field(page, 'practice.address.address1'), '1 George Street');
    await typeInto(page, field(page, 'practice.address.city'), 'Sydney');
    await typeInto(page, field(page, 'practice.address.postcode'), '2000');
    await arrowToOption(page, field(page, 'practice.address.state'), 'New South Wales');
    await tabTo(page, page.getByLabel('I agree to the Terms & Conditions'));
    await page.keyboard.press('Space');
    await expect(page.getByLabel('I agree to the Terms & Conditions')).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Register practice' }));
    await expectFocusWasVisible(page);
    await page.keyboard.press('Enter');

    await expectHeadingFocused(page, 'Thank you!');
    await expect(page.getByTestId('environment')).toHaveText('AU environment', { timeout: 20_000 });
    await expect(page.getByTestId('practice-name')).toHaveText('Keyboard Vets');
  });

  it('invite code: sign in at the provider, a wrong code announced and focused, the right one joins', async ({
    page,
    app,
    consoleErrors,
  }) => {
    await page.goto('/invite-code');
    await expect(page.locator('#shell')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Join with an invite code' })).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Sign in with Email' }));
    await expectFocusWasVisible(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /^Log in to/ })).toBeVisible();
    await typeInto(page, page.getByLabel('Email address'), seedAccounts.verified.email);
    await typeInto(page, page.getByLabel('Password'), SEED_PASSWORD);
    await page.keyboard.press('Enter');
    // The seed user also has a Google account with this address: keep the email one if asked.
    const keep = page.getByRole('button', { name: 'Continue with this account' });
    await expect(async () => {
      if (page.url().includes('/invite-code')) return;
      if (await keep.isVisible()) {
        await tabTo(page, keep, { max: 20 });
        await page.keyboard.press('Enter');
      }
      await expect(page).toHaveURL(/\/invite-code$/, { timeout: 3000 });
    }).toPass({ timeout: 20_000 });
    // Back from the provider, the sign-in return page moves on to the invite-code page: focus
    // lands on its heading.
    await expectHeadingFocused(page, 'Join with an invite code');

    const code = field(page, 'inviteCode');
    await expect(code).toBeVisible();
    await expectNoFocusTrap(page);
    // An empty code: announced, and focus on the field.
    await tabTo(page, page.getByRole('button', { name: 'Join practice' }));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('form-announcement')).toHaveText('1 field needs your attention.');
    await expect(code).toBeFocused();
    // A wrong code: the server's message in an alert; then the right one.
    await page.keyboard.type('nope42');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid invite code' })).toBeVisible();
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 404/.test(e)));
    await tabTo(page, code, { back: true });
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('joinau01');
    await expect(code).toHaveValue('JOINAU01');
    await tabTo(page, page.getByRole('button', { name: 'Join practice' }));
    await expectFocusWasVisible(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`^${app.stack.environments.au}`));
    await expect(page.getByTestId('practice-key')).toHaveText('au-southbank');
  });
});

/**
 * The sticky header never covers what has the focus (WCAG 2.4.11; decision 203): Shift+Tab up the
 * practice form from its button, and a submit of the empty form from its bottom, whose first
 * invalid field gets the focus with its label in view. Before the fix, Chromium left the Email
 * field under the header on the way up, at both widths.
 */
test.describe('the sticky header never covers the focus', () => {
  for (const width of [375, 1280]) {
    test(`${width} px: Shift+Tab up the practice form, then a submit of the empty form from its bottom`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/onboarding/register-practice');
      // The app's screen, not the prerendered shell (the whole stylesheet is active).
      await expect(page.locator('#shell')).toHaveCount(0);
      const submit = page.getByRole('button', { name: 'Register practice' });
      const first = field(page, 'practice.businessName');
      /** What has the focus, when the header or the viewport's bottom edge cuts it off. */
      const covered = () =>
        page.evaluate(() => {
          const el = document.activeElement;
          const header = document.querySelector('header');
          if (!(el instanceof HTMLElement) || !header || header.contains(el) || el === document.body)
            return null;
          const box = el.getBoundingClientRect();
          const top = header.getBoundingClientRect().bottom;
          return box.top < top || box.bottom > window.innerHeight
            ? `${el.id || el.tagName} at ${Math.round(box.top)}–${Math.round(box.bottom)} (header to ${Math.round(top)}, viewport ${window.innerHeight})`
            : null;
        });

      await submit.focus();
      const seen: string[] = [];
      for (let i = 0; i < 40 && !(await first.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press('Shift+Tab');
        const cut = await covered();
        if (cut) seen.push(cut);
      }
      await expect(first).toBeFocused();
      expect(seen).toEqual([]);

      await submit.focus();
      await page.keyboard.press('Enter');
      await expect(first).toBeFocused();
      const headerBottom = await page.locator('header').evaluate((el) => el.getBoundingClientRect().bottom);
      const labelTop = await page
        .locator('label[for="field-practice-businessName"]')
        .evaluate((el) => el.getBoundingClientRect().top);
      expect(labelTop).toBeGreaterThanOrEqual(headerBottom);
      expect(await covered()).toBeNull();
    });
  }
});
