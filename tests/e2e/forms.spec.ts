import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';
import { requireNextStep } from '#machines/onboarding-steps';
import { seedAccounts } from '../../server/seed';
import { wizardAnswers } from '../support/wizard';
import { expect, it, keepThisAccount, signInWithSocial } from './stack-support';
import { field, openStep, walkWizardTo } from './wizard-page';

/**
 * Forms that look and behave right, in Chromium against the local stack:
 * - every Mantine class on screen has its stylesheet (a hand-made splitter once dropped the shared
 *   checkbox/radio styles), and checkbox/radio labels sit beside their box;
 * - no click is lost to a layout shift: with an empty required field focused, one click on the
 *   submit button shows every error at once;
 * - the Terms & Conditions and privacy policy open in a new tab, and the form keeps what was typed.
 */

const require = createRequire(import.meta.url);
/** Every class name Mantine has styles for (its full stylesheet). */
const mantineStyled = new Set(
  readFileSync(require.resolve('@mantine/core/styles.css'), 'utf8').match(/\.m_[0-9a-f]{8}\b/g) ?? [],
);

/** Mantine classes rendered on the page whose rules are in none of the loaded stylesheets. */
async function unstyledMantineClasses(page: Page): Promise<string[]> {
  const rendered = await page.evaluate(() => {
    const selectors: string[] = [];
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    const styled = selectors.join(' ');
    const classes = new Set<string>();
    for (const el of Array.from(document.querySelectorAll('[class]'))) {
      for (const c of Array.from(el.classList)) if (/^m_[0-9a-f]{8}$/.test(c)) classes.add(c);
    }
    return [...classes].map((c) => ({ c, styled: styled.includes(`.${c}`) }));
  });
  return rendered.filter(({ c, styled }) => !styled && mantineStyled.has(`.${c}`)).map(({ c }) => c);
}

/** Each visible checkbox and radio: its label is to the right of its box, on the same line. */
async function labelsBesideBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const input of Array.from(
      document.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]'),
    )) {
      const label = input.id ? document.querySelector<HTMLElement>(`label[for="${input.id}"]`) : null;
      const box = input.getBoundingClientRect();
      if (!label || box.width === 0) continue;
      const text = label.getBoundingClientRect();
      const beside = text.left >= box.right - 1;
      const sameLine = text.top < box.bottom && text.bottom > box.top;
      if (!beside || !sameLine)
        problems.push(`${label.textContent}: box ${JSON.stringify(box)} label ${JSON.stringify(text)}`);
    }
    return problems;
  });
}

it.describe('forms', () => {
  it('profile and practice steps: styled, labels beside their boxes, one click shows every error, documents open in a new tab', async ({
    page,
    app,
    context,
  }) => {
    await openStep(page, app.stack, 'profile');
    const form = page.locator('form');
    await expect(form.getByRole('checkbox', { name: 'I agree to the privacy policy' })).toBeVisible();
    expect(await unstyledMantineClasses(page)).toEqual([]);
    expect(await labelsBesideBoxes(page)).toEqual([]);

    // The empty Phone field has the focus; one click on Continue.
    await field(page, 'phone').focus();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Phone is required')).toBeVisible();
    await expect(page.getByText('Date of birth is required')).toBeVisible();
    await expect(page.getByText('You must agree to the privacy policy in order to continue.')).toBeVisible();

    // The privacy policy opens in a new tab; the form keeps what was typed.
    await field(page, 'phone').fill('0412345678');
    const opened = context.waitForEvent('page');
    await page.getByTestId('privacy-link').click();
    const policy = await opened;
    await expect(policy.getByRole('heading', { name: 'Privacy policy' })).toBeVisible();
    await policy.close();
    await expect(page).toHaveURL(/\/onboarding\/register-profile$/);
    await expect(field(page, 'phone')).toHaveValue('0412345678');

    await field(page, 'dateOfBirth').fill('1990-01-02');
    await page.getByRole('checkbox', { name: 'I agree to the privacy policy' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    // On through any step the table puts after the profile, to the practice step.
    await walkWizardTo(page, 'practice', wizardAnswers(), { from: requireNextStep('profile'), opened: true });
    await expect(page.getByRole('radio', { name: 'Australia' })).toBeVisible();
    expect(await unstyledMantineClasses(page)).toEqual([]);
    expect(await labelsBesideBoxes(page)).toEqual([]);

    await field(page, 'practice.name').fill('Typed Before Reading');
    const openedTerms = context.waitForEvent('page');
    await page.getByTestId('terms-link').click();
    const terms = await openedTerms;
    await expect(terms.getByRole('heading', { name: 'Terms & Conditions' })).toBeVisible();
    await terms.close();
    await expect(field(page, 'practice.name')).toHaveValue('Typed Before Reading');
  });

  it('at 375 px, one click on submit with an empty field focused shows every error at once: profile and practice steps, and the invite profile form', async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openStep(page, app.stack, 'profile');
    await oneClickShowsEveryError(page, 'phone', page.getByRole('button', { name: 'Continue' }));

    await field(page, 'phone').fill('0412345678');
    await field(page, 'dateOfBirth').fill('1990-01-02');
    await page.getByRole('checkbox', { name: 'I agree to the privacy policy' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await walkWizardTo(page, 'practice', wizardAnswers(), { from: requireNextStep('profile'), opened: true });
    await oneClickShowsEveryError(
      page,
      'practice.businessName',
      page.getByRole('button', { name: 'Register practice' }),
    );
  });

  it('at 375 px, the invite profile form: one click on Continue with the empty Phone field focused shows every error at once', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/invite?practiceKey=uk-dales');
    await signInWithSocial(page, 'Sign up with Google', 'Google', seedAccounts.fresh.email, 'Noah Brown');
    await keepThisAccount(page);
    await expect(page.getByRole('heading', { name: 'Create your profile' })).toBeVisible();
    await oneClickShowsEveryError(page, 'phone', page.getByRole('button', { name: 'Continue' }));
  });
});

/**
 * Focuses an empty field and clicks `submit` once. The click must count: every invalid field shows
 * its error after that one click (a second click adds none), not only the field that lost the focus.
 */
async function oneClickShowsEveryError(page: Page, focused: string, submit: Locator) {
  await field(page, focused).focus();
  const before = await submit.boundingBox();
  await submit.click();
  const invalid = page.locator('[aria-invalid="true"]');
  await expect(invalid.nth(1)).toBeAttached();
  const afterOne = await invalid.count();
  const after = await submit.boundingBox();
  await submit.click();
  await expect(invalid).toHaveCount(afterOne);
  expect(
    afterOne,
    `errors after one click (the submit moved from ${before?.y} to ${after?.y})`,
  ).toBeGreaterThan(1);
}
