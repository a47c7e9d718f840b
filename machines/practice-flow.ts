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
 * field errors of a validation answer; a 429's retry hint in seconds when the server gave one.
 */
export interface CallFailure {
  status: number;
  message: string | null;
  fieldErrors: Record<string, string[]>;
  retryAfterSeconds?: number | null;
  /**
   * The server answered 200 with { isSuccess: false, message }: counted as a 500 (spec §8,
   * CUSTOM_ERROR), but its message is the server's answer to the user, not a crash.
   */
  customError?: boolean;
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
  /** The identity provider asks again even when it has a session (the signed-in address filled in). */
  forcePrompt?: boolean;
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
      ...(e.customError === true ? { customError: true } : {}),
    };
  }
  return { status: 500, message: null, fieldErrors: {} };
}

/**
 * The server's message a form shows for a failure, or null for the form's default text: the
 * words of a refusal (a status below 500, or a 200 answering { isSuccess: false, message }),
 * never those of a server failure (5xx: its body is no message for the user).
 */
export function userMessageOf(error: unknown): string | null {
  const failure = failureOf(error);
  return failure.status < 500 || failure.customError === true ? failure.message : null;
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

// ───────────────────────────── the awaiting-session state ─────────────────────────────

/** The done event of the `awaitSession` invoke, as the shared state reads it. */
interface SessionDoneEvent {
  output: SessionAnswer;
}

/** Where a flow goes once the session has settled signed in: a target, optionally guarded. */
export interface SessionBranch<TTarget extends string, TGuard extends string> {
  guard?: TGuard;
  target: TTarget;
}

/** The guard the awaiting-session state needs in the flow's `setup({ guards })`. */
export const awaitingSessionGuards = {
  isSignedOut: (_: unknown, params: { answer: SessionAnswer }) => !isSignedIn(params.answer),
};

/** The state config `awaitingSession` returns (typed so a flow's guard names are checked). */
export interface AwaitingSessionState<TTarget extends string, TGuard extends string> {
  readonly tags: readonly ['busy'];
  readonly invoke: {
    readonly id: 'awaitSession';
    readonly src: 'awaitSession';
    readonly onDone: readonly (
      | {
          guard: {
            type: 'isSignedOut';
            params: (args: { event: SessionDoneEvent }) => { answer: SessionAnswer };
          };
          target: TTarget;
        }
      | {
          guard?: TGuard;
          target: TTarget;
          actions: { type: 'assignUser'; params: (args: { event: SessionDoneEvent }) => SessionAnswer };
        }
    )[];
    readonly onError: { target: TTarget; actions: { type: 'assignSessionFailure' } };
  };
}

/**
 * The awaiting-session state of the flows that open on a settled session (landing, portal
 * redirect, join practice; decision 104): busy while the provided `awaitSession` waits for the
 * session actor to settle, then signed out → `signedOut`, signed in → the first `signedIn` branch
 * whose guard holds (the user stored by `assignUser`), a failure → `failed` (recorded by
 * `assignSessionFailure`). Used as `checkingSession: awaitingSession({ … })`; the flow's setup
 * provides the guard (`...awaitingSessionGuards`), the `awaitSession` actor and the two actions
 * (named `assign…`: the view path tests keep assign actions and stub the rest):
 *
 *   assignUser: assign({ user: (_, answer: SessionAnswer) => answer.user }),
 *   assignSessionFailure: assign({ errorCode: 'session_failed' }),
 */
export function awaitingSession<const TTarget extends string, const TGuard extends string = never>(to: {
  signedIn: TTarget | readonly SessionBranch<TTarget, TGuard>[];
  signedOut: TTarget;
  failed: TTarget;
}): AwaitingSessionState<TTarget, NoInfer<TGuard>> {
  const signedIn: readonly SessionBranch<TTarget, TGuard>[] =
    typeof to.signedIn === 'string' ? [{ target: to.signedIn as TTarget }] : to.signedIn;
  return {
    tags: ['busy'],
    invoke: {
      id: 'awaitSession',
      src: 'awaitSession',
      onDone: [
        {
          guard: { type: 'isSignedOut', params: ({ event }) => ({ answer: event.output }) },
          target: to.signedOut,
        },
        ...signedIn.map((branch) => ({
          ...branch,
          actions: {
            type: 'assignUser' as const,
            params: ({ event }: { event: SessionDoneEvent }) => event.output,
          },
        })),
      ],
      onError: { target: to.failed, actions: { type: 'assignSessionFailure' } },
    },
  };
}
