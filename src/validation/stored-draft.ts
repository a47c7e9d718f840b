import { mixed, object } from 'yup';
import type { Address, PracticeDetails, Profile, RegionKey, RegistrationOptions } from '#machines/domain';

/**
 * The onboarding draft as stored in local storage (spec §9 keys), read leniently: whatever is
 * malformed or tampered with is ignored, part by part, never an error. Each stored key is cast
 * through its schema: a part that is not an object is absent (null); a field of the wrong type
 * is empty; the region is 'uk' or else 'au'; the practice type 2 or 3 or else 1 (a numeric
 * string counts); terms only `true`. Unknown keys are dropped. Pure (used by the app's edge,
 * src/app/live/onboarding.ts).
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string, or '' for anything else (no coercion: a number is not a name). */
const text = () =>
  mixed<string>()
    .transform((_value, original: unknown) => (typeof original === 'string' ? original : ''))
    .default('');

/** An object part: its fields cast, or `fallback` when the stored value is missing or not an object. */
const part = <T extends object>(shape: Parameters<typeof object>[0], fallback: () => T | null) =>
  object(shape)
    .nullable()
    .transform((value: T | null, original: unknown) => (isRecord(original) ? value : fallback()))
    .default(() => fallback());

const address = part<Address>(
  { address1: text(), city: text(), postcode: text(), state: text(), country: text() },
  () => ({ address1: '', city: '', postcode: '', state: '', country: '' }),
);

export type StoredPractice = {
  environment: RegionKey;
  terms: boolean;
  practice: Omit<PracticeDetails, 'devices'>;
};

const practiceSchema = part<StoredPractice>(
  {
    environment: mixed<RegionKey>()
      .transform((_value, original: unknown) => (original === 'uk' ? 'uk' : 'au'))
      .default('au'),
    terms: mixed<boolean>()
      .transform((_value, original: unknown) => original === true)
      .default(false),
    practice: part<Omit<PracticeDetails, 'devices'>>(
      {
        businessName: text(),
        businessNumber: text(),
        name: text(),
        veterinaryType: mixed<1 | 2 | 3>()
          .transform((_value, original: unknown) => {
            const type = Number(original);
            return type === 2 || type === 3 ? type : 1;
          })
          .default(1),
        email: text(),
        phone: text(),
        address,
      },
      () => null,
    ),
  },
  () => null,
);

const profileSchema = part<Profile>(
  { firstName: text(), lastName: text(), email: text(), phone: text(), dateOfBirth: text() },
  () => null,
);

const optionsSchema = part<{ registeredFromDirectoryPracticeKey: string | null }>(
  {
    registeredFromDirectoryPracticeKey: mixed<string>()
      .nullable()
      .transform((_value, original: unknown) => (typeof original === 'string' ? original : null))
      .default(null),
  },
  () => null,
);

const cast = <T>(schema: { cast(value: unknown, options: object): unknown }, value: unknown): T =>
  schema.cast(value ?? null, { stripUnknown: true, assert: false }) as T;

/** The stored pin: four digits, or none. */
export function readStoredPin(value: unknown): string | null {
  return typeof value === 'string' && /^\d{4}$/.test(value) ? value : null;
}

/** The stored practice registration; null when it is not one (its practice part is missing or malformed). */
export function readStoredPractice(value: unknown): StoredPractice | null {
  const practice = cast<StoredPractice | null>(practiceSchema, value);
  return practice?.practice ? practice : null;
}

export function readStoredProfile(value: unknown): Profile | null {
  return cast<Profile | null>(profileSchema, value);
}

export function readStoredOptions(value: unknown): RegistrationOptions {
  const options = cast<{ registeredFromDirectoryPracticeKey: string | null } | null>(optionsSchema, value);
  return { registeredFromDirectoryPracticeKey: options?.registeredFromDirectoryPracticeKey ?? null };
}

/** A step's own stored fields (its table row's `fields`): the named ones that are strings; null when none is. */
export function readStoredFields(value: unknown, names: readonly string[]): Record<string, string> | null {
  if (typeof value !== 'object' || value === null) return null;
  const entries = names.flatMap((name) => {
    const field: unknown = Object.hasOwn(value, name) ? (value as Record<string, unknown>)[name] : undefined;
    return typeof field === 'string' ? [[name, field] as const] : [];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}
