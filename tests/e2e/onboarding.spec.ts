import type { Page } from '@playwright/test';
import { type OnboardingStepId, requireNextStep } from '#machines/onboarding-steps';
import type { StackOptions } from '../../server/stack';
import { type TestStack, uniqueEmail } from '../support/stack';
import {
  defaultProfile,
  expectStep,
  fillAuPractice as fillAuPracticeWith,
  fillProfile as fillProfileWith,
  progressText,
  uniqueDigits,
  wizardAnswers,
} from '../support/wizard';
import { expect, startE2eStack, test } from './fixtures';
import { createUser, logInAtIdp } from './stack-support';
import { field, openStep, walkWizardTo, wizardPage } from './wizard-page';

/** A step's 'Step n of total' (the step table's numbering). */
const stepText = (id: OnboardingStepId): string => progressText(id) ?? '';

/**
 * The onboarding wizard end to end in Chromium against the local stack: a new user
 * registers a practice in three steps and lands in its regional environment.
 *
 * Each test gets its own stack (fresh database). E2E_DIST_DIR overrides the built app's folder
 * (default dist/, built by the global setup).
 */

const password = 'Passw0rd!x';

interface Harness {
  stack: TestStack;
  mail(to: string): Promise<{ id: number; text: string }[]>;
}

const it = test.extend<{ stackOptions: StackOptions; app: Harness }>({
  stackOptions: [{}, { option: true }],
  app: async ({ stackOptions }, use) => {
    const stack = await startE2eStack({
      ...stackOptions,
      ...(process.env.E2E_DIST_DIR ? { distDir: process.env.E2E_DIST_DIR } : {}),
    });
    await use({
      stack,
      async mail(to) {
        const response = await fetch(`${stack.mailboxUrl}/api/messages?to=${encodeURIComponent(to)}`);
        return (await response.json()) as { id: number; text: string }[];
      },
    });
    await stack.dispose();
  },
  baseURL: async ({ app }, use) => {
    await use(app.stack.appUrl);
  },
});

const draftKeys = [
  'onboarding.pin',
  'onboarding.practiceRegistration',
  'onboarding.profileRegistration',
  'onboarding.options',
];

async function storedDraft(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(
    (keys) =>
      Object.fromEntries(
        keys.map((key) => {
          const raw = window.localStorage.getItem(key);
          return [key, raw === null ? null : (JSON.parse(raw) as unknown)];
        }),
      ),
    draftKeys,
  );
}

async function choose(page: Page, name: string, option: string) {
  await field(page, name).selectOption({ label: option });
}

function linkIn(text: string): string {
  // The provider's verification ticket (decision 080); it sends the browser on to /auth/verified-email.
  const match = /https?:\/\/\S+\/u\/email-verification\?ticket=\S+/.exec(text);
  if (!match) throw new Error(`no verification link in: ${text}`);
  return match[0];
}

