import {
  draftStorageKeys,
  fieldsStorageKey,
  type OnboardingStepId,
  onboardingStepPaths,
  progressOf,
  stepRow,
} from '../../machines/onboarding-steps';

/**
 * The one way browser tests walk the onboarding wizard (Playwright in tests/e2e, the engine
 * journeys in tests/engines), read from the step table (machines/onboarding-steps.ts): which step
 * follows which, at which address, with which 'Step n of total', and which parts of the draft the
 * steps before a step leave in local storage. What is typed on a step to move on is `moveOn`
 * below, one entry per step of the table, except a step of text fields (a row with `fields`): the
 * walk fills each of its fields with `wizardFieldAnswer` and continues (a step with neither fails
 * the walk).
 *
 * A test about a step's own behaviour walks to it (`walkTo`) or opens it directly with the draft
 * the steps before it leave (`openStep`), and does its own checks from there. The whole journey
 * through the provider's sign-up and the mailbox is proven by onboarding.spec.ts and the engines.
 *
 * The driver behind it is small (`WizardPage`): an adapter per test runner
 * (tests/e2e/wizard-page.ts for Playwright; tests/engines/journeys.ts for Firefox and WebKit).
 */

export interface WizardPage {
  /** Opens an address of the app (a path). */
  goto(path: string): Promise<void>;
  /** Clicks the button with this exact accessible name. */
  click(button: string): Promise<void>;
  /** Fills the app form's field of this name (`#field-<name>`). */
  fill(field: string, value: string): Promise<void>;
  /** Fills the text box with this label (the provider's pages). */
  fillLabelled(label: string, value: string): Promise<void>;
  /** Chooses an option (by its text) of the app form's select of this name. */
  choose(field: string, option: string): Promise<void>;
  /** Ticks the checkbox with this label. */
  check(label: string): Promise<void>;
  /** Waits until the page's address matches. */
  waitForUrl(pattern: RegExp): Promise<void>;
  /** Waits until this text shows on the page (a heading's name as a pattern, or a text). */
  waitForText(text: string | RegExp): Promise<void>;
}

/** What the walk types on each step. */
export interface WizardAnswers {
  /** The pin of the pin step (opened as `?pin=`), or null to continue without a hub and scanner. */
  pin: string | null;
  /** The account step: a sign-up with a simulated Google account (the address arrives verified). */
  account: { email: string; name: string };
  profile: { firstName: string; lastName: string; phone: string; dateOfBirth: string };
  /** The practice step (Australia): its name; the other fields are `auPractice`'s. */
  practice: { name: string; businessNumber: string };
}

/** A business number no other practice has (the stack refuses a second practice with the same one). */
export function uniqueDigits(length: number): string {
  let out = String(Math.floor(Math.random() * 9) + 1);
  while (out.length < length) out += String(Math.floor(Math.random() * 10));
  return out;
}

export const defaultProfile: WizardAnswers['profile'] = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '0412345678',
  dateOfBirth: '1990-01-02',
};

/** The walk's answers: the defaults, with a unique account address and business number. */
export function wizardAnswers(overrides: Partial<WizardAnswers> = {}): WizardAnswers {
  return {
    pin: null,
    account: {
      email: `wizard.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.test`,
      name: 'Grace Hopper',
    },
    profile: defaultProfile,
    practice: { name: 'Wizard Vets', businessNumber: uniqueDigits(11) },
    ...overrides,
  };
}

/** The Australian practice form's fields, filled with `name` and `businessNumber`. */
export async function fillAuPractice(page: WizardPage, practice: WizardAnswers['practice']): Promise<void> {
  await page.fill('practice.businessName', `${practice.name} Pty Ltd`);
  await page.fill('practice.businessNumber', practice.businessNumber);
  await page.fill('practice.name', practice.name);
  await page.fill('practice.email', 'reception@practice.example.com');
  await page.fill('practice.phone', '0298765432');
  await page.fill('practice.address.address1', '1 George Street');
  await page.fill('practice.address.city', 'Sydney');
  await page.fill('practice.address.postcode', '2000');
  await page.choose('practice.address.state', 'New South Wales');
}

/** The profile step's fields, filled (the privacy box and Continue are left to the caller). */
export async function fillProfile(page: WizardPage, profile: WizardAnswers['profile']): Promise<void> {
  await page.fill('firstName', profile.firstName);
  await page.fill('lastName', profile.lastName);
  await page.fill('phone', profile.phone);
  await page.fill('dateOfBirth', profile.dateOfBirth);
}

/** What moves the wizard on from each step (the step's own page is showing). */
/** What the walk types into each field of a step of text fields (a row with `fields`). */
export const wizardFieldAnswer = 'Wizard answer';

/** The own fields of a step of text fields, as the walk leaves them in the draft. */
export const wizardFieldsOf = (id: OnboardingStepId): Record<string, string> | null => {
  const fields = stepRow(id).fields;
  return fields ? Object.fromEntries(fields.map((name) => [name, wizardFieldAnswer])) : null;
};

const moveOnFields = async (page: WizardPage, fields: readonly string[]) => {
  for (const name of fields) await page.fill(name, wizardFieldAnswer);
  await page.click('Continue');
};

