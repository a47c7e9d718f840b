import type {
  Address,
  DirectoryPractice,
  LocaleCode,
  PracticeDetails,
  PracticeRegistration,
  Profile,
  RegionKey,
  RegistrationOptions,
  SessionUser,
  VeterinaryType,
} from './domain';
import { type CallFailure, failureOf } from './practice-flow';

/**
 * The onboarding draft and the pure rules the onboarding machine applies to it (spec §3, §4, §9):
 * what a draft is, how it starts, how the directory practice and a region change fill it in, and
 * the registration payload built from it. Kept beside machines/onboarding.machine.ts so the
 * machine's config reads as the flow only.
 */

/** The practice part of the registration as the user fills it in (devices come from the pin). */
export type PracticeFields = Omit<PracticeDetails, 'devices'>;

export interface PracticeDraft {
  environment: RegionKey;
  practice: PracticeFields;
  terms: boolean;
}

/** The values of a step's own text fields (its table row's `fields`), by field name. */
export type StepFieldValues = Readonly<Record<string, string>>;

/** What survives a reload (spec §9 local storage keys: pin, practice, profile, options). */
export interface OnboardingDraft {
  pin: string | null;
  practice: PracticeDraft | null;
  profile: Profile | null;
  options: RegistrationOptions;
  /** The own fields of the steps that have them (the table's `fields`), by step id. */
  fields?: Readonly<Partial<Record<string, StepFieldValues>>>;
}

/** The draft with a step's own fields set. */
export const withStepFields = (
  draft: OnboardingDraft,
  step: string,
  values: StepFieldValues,
): OnboardingDraft => ({
  ...draft,
  fields: { ...draft.fields, [step]: values },
});

/** Whether every named field has a value (a step's fields are all required). */
export const areFieldsFilled = (names: readonly string[], values: StepFieldValues): boolean =>
  names.every((name) => (values[name] ?? '').trim() !== '');

export interface RegionChoice {
  key: RegionKey;
  locale: LocaleCode;
}

/** What the draft rules read besides the draft: the regions offered (the first is the default). */
export interface DraftContext {
  draft: OnboardingDraft;
  regions: RegionChoice[];
}

const apiPrefix = 'Api, Request failed, ';

/** Server message without the 'Api, Request failed, ' prefix (spec §8), or null when empty. */
export function stripApiPrefix(message: string | null | undefined): string | null {
  if (!message) return null;
  const stripped = message.startsWith(apiPrefix) ? message.slice(apiPrefix.length) : message;
  return stripped.trim() === '' ? null : stripped;
}

const hasFieldErrors = (failure: CallFailure): boolean => Object.keys(failure.fieldErrors).length > 0;

/** Not signed in (or the session ended): the flow signs in and comes back. */
export const isUnauthenticated = (error: unknown): boolean => failureOf(error).status === 401;

/** The server refused the payload, field by field. */
export function isValidationFailure(error: unknown): boolean {
  const failure = failureOf(error);
  return failure.status !== 401 && hasFieldErrors(failure);
}

/** Too many attempts (429 without field errors). */
export function isRateLimited(error: unknown): boolean {
  const failure = failureOf(error);
  return failure.status === 429 && !hasFieldErrors(failure);
}

/** The server's retry hint of a rate-limited failure (429), when it gave one. */
export function retryAfterOf(error: unknown): number | null {
  const hint = typeof error === 'object' && error !== null ? (error as CallFailure).retryAfterSeconds : null;
  return typeof hint === 'number' ? hint : null;
}

/** Profile fields the profile form requires (spec §5). */
export function isProfileComplete(profile: Profile | null | undefined): profile is Profile {
  return Boolean(
    profile?.firstName?.trim() &&
      profile.lastName?.trim() &&
      profile.phone?.trim() &&
      profile.dateOfBirth?.trim(),
  );
}

export function emptyDraft(): OnboardingDraft {
  return { pin: null, practice: null, profile: null, options: { registeredFromDirectoryPracticeKey: null } };
}

/** The veterinary types of spec §3, the first the default of a new practice. */
export const veterinaryTypes: readonly VeterinaryType[] = [1, 2, 3];

/**
 * The veterinary type of a form value (a select gives a string): one of spec §3's types, else the
 * default (decision 160: the rule lives here, not in the practice form).
 */
