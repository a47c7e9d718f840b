/**
 * The invite kept in local storage between the invitation link and the sign-up's return (spec §2
 * /invite): what `src/app/live/stored-invite.ts` reads back. Pure module.
 *
 * - `practiceKey`: a non-empty string, as stored (no cast: a number or an object is no invite).
 * - `redirectUri`: a non-empty string, else null (missing, empty or not a string: no target of its
 *   own, the practice's environment is used).
 */
import { mixed, object, string } from 'yup';

export interface StoredInvite {
  practiceKey: string;
  redirectUri: string | null;
}

const nonEmptyStringOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

export const storedInviteSchema = object({
  practiceKey: string().strict().required(),
  redirectUri: mixed<string>()
    .nullable()
    .transform((value: unknown) => nonEmptyStringOrNull(value)),
});

/** The stored invite in `value` (parsed JSON), or null when it is not one. */
export function storedInviteOf(value: unknown): StoredInvite | null {
  try {
    const invite = storedInviteSchema.validateSync(value, { stripUnknown: true });
    return { practiceKey: invite.practiceKey, redirectUri: invite.redirectUri ?? null };
  } catch {
    return null;
  }
}