function moveOnFrom(id: OnboardingStepId): (page: WizardPage, answers: WizardAnswers) => Promise<void> {
  const fields = stepRow(id).fields;
  if (fields) return (page) => moveOnFields(page, fields);
  const own = moveOn[id];
  if (own === undefined)
    throw new Error(`wizard: the step ${id} has no way on (tests/support/wizard.ts moveOn)`);
  return own;
}

const moveOn: Partial<Record<OnboardingStepId, (page: WizardPage, answers: WizardAnswers) => Promise<void>>> =
  {
    // The directory practice's page moves on to the account step by itself.
    directoryPractice: async () => {},
    pin: async (page, answers) => {
      await page.click(answers.pin === null ? 'Continue without setting up a hub and scanner' : 'Continue');
    },
    account: async (page, answers) => {
      await page.click('Sign up with Google');
      await page.waitForText(/^Sign in with Google$/);
      await page.fillLabelled('Email address', answers.account.email);
      await page.fillLabelled('Full name', answers.account.name);
      await page.click('Continue');
    },
    profile: async (page, answers) => {
      await fillProfile(page, answers.profile);
      await page.check('I agree to the privacy policy');
      await page.click('Continue');
    },
    practice: async (page, answers) => {
      await fillAuPractice(page, answers.practice);
      await page.check('I agree to the Terms & Conditions');
      await page.click('Register practice');
    },
    // The last step: nothing follows it.
    thankYou: async () => {},
  };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The page address of a step, as a pattern of the whole URL: its path (a `$parameter` matches one
 * segment) at the end, or followed by a query when `query` is true (the pin's `?pin=`, the
 * thank-you page's `?practiceKey=`).
 */
export function stepUrl(id: OnboardingStepId, options: { query?: boolean } = {}): RegExp {
  const path = onboardingStepPaths[id]
    .split('/')
    .map((segment) => (segment.startsWith('$') ? '[^/?#]+' : escapeRegExp(segment)))
    .join('/');
  return new RegExp(`${path}${options.query ? '\\?[^#]+' : ''}$`);
}

/** The step's 'Step n of total' text, or null for a step without the indicator. */
export function progressText(id: OnboardingStepId): string | null {
  const progress = progressOf(id);
  return progress === null ? null : `Step ${progress.position} of ${progress.total}`;
}

/** The steps from `from` to `to` in the table's order, both included (an error if `to` never follows). */
export function stepsBetween(from: OnboardingStepId, to: OnboardingStepId): OnboardingStepId[] {
  const steps: OnboardingStepId[] = [from];
  let at: OnboardingStepId | null = from;
  while (at !== to) {
    at = at === null ? null : stepRow(at).next;
    if (at === null) throw new Error(`wizard: ${to} does not follow ${from} in the step table`);
    steps.push(at);
  }
  return steps;
}

/** Waits until the wizard shows this step: its address, and its 'Step n of total' when it has one. */
export async function expectStep(page: WizardPage, id: OnboardingStepId, options: { query?: boolean } = {}) {
  await page.waitForUrl(stepUrl(id, options));
  const progress = progressText(id);
  if (progress !== null) await page.waitForText(progress);
}

/** The address that opens the wizard at its entry step (`pin`, with `?pin=` when one is given). */
export function entryPath(answers: Pick<WizardAnswers, 'pin'>): string {
  const path = onboardingStepPaths.pin;
  return answers.pin === null ? path : `${path}?pin=${encodeURIComponent(answers.pin)}`;
}

/**
 * Walks the wizard to `to` as a person does, from the page of `from` (the pin step by default,
 * opened here unless `opened`): on each step before `to` it checks that the step shows, then types
 * its answers and moves on; it ends once `to` shows.
 */
export async function walkTo(
  page: WizardPage,
  to: OnboardingStepId,
  answers: WizardAnswers,
  options: { from?: OnboardingStepId; opened?: boolean } = {},
): Promise<void> {
  const from = options.from ?? 'pin';
  if (!options.opened) {
    if (from !== 'pin') throw new Error('wizard: open a step other than the pin step yourself');
    await page.goto(entryPath(answers));
  }
  for (const step of stepsBetween(from, to)) {
    if (step === to) break;
    if (step !== 'directoryPractice')
      await expectStep(page, step, { query: step === 'pin' && answers.pin !== null });
    await moveOnFrom(step)(page, answers);
  }
  await expectStep(page, to, { query: to === 'thankYou' });
}

/**
 * The local storage the steps before `to` leave behind (under the table's `draftStorageKeys`),
 * for a test that opens `to` directly: the pin (when given), the profile and the steps' own fields.
 */
export function draftBefore(
  to: OnboardingStepId,
  answers: WizardAnswers,
  email: string,
): Record<string, string> {
  const before = stepsBetween('pin', to).slice(0, -1);
  const stored: Record<string, string> = {};
  for (const step of before) {
    for (const part of stepRow(step).stores) {
      if (part === 'pin' && answers.pin !== null) stored[draftStorageKeys.pin] = JSON.stringify(answers.pin);
      if (part === 'profile')
        stored[draftStorageKeys.profile] = JSON.stringify({ ...answers.profile, email });
    }
    const fields = wizardFieldsOf(step);
    if (fields) stored[fieldsStorageKey(step)] = JSON.stringify(fields);
  }
  return stored;
}