export function veterinaryTypeOf(value: unknown): VeterinaryType {
  const type = Number(value);
  return veterinaryTypes.find((t) => t === type) ?? veterinaryTypes[0]!;
}

const emptyAddress: Address = { address1: '', city: '', postcode: '', state: '', country: '' };

function emptyPractice(environment: RegionKey): PracticeDraft {
  return {
    environment,
    terms: false,
    practice: {
      businessName: '',
      businessNumber: '',
      name: '',
      veterinaryType: veterinaryTypes[0]!,
      email: '',
      phone: '',
      address: { ...emptyAddress, country: environment === 'uk' ? 'UK' : 'AU' },
    },
  };
}

function defaultRegion(context: Pick<DraftContext, 'regions'>): RegionKey {
  return context.regions[0]?.key ?? 'au';
}

function regionOfCountry(country: string | undefined, fallback: RegionKey): RegionKey {
  const key = (country ?? '').trim().toLowerCase();
  if (key === 'uk' || key === 'gb' || key === 'united kingdom') return 'uk';
  if (key === 'au' || key === 'australia') return 'au';
  return fallback;
}

/** The practice draft the form starts from: the stored draft, or an empty one in the default region. */
export function practiceDraftOf(context: {
  draft: Pick<OnboardingDraft, 'practice'>;
  regions: RegionChoice[];
}): PracticeDraft {
  return context.draft.practice ?? emptyPractice(defaultRegion(context));
}

export function localeOf(context: Pick<DraftContext, 'regions'>, region: RegionKey): LocaleCode {
  return context.regions.find((r) => r.key === region)?.locale ?? (region === 'uk' ? 'en-GB' : 'en-AU');
}

/** The locale of the practice draft's region (the practice step shows the region's formats). */
export function draftLocaleOf(context: DraftContext): LocaleCode {
  return localeOf(context, practiceDraftOf(context).environment);
}

/** The registration payload (spec §3) built from the draft. */
export function registrationOf(
  context: DraftContext & { devices: PracticeDetails['devices'] },
): PracticeRegistration {
  const draft = practiceDraftOf(context);
  const profile = context.draft.profile as Profile;
  return {
    environment: draft.environment,
    practice: { ...draft.practice, devices: context.devices },
    profile,
    options: context.draft.options,
    terms: draft.terms,
    locale: localeOf(context, draft.environment),
  };
}

/** The draft filled in from a directory practice (spec §4: the directory entry point). */
export function prefillFromDirectory(context: DraftContext, directory: DirectoryPractice): OnboardingDraft {
  const base = practiceDraftOf(context);
  const environment = regionOfCountry(directory.address.country, base.environment);
  const blank = emptyPractice(environment);
  return {
    ...context.draft,
    practice: {
      ...blank,
      practice: {
        ...blank.practice,
        businessName: directory.name ?? '',
        name: directory.name ?? '',
        email: directory.email ?? '',
        address: {
          address1: directory.address.address1 ?? '',
          city: directory.address.city ?? '',
          postcode: directory.address.postcode ?? '',
          state: environment === 'au' ? (directory.address.state ?? '') : '',
          country: blank.practice.address.country,
        },
      },
    },
    options: { registeredFromDirectoryPracticeKey: directory.key },
  };
}

/** The draft moved to another region: the region's own fields (number, phone, postcode, state) start empty. */
export function withRegion(context: DraftContext, region: RegionKey): OnboardingDraft {
  const current = practiceDraftOf(context);
  const blank = emptyPractice(region);
  return {
    ...context.draft,
    practice: {
      ...current,
      environment: region,
      practice: {
        ...current.practice,
        businessNumber: '',
        phone: '',
        address: {
          ...current.practice.address,
          postcode: '',
          state: '',
          country: blank.practice.address.country,
        },
      },
    },
  };
}

/** The profile form's values: the draft's, else the signed-in user's claims. */
export const profileFromUser = (user: SessionUser | null, draft: Profile | null): Profile => ({
  firstName: draft?.firstName || user?.given_name || '',
  lastName: draft?.lastName || user?.family_name || '',
  email: user?.email || draft?.email || '',
  phone: draft?.phone || user?.phone_number || '',
  dateOfBirth: draft?.dateOfBirth || user?.birthdate || '',
});
