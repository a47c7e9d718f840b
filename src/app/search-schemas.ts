import { type AnyObjectSchema, boolean, object, string } from 'yup';

/**
 * Search-parameter schemas of every route (spec §2), validated by TanStack Router through yup's
 * Standard Schema support. Unknown parameters are dropped; bad values become undefined rather
 * than breaking the page. The callback-URL and login-hint parameters (spec §9: CallbackUrl,
 * loginHint) may appear on any route and are read by the auth guard and session cleanup.
 */
const optionalText = () =>
  string()
    .trim()
    .max(2048)
    .optional()
    .transform((v: string | undefined) => (v === '' ? undefined : v));

export const anySearch = object({});

export const onboardingSearch = object({
  pin: string()
    .optional()
    .transform((v: string | undefined) => (v && /^\d{4}$/.test(v) ? v : undefined)),
});

export const thankYouSearch = object({ practiceKey: optionalText() });

export const unverifiedEmailSearch = object({ returnTo: optionalText() });

export const verifiedEmailSearch = object({ email: optionalText() });

export const inviteSearch = object({ practiceKey: optionalText(), redirectUri: optionalText() });

export const inviteCodeSearch = object({
  forceLogin: boolean()
    .optional()
    .transform((v: unknown, original: unknown) => {
      if (original === 'false' || original === false) return false;
      if (original === 'true' || original === true) return true;
      return typeof v === 'boolean' ? v : undefined;
    }),
  code: optionalText(),
});

/**
 * TanStack Router refuses async Standard Schema validation ("Async validation not supported"),
 * and yup's `~standard.validate` is always async: routes validate synchronously through this.
 * Unknown parameters are dropped; a value that still fails leaves the page with no parameters
 * rather than breaking it.
 */
export function syncSearch<S extends AnyObjectSchema>(
  schema: S,
): (search: Record<string, unknown>) => S['__outputType'] {
  return (search) => {
    try {
      return schema.validateSync(search, { stripUnknown: true }) as S['__outputType'];
    } catch {
      return schema.validateSync({}, { stripUnknown: true }) as S['__outputType'];
    }
  };
}
