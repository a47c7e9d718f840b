/**
 * Search-parameter validators of every route (spec §2), plain functions run by TanStack Router on
 * every match and link: nothing is built at load and no schema library is needed on the first
 * screen (yup stays for forms and the server; docs/decisions/003-validation-messages.md).
 * Unknown parameters are dropped; a bad value becomes undefined rather than breaking the page. The
 * callback-URL and login-hint parameters (spec §9: CallbackUrl, loginHint) may appear on any route
 * and are read by the auth guard and session cleanup from the address itself.
 */
type RawSearch = Record<string, unknown>;

/** A single value as text (the query string is read verbatim: src/app/search-serialization.ts). */
function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Trimmed, at most 2048 characters, empty as undefined. */
function optionalText(value: unknown): string | undefined {
  const text = asText(value)?.trim();
  return text && text.length <= 2048 ? text : undefined;
}

export type EmptySearch = Record<string, never>;

export const anySearch = (_search: RawSearch): EmptySearch => ({});

export const onboardingSearch = (search: RawSearch): { pin?: string | undefined } => {
  const pin = asText(search.pin);
  return { pin: pin && /^\d{4}$/.test(pin) ? pin : undefined };
};

export const thankYouSearch = (search: RawSearch): { practiceKey?: string | undefined } => ({
  practiceKey: optionalText(search.practiceKey),
});

export const emailVerificationUnverifiedSearch = (search: RawSearch): { returnTo?: string | undefined } => ({
  returnTo: optionalText(search.returnTo),
});

export const emailVerificationVerifiedSearch = (search: RawSearch): { email?: string | undefined } => ({
  email: optionalText(search.email),
});

export const joinPracticeLinkSearch = (
  search: RawSearch,
): { practiceKey?: string | undefined; redirectUri?: string | undefined } => ({
  practiceKey: optionalText(search.practiceKey),
  redirectUri: optionalText(search.redirectUri),
});

/** 'true'/'1' and 'false'/'0' (any case), as yup's boolean read them; anything else is unset. */
function optionalBoolean(value: unknown): boolean | undefined {
  const text = asText(value)?.trim();
  if (text === undefined) return undefined;
  if (/^(true|1)$/i.test(text)) return true;
  if (/^(false|0)$/i.test(text)) return false;
  return undefined;
}

export const joinPracticeCodeSearch = (
  search: RawSearch,
): { forceLogin?: boolean | undefined; code?: string | undefined } => ({
  forceLogin: optionalBoolean(search.forceLogin),
  code: optionalText(search.code),
});
