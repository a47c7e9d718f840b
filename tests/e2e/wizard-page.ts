import type { Page } from '@playwright/test';
import { type OnboardingStepId, onboardingStepPaths } from '../../machines/onboarding-steps';
import type { TestStack } from '../support/stack';
import {
  draftBefore,
  expectStep,
  type WizardAnswers,
  type WizardPage,
  walkTo,
  wizardAnswers,
} from '../support/wizard';
import { expect, signIn } from './fixtures';

/**
 * The wizard helper of tests/support/wizard.ts (the step table's walk) over a Playwright page,
 * and `openStep`: a step opened directly, signed in, with the draft the steps before it leave.
 */

/** The app form's field of this name. */
export function field(page: Page, name: string) {
  return page.locator(`#field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`);
}

export function wizardPage(page: Page): WizardPage {
  return {
    async goto(path) {
      await page.goto(path);
    },
    click: (name) => page.getByRole('button', { name, exact: true }).click(),
    fill: (name, value) => field(page, name).fill(value),
    fillLabelled: (label, value) => page.getByLabel(label, { exact: true }).fill(value),
    async choose(name, option) {
      await field(page, name).selectOption({ label: option });
    },
    check: (label) => page.getByLabel(label, { exact: true }).check(),
    async waitForUrl(pattern) {
      await expect(page).toHaveURL(pattern, { timeout: 20_000 });
    },
    async waitForText(text) {
      const shown =
        typeof text === 'string'
          ? page.getByText(text, { exact: true })
          : page.getByRole('heading', { name: text });
      await expect(shown).toBeVisible({ timeout: 20_000 });
    },
  };
}

/** Walks the wizard to `to` through its pages (the pin step opened first unless `opened`). */
export function walkWizardTo(
  page: Page,
  to: OnboardingStepId,
  answers: WizardAnswers = wizardAnswers(),
  options: { from?: OnboardingStepId; opened?: boolean } = {},
): Promise<void> {
  return walkTo(wizardPage(page), to, answers, options);
}

/**
 * Opens step `to` directly, as a new Google user signed in (`signIn`, no provider page in this
 * browser) with the draft the steps before it leave in local storage (written once, before the
 * app's first page load: a reload later reads what the app itself stored). For tests about the
 * step itself; the walk to it is proven by onboarding.spec.ts and the engine journeys.
 */
export async function openStep(
  page: Page,
  stack: TestStack,
  to: OnboardingStepId,
  answers: WizardAnswers = wizardAnswers(),
): Promise<WizardAnswers> {
  // As the provider's sign-up page makes it: the full name, split into the given and family names
  // (the profile step's defaults).
  const [givenName, ...rest] = answers.account.name.split(/\s+/);
  const user = await stack.createUser({
    connection: 'google-oauth2',
    email: answers.account.email,
    name: answers.account.name,
    givenName,
    familyName: rest.join(' '),
  });
  await signIn(page.context(), stack, { connection: 'google-oauth2', sub: user.sub });
  const draft = draftBefore(to, answers, user.email);
  await page.addInitScript((entries) => {
    if (window.sessionStorage.getItem('wizard.draft.seeded') !== null) return;
    window.sessionStorage.setItem('wizard.draft.seeded', '1');
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, draft);
  const path = onboardingStepPaths[to];
  if (path.includes('$')) throw new Error(`openStep: ${to}'s address has a parameter; open it yourself`);
  await page.goto(`${stack.appUrl}${path}`);
  await expectStep(wizardPage(page), to);
  return answers;
}
