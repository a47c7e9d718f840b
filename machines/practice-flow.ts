import type { LoginConnection, PortalConfiguration, SessionUser, UserPractice } from './domain';

/**
 * Shared pieces of the practice and invite flows (landing, switch practice, invite link, invite
 * code, portal redirect): the session answer, the failure shape the live files hand to the
 * machines, navigation params, and the practice-name rules of spec §6. Pure: no effects here.
 */

/** What `awaitSession` resolves with once the session actor has settled. */
export interface SessionAnswer {
  user: SessionUser | null;
}

/**
 * How a provided actor reports a failed call (src/app/live/* map the API client's ApiError to
 * this shape): the HTTP status (client-side statuses per spec §8), the server's message and the
 * field errors of a validation answer.
 */
export interface CallFailure {
  status: number;
  message: string | null;
  fieldErrors: Record<string, string[]>;
}

export interface NavigateParams {
  to: string;
  search?: Record<string, string>;
  replace?: boolean;
}

export interface LoginParams {
  connection: LoginConnection | undefined;
  screenHint: 'signup' | 'login';
  /** Same-origin path (with query) to come back to. */
  returnTo: string;
}

export type LoginEvent = { type: 'login.choose'; connection: LoginConnection };

/** Reads a failure handed to an `onError` (anything not shaped like a CallFailure counts as 500). */
export function failureOf(error: unknown): CallFailure {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const e = error as Partial<CallFailure>;
    return {
      status: typeof e.status === 'number' ? e.status : 500,
      message: typeof e.message === 'string' ? e.message : null,
      fieldErrors: e.fieldErrors && typeof e.fieldErrors === 'object' ? e.fieldErrors : {},
    };
  }
  return { status: 500, message: null, fieldErrors: {} };
}

export const isSignedIn = (answer: SessionAnswer | undefined): boolean => Boolean(answer?.user);
export const isEmailVerified = (user: SessionUser | null): boolean => user?.email_verified === true;

/** Profile creation (spec §8): ≥ 500 → /server-error, 400 → stays with the errors, else continues. */
export const isServerFailure = (error: unknown): boolean => failureOf(error).status >= 500;
export const isBadRequest = (error: unknown): boolean => failureOf(error).status === 400;

/**
 * The call failed rather than the server refusing what was sent: a server failure (≥ 500), or one
 * of the statuses the API client gives when there was no usable answer (spec §8: 408 timeout,
 * 415 unparseable, 424 network failure). A refusal is any other 4xx.
 */
const noUsableAnswer = new Set([408, 415, 424]);
export const isCallFailure = (error: unknown): boolean => {
  const { status } = failureOf(error);
  return status >= 500 || noUsableAnswer.has(status);
};

/** Sort by practice name (spec §7: userPractices are sorted by practiceName). */
export function sortByPracticeName<T extends { practiceName: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) =>
    a.practiceName.localeCompare(b.practiceName, undefined, { sensitivity: 'base' }),
  );
}

export interface PrefixRule {
  /** The signed-in user's email. */
  email: string | null | undefined;
  /** App config `productDomain`. */
  productDomain: string | null | undefined;
  portals: readonly PortalConfiguration[];
}

/**
 * Spec §6: users whose address contains the product's domain always see the environment prefix;
 * others only when the practice's portal has isEnvironmentVisible.
 */
export function showsEnvironmentPrefix(
  practice: Pick<UserPractice, 'environment'>,
  rule: PrefixRule,
): boolean {
  const email = (rule.email ?? '').toLowerCase();
  const domain = (rule.productDomain ?? '').trim().toLowerCase();
  if (domain !== '' && email.includes(domain)) return true;
  return rule.portals.some((portal) => portal.key === practice.environment && portal.isEnvironmentVisible);
}

/** 'AU - Bondi Beach Vets' or 'Bondi Beach Vets'. */
export function practiceDisplayName(
  practice: Pick<UserPractice, 'environment' | 'practiceName'>,
  rule: PrefixRule,
): string {
  return showsEnvironmentPrefix(practice, rule)
    ? `${practice.environment.toUpperCase()} - ${practice.practiceName}`
    : practice.practiceName;
}
