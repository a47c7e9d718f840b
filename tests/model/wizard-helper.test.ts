import { describe, expect, it } from 'vitest';
import {
  draftStorageKeys,
  type OnboardingStepId,
  onboardingStepTable,
  progressTotal,
  stepRow,
} from '#machines/onboarding-steps';
import {
  draftBefore,
  entryPath,
  expectStep,
  progressText,
  stepsBetween,
  stepUrl,
  type WizardPage,
  walkTo,
  wizardAnswers,
} from '../support/wizard';

/** The browser tests' one wizard walk (tests/support/wizard.ts) reads the step table. */

/** A page that records what the walk does and shows the step the walk asked for last. */
function recordingPage(): { page: WizardPage; done: string[] } {
  const done: string[] = [];
  const page: WizardPage = {
    goto: async (path) => void done.push(`goto ${path}`),
    click: async (name) => void done.push(`click ${name}`),
    fill: async (name, value) => void done.push(`fill ${name}=${value}`),
    fillLabelled: async (label, value) => void done.push(`label ${label}=${value}`),
    choose: async (name, option) => void done.push(`choose ${name}=${option}`),
    check: async (label) => void done.push(`check ${label}`),
    waitForUrl: async (pattern) => void done.push(`url ${pattern.source}`),
    waitForText: async (text) => void done.push(`text ${String(text)}`),
  };
  return { page, done };
}

describe('the wizard helper', () => {
  it("matches each step's address, its parameter as one segment, nothing after it unless a query is expected", () => {
    expect(stepUrl('profile').test('http://localhost:1/onboarding/register-profile')).toBe(true);
    expect(stepUrl('profile').test('http://localhost:1/onboarding/register-profile/x')).toBe(false);
    expect(stepUrl('pin').test('http://localhost:1/onboarding?pin=1234')).toBe(false);
    expect(stepUrl('pin', { query: true }).test('http://localhost:1/onboarding?pin=1234')).toBe(true);
    expect(stepUrl('directoryPractice').test('http://l/onboarding/directory-practice/dir-a')).toBe(true);
    expect(stepUrl('directoryPractice').test('http://l/onboarding/directory-practice/a/b')).toBe(false);
  });

  it("says each step's progress as the table numbers it", () => {
    for (const row of onboardingStepTable)
      expect(progressText(row.id)).toBe(
        row.progress === null ? null : `Step ${row.progress} of ${progressTotal}`,
      );
  });

  it('follows the table from one step to another, and refuses a step that never follows', () => {
    // Each step is the one the table puts after the one before, from the pin to the last step.
    const all = stepsBetween('pin', 'thankYou');
    expect(all.slice(0, 3)).toEqual(['pin', 'account', 'profile']);
    expect(all.at(-2)).toBe('practice');
    expect(all.at(-1)).toBe('thankYou');
    for (const [i, step] of all.slice(1).entries())
      expect(stepRow(all[i] as OnboardingStepId).next).toBe(step);
    expect(stepsBetween('directoryPractice', 'profile')).toEqual(['directoryPractice', 'account', 'profile']);
    expect(() => stepsBetween('practice', 'account')).toThrow(/does not follow/);
  });

  it('leaves the draft the steps before a step store, under the table keys', () => {
    const answers = wizardAnswers({ pin: '1234' });
    expect(Object.keys(draftBefore('profile', answers, 'a@example.test'))).toEqual([draftStorageKeys.pin]);
    const practice = draftBefore('practice', answers, 'a@example.test');
    expect(JSON.parse(practice[draftStorageKeys.pin] ?? 'null')).toBe('1234');
    expect(JSON.parse(practice[draftStorageKeys.profile] ?? 'null')).toMatchObject({
      firstName: 'Ada',
      email: 'a@example.test',
    });
    expect(draftBefore('practice', wizardAnswers({ pin: null }), 'a@example.test')).not.toHaveProperty(
      draftStorageKeys.pin,
    );
  });

  it('walks step by step: checks each step shows, types its answers, moves on, and ends on the target', async () => {
    const { page, done } = recordingPage();
    const answers = wizardAnswers({ pin: '1234' });
    await walkTo(page, 'practice', answers);
    expect(done[0]).toBe(`goto ${entryPath(answers)}`);
    const steps = done.filter((line) => line.startsWith('url '));
    expect(steps).toEqual([
      `url ${stepUrl('pin', { query: true }).source}`,
      ...stepsBetween('account', 'practice').map((step) => `url ${stepUrl(step).source}`),
    ]);
    expect(done).toContain('click Sign up with Google');
    expect(done).toContain(`label Email address=${answers.account.email}`);
    expect(done).toContain('check I agree to the privacy policy');
    expect(done.at(-1)).toBe(`text ${progressText('practice')}`);
    // Nothing of step 3 is typed: the walk ends where the test takes over.
    expect(done.some((line) => line.startsWith('fill practice.'))).toBe(false);
  });

  it('waits for a step without the indicator by its address only', async () => {
    const { page, done } = recordingPage();
    await expectStep(page, 'thankYou', { query: true });
    expect(done).toEqual([`url ${stepUrl('thankYou', { query: true }).source}`]);
  });
});