/** Step 1 with email: the provider's sign-up screen, then the mailbox verification. */
async function signUpWithEmail(page: Page, app: Harness, email: string) {
  await expect(page.getByText(stepText('account'))).toBeVisible();
  await page.getByRole('button', { name: 'Sign up with Email' }).click();
  await expect(page.getByRole('heading', { name: /^Create your .* account$/ })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Full name (optional)').fill('Ada Lovelace');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();

  // Unverified: the verification page, returning to register-account.
  await expect(page).toHaveURL(/\/auth\/unverified-email\?returnTo=%2Fonboarding%2Fregister-account$/);
  await expect.poll(async () => (await app.mail(email)).length).toBeGreaterThan(0);
  const [newest] = await app.mail(email);
  await page.goto(linkIn(newest?.text ?? ''));
  await expect(page.getByRole('heading', { name: 'Thank you for verifying your email.' })).toBeVisible();
  await page.goBack();
  // The page re-checks the session after going back (the button may re-render or the page may
  // already move on): retry the click until the flow has left the verification page.
  await expect(async () => {
    if (!page.url().includes('/auth/unverified-email')) return;
    await page.getByRole('button', { name: "I've verified my email" }).click({ timeout: 3000 });
    await expect(page).not.toHaveURL(/\/auth\/unverified-email/, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
}

/** Registers the filled practice form: the request carries the practice and Ada's profile; thank-you follows. */
async function registerAs(page: Page, practiceName: string) {
  const request = page.waitForRequest('**/api/onboarding/register-practice');
  await page.getByRole('button', { name: 'Register practice' }).click();
  expect((await request).postDataJSON()).toMatchObject({
    practice: { name: practiceName },
    profile: { firstName: 'Ada', lastName: 'Lovelace' },
  });
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
}

/** Drops the console errors a test provoked on purpose (the browser logs failed requests). */
function expectConsoleErrors(consoleErrors: string[], pattern: RegExp) {
  const provoked = consoleErrors.filter((e) => pattern.test(e));
  expect(provoked.length).toBeGreaterThan(0);
  for (const e of provoked) consoleErrors.splice(consoleErrors.indexOf(e), 1);
}

/** Step 2 shows; its fields filled with Ada's profile. */
async function fillProfile(page: Page) {
  await expectStep(wizardPage(page), 'profile');
  await fillProfileWith(wizardPage(page), defaultProfile);
}

async function fillAuPractice(page: Page, name: string, businessNumber = uniqueDigits(11)) {
  await fillAuPracticeWith(wizardPage(page), { name, businessNumber });
}

/** A new Google account on step 1, Ada's profile on step 2: the wizard walked on to step 3. */
async function signUpAndCompleteProfile(page: Page, email: string) {
  await walkWizardTo(page, 'practice', wizardAnswers({ account: { email, name: 'Grace Hopper' } }), {
    from: 'account',
    opened: true,
  });
}

it.describe('onboarding', () => {
  it('AU practice with a pin: email sign-up, mailbox verification, profile, practice → AU environment', async ({
    page,
    app,
  }) => {
    const email = uniqueEmail('onboard-au');
    await page.goto('/onboarding?pin=1234');
    await expect(page.getByRole('heading', { name: 'Set up your practice' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(/\/onboarding\/register-account$/);
    expect((await storedDraft(page))['onboarding.pin']).toBe('1234');

    await signUpWithEmail(page, app, email);
    await fillProfile(page);
    await expect(field(page, 'email')).toHaveValue(email);
    await expect(field(page, 'email')).toBeDisabled();

    // A reload in the middle of the step keeps what was typed.
    await page.reload();
    await expect(field(page, 'firstName')).toHaveValue('Ada');
    await expect(field(page, 'dateOfBirth')).toHaveValue('1990-01-02');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('You must agree to the privacy policy in order to continue.')).toBeVisible();
    await page.getByLabel('I agree to the privacy policy').check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // On through any step the table puts after the profile, to the practice step.
    await walkWizardTo(page, 'practice', wizardAnswers(), { from: requireNextStep('profile'), opened: true });
    await expect(page.getByTestId('onboarding-devices')).toHaveText(
      'Devices from your companion app: Microchip scanner, Reception hub',
    );
    await fillAuPractice(page, 'Harbour Bridge Vets');
    await page.reload();
    await expect(field(page, 'practice.name')).toHaveValue('Harbour Bridge Vets');
    await expect(field(page, 'practice.address.postcode')).toHaveValue('2000');
    await page.getByLabel('I agree to the Terms & Conditions').check();
    await page.getByRole('button', { name: 'Register practice' }).click();

    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await expect(
      page.getByText('We are activating your practice, this can take a couple of minutes...'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding\/thank-you\?practiceKey=[^&]+$/);
    const practiceKey = new URL(page.url()).searchParams.get('practiceKey');
    expect(practiceKey).toBeTruthy();
    expect(await storedDraft(page)).toEqual(Object.fromEntries(draftKeys.map((k) => [k, null])));

    await expect(page.getByTestId('environment')).toHaveText('AU environment', { timeout: 20_000 });
    await expect(page.getByTestId('practice-key')).toHaveText(practiceKey ?? '');
    await expect(page.getByTestId('practice-name')).toHaveText('Harbour Bridge Vets');
    const stored = app.stack.repo.getPractice(practiceKey ?? '');
    expect(stored?.devices.map((d) => d.deviceKey)).toEqual(['dev-scanner-1234', 'dev-hub-1234']);
    expect(stored?.environment).toBe('au');
  });

  it('moving on: the next step waits hidden and out of the accessibility tree; focus moves to the new heading; Back restarts at the pin; a slow check pops the spinner in', async ({
    page,
  }) => {
    await page.goto('/onboarding?pin=1234');
    await expect(page.getByRole('heading', { name: 'Set up your practice' })).toBeVisible();
    // The account step is rendered ahead (decision 045): in the DOM, hidden, not announced.
    const account = page.locator('[data-onboarding-step="account"]');
    await expect(account).toBeAttached();
    await expect(account).toBeHidden();
    await expect(page.getByRole('button', { name: 'Sign up with Google' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sign up with Google' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeFocused();
    await expect(page).toHaveURL(/\/onboarding\/register-account$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page).toHaveTitle(/Register Account/);

    // Back: the address is the pin step again, and so is the wizard (restarted from the draft).
    await page.goBack();
    await expect(page).toHaveURL(/\/onboarding\?pin=1234$/);
    await expect(page.getByRole('heading', { name: 'Set up your practice' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign up with Google' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeFocused();
    // The address follows once the step is painted (decision 045): Back before that would leave
    // the page the wizard was opened from, so wait for it as a user sees it in the address bar.
    await expect(page).toHaveURL(/\/onboarding\/register-account$/);

    // A slow check (decision 042): the button's spinner pops in and the pin locks, then the
    // wizard moves on when the answer comes.
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Set up your practice' })).toBeVisible();
    await page.route('**/api/onboarding/verify-pin', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const continueButton = page.getByRole('button', { name: 'Continue', exact: true });
    await continueButton.click();
    await expect(continueButton).toHaveAttribute('data-loading', 'true');
    await expect(page.getByTestId('pin-input').locator('input:not([type=hidden])').first()).toHaveAttribute(
      'readonly',
      '',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeFocused();
  });

  it.describe('activation held until the test releases it', () => {
    it.use({ stackOptions: { activationDelayMs: 10 * 60_000 } });

    it('UK practice without a pin via a social login: CRN, UK postcode, no state → UK environment', async ({
      page,
    }) => {
      await page.goto('/onboarding');
      await page.getByRole('button', { name: 'Continue without setting up a hub and scanner' }).click();
      await expect(page).toHaveURL(/\/onboarding\/register-account$/);
      await page.reload();
      await expect(page.getByText(stepText('account'))).toBeVisible();
      expect((await storedDraft(page))['onboarding.pin']).toBeNull();

      await signUpAndCompleteProfile(page, uniqueEmail('onboard-uk'));
      await expect(page.getByTestId('onboarding-devices')).toHaveCount(0);

      await page.getByTestId('region-choice').getByText('United Kingdom').click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
      await expect(page.getByText('CRN')).toBeVisible();
      await expect(field(page, 'practice.address.state')).toHaveCount(0);
      await field(page, 'practice.businessName').fill('Thames Vets Ltd');
      await field(page, 'practice.businessNumber').fill(uniqueDigits(8));
      await field(page, 'practice.name').fill('Thames Vets');
      await choose(page, 'practice.veterinaryType', 'Equines');
      await field(page, 'practice.email').fill('team@thamesvets.example.co.uk');
      await field(page, 'practice.phone').fill('02079460102');
      await field(page, 'practice.address.address1').fill('10 Downing Street');
      await field(page, 'practice.address.city').fill('London');
      await field(page, 'practice.address.postcode').fill('SW1A 2AA');
      await page.getByLabel('I agree to the Terms & Conditions').check();
      const request = page.waitForRequest('**/api/onboarding/register-practice');
      await page.getByRole('button', { name: 'Register practice' }).click();
      const body = (await request).postDataJSON() as Record<string, unknown>;
      expect(body).toMatchObject({
        environment: 'uk',
        locale: 'en-GB',
        terms: true,
        practice: {
          name: 'Thames Vets',
          veterinaryType: 2,
          devices: [],
          address: { postcode: 'SW1A 2AA', state: '', country: 'UK' },
        },
      });

      await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
      // A reload of the thank-you page keeps waiting (its address follows the painted step,
      // decision 045).
      await expect(page).toHaveURL(/\/onboarding\/thank-you\?practiceKey=[^&]+$/);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
      await expect(
        page.getByText('We are activating your practice, this can take a couple of minutes...'),
      ).toBeVisible();
      // Activation completes now (held so far, so the reload cannot race it).
      const activated = await page.request.post('/__test/activate', { data: {} });
      expect(activated.ok()).toBe(true);
      await expect(page.getByTestId('environment')).toHaveText('UK environment', { timeout: 20_000 });
      await expect(page.getByTestId('practice-name')).toHaveText('Thames Vets');
    });
  });

  it('a directory-practice link pre-fills the registration', async ({ page }) => {
    await page.goto('/onboarding/directory-practice/dir-paws-claws');
    await expect(page).toHaveURL(/\/onboarding\/register-account$/);
    expect((await storedDraft(page))['onboarding.options']).toEqual({
      registeredFromDirectoryPracticeKey: 'dir-paws-claws',
    });
    await signUpAndCompleteProfile(page, uniqueEmail('onboard-dir'));
    await expect(field(page, 'practice.name')).toHaveValue('Paws & Claws Animal Hospital');
    await expect(field(page, 'practice.email')).toHaveValue('contact@pawsclaws.example.com');
    await expect(field(page, 'practice.address.address1')).toHaveValue('45 Brunswick Street');
    await expect(field(page, 'practice.address.city')).toHaveValue('Fitzroy');
    await expect(field(page, 'practice.address.postcode')).toHaveValue('3065');
    await expect(field(page, 'practice.address.state')).toHaveValue('VIC');
    await expect(field(page, 'practice.address.state').locator('option:checked')).toHaveText('Victoria');
    await field(page, 'practice.businessNumber').fill(uniqueDigits(11));
    await field(page, 'practice.phone').fill('0394170000');
    await page.getByLabel('I agree to the Terms & Conditions').check();
    const request = page.waitForRequest('**/api/onboarding/register-practice');
    await page.getByRole('button', { name: 'Register practice' }).click();
    expect((await request).postDataJSON()).toMatchObject({
      options: { registeredFromDirectoryPracticeKey: 'dir-paws-claws' },
    });
    await expect(page.getByTestId('environment')).toHaveText('AU environment', { timeout: 20_000 });
  });

  it('a directory-practice link: account already exists, and a link that cannot load', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/onboarding/directory-practice/dir-harbourside');
    await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible();
    await expect(
      page.getByText(
        'An account already exists for Harbourside Veterinary Clinic. Please contact your practice administration team and request an invite to Harbourside Veterinary Clinic',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding\/directory-practice\/dir-harbourside$/);

    await page.goto('/onboarding/directory-practice/no-such-practice');
    await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible();
    await expect(
      page.getByText(
        'A problem occured while attempting to load the account details for the email address that you used to open this page.',
      ),
    ).toBeVisible();
    expectConsoleErrors(consoleErrors, /404 \(Not Found\).*sharedDirectoryPractice/);
  });

  it('signed out on register-practice: registering signs in first and comes back to the filled form', async ({
    page,
    app,
  }) => {
    const email = uniqueEmail('onboard-signin');
    await createUser(app.stack, { email, name: 'Ada Lovelace' });
    // A profile from an earlier visit is in this browser's draft; nobody is signed in.
    await page.goto('/onboarding');
    await page.evaluate(
      (profile) => window.localStorage.setItem('onboarding.profileRegistration', JSON.stringify(profile)),
      { firstName: 'Ada', lastName: 'Lovelace', email, phone: '0412345678', dateOfBirth: '1990-01-02' },
    );
    await page.goto('/onboarding/register-practice');
    await expect(page.getByText(stepText('practice'))).toBeVisible();
    await fillAuPractice(page, 'Signed In Vets');
    await page.getByLabel('I agree to the Terms & Conditions').check();
    await page.getByRole('button', { name: 'Register practice' }).click();

    // Spec §4: not authenticated leads to the redirect login; it returns to this form.
    await logInAtIdp(page, email);
    await expect(page).toHaveURL(/\/onboarding\/register-practice$/, { timeout: 20_000 });
    await expect(field(page, 'practice.name')).toHaveValue('Signed In Vets');
    await expect(field(page, 'practice.address.city')).toHaveValue('Sydney');
    await expect(page.getByLabel('I agree to the Terms & Conditions')).toBeChecked();
    await registerAs(page, 'Signed In Vets');
  });

  it('register-practice without a profile: "Complete your profile" leads through steps 1 and 2 back to the filled form', async ({
    page,
  }) => {
    // A link straight to step 3: nobody signed in, no profile in this browser's draft.
    await page.goto('/onboarding/register-practice');
    await expect(page.getByText(stepText('practice'))).toBeVisible();
    await fillAuPractice(page, 'Straight In Vets');
    await page.getByLabel('I agree to the Terms & Conditions').check();
    await page.getByRole('button', { name: 'Register practice' }).click();
    await expect(page.getByText('No profile registration found.')).toBeVisible();

    // Decision 044: the way on. Signed out, step 2 sends the visitor to step 1 first.
    await page.getByRole('button', { name: 'Complete your profile' }).click();
    await expect(page).toHaveURL(/\/onboarding\/register-account$/);
    await signUpAndCompleteProfile(page, uniqueEmail('onboard-noprofile'));

    // Back on step 3 with everything as it was typed; registering now works.
    await expect(page.getByText(stepText('practice'))).toBeVisible();
    await expect(field(page, 'practice.name')).toHaveValue('Straight In Vets');
    await expect(page.getByLabel('I agree to the Terms & Conditions')).toBeChecked();
    await expect(page.getByText('No profile registration found.')).toHaveCount(0);
    await registerAs(page, 'Straight In Vets');
  });

  it('the last change before a reload is kept, even when the page leaves before the draft would be stored', async ({
    page,
  }) => {
    // The draft follows the form from a low-priority render (decision 150). A slow phone (here a
    // CPU slowed 20×) that reloads right after a choice must still find it: the page stores what
    // the form holds when it is left (`pagehide`).
    await page.goto('/onboarding/register-practice');
    await expect(page.locator('#shell')).toHaveCount(0);
    await field(page, 'practice.address.postcode').fill('2000');
    await expect
      .poll(async () => (await storedDraft(page))['onboarding.practiceRegistration'])
      .not.toBeNull();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await choose(page, 'practice.address.state', 'New South Wales');
    await page.reload();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect(field(page, 'practice.address.postcode')).toHaveValue('2000');
    await expect(field(page, 'practice.address.state')).toHaveValue('NSW');
  });

  it('register-practice errors: server message, field errors, the API down — nothing is lost', async ({
    page,
    app,
    consoleErrors,
  }) => {
    // Straight to step 3, signed in, with Ada's profile in the draft (the walk is the tests above).
    await openStep(page, app.stack, 'practice');

    // A business number that is taken: the server's message without the 'Api, Request failed, ' prefix.
    await fillAuPractice(page, 'Second Harbourside', '51 824 753 556');
    await page.getByLabel('I agree to the Terms & Conditions').check();
    await page.getByRole('button', { name: 'Register practice' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'A practice with this business number already exists.' }),
    ).toBeVisible();
    await expect(page.getByText('Api, Request failed,')).toHaveCount(0);
    expectConsoleErrors(consoleErrors, /409 \(Conflict\)/);

    // Server validation errors land on their fields; the first is focused.
    await field(page, 'practice.businessNumber').fill(uniqueDigits(11));
    await page.route('**/api/onboarding/register-practice', async (route) => {
      const body = route.request().postDataJSON() as { practice: { address: { city: string } } };
      body.practice.address.city = 'X';
      await route.continue({ postData: JSON.stringify(body) });
    });
    await page.getByRole('button', { name: 'Register practice' }).click();
    await expect(field(page, 'practice.address.city')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'practice.address.city')).toBeFocused();
    await expect(page.getByText('City must be at least 3 characters')).toBeVisible();
    expectConsoleErrors(consoleErrors, /400 \(Bad Request\)/);
    await page.unroute('**/api/onboarding/register-practice');

    // The API is down: the error shows, the form and the draft keep everything.
    await page.route('**/api/onboarding/register-practice', (route) => route.abort('connectionrefused'));
    await field(page, 'practice.address.city').fill('North Sydney');
    await expect(field(page, 'practice.address.city')).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Register practice' }).click();
    await expect(page.getByText('There has been an error, please try again.')).toBeVisible();
    await expect(field(page, 'practice.name')).toHaveValue('Second Harbourside');
    const draft = await storedDraft(page);
    expect(draft['onboarding.practiceRegistration']).toMatchObject({
      practice: { name: 'Second Harbourside', address: { city: 'North Sydney' } },
    });
    expect(draft['onboarding.profileRegistration']).toMatchObject({ firstName: 'Ada' });
    expectConsoleErrors(consoleErrors, /ERR_CONNECTION_REFUSED/);
    await page.unroute('**/api/onboarding/register-practice');

    // Back up: submitting works, once.
    let posts = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/onboarding/register-practice') && r.method() === 'POST') posts += 1;
    });
    await page.getByRole('button', { name: 'Register practice' }).dblclick();
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    expect(posts).toBe(1);
  });
});
