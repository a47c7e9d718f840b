import type { LoginConnection, ProviderCode } from '#machines/domain';

/** Provider codes (spec §9): auth0 = Email, waad and windowslive = Microsoft, apple, google-oauth2. */
export type ProviderName = 'email' | 'microsoft' | 'apple' | 'google';

export function providerNameOf(code: string): ProviderName | null {
  switch (code as ProviderCode) {
    case 'auth0':
      return 'email';
    case 'waad':
    case 'windowslive':
      return 'microsoft';
    case 'apple':
      return 'apple';
    case 'google-oauth2':
      return 'google';
    default:
      return null;
  }
}

/** The connection the login button of a provider sends (spec §7): none for email. */
export function connectionOf(name: ProviderName): LoginConnection {
  switch (name) {
    case 'microsoft':
      return 'windowslive';
    case 'apple':
      return 'apple';
    case 'google':
      return 'google-oauth2';
    default:
      return null;
  }
}

/** The provider code a subject was issued by: `google-oauth2|123` → `google-oauth2`. */
export function providerCodeOfSubject(sub: string | null | undefined): string | null {
  if (!sub) return null;
  const bar = sub.indexOf('|');
  return bar > 0 ? sub.slice(0, bar) : null;
}
