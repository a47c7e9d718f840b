import { assign, fromPromise, setup } from 'xstate';
import type { LoginConnection, SessionUser } from './domain';
import type { LoginParams } from './practice-flow';

/**
 * The session: is somebody signed in, and who (spec §4 Authentication, Session cleanup).
 * Wraps the identity provider's SDK through provided actors (src/app/live/session.ts provides
 * them from src/auth), so the rest of the app (guards, navbar, account menu, API client, hub
 * token) reads the session from here.
 *
 * checking → (stale provider keys) clearingStaleSession → logout redirect
 *          → (login hint mismatch) clearingLoginHint → local logout + reload in place
 *          → signedIn | signedOut
 * signedOut → session.login → checkingProvider (is the identity provider reachable?)
 *           → redirectingToLogin (page leaves for the identity provider)
 *           → (unreachable) providerUnreachable → session.retryLogin | session.dismissError
 * signedIn.idle → session.refresh → signedIn.refreshing (token with cacheMode 'off', fresh user)
 * signedIn → session.loginRequired (silent renewal said login_required) → endingSession → logout
 * signedIn → session.logout → loggingOut
 * signedIn → session.providerChanged (the SDK's React provider, mounted once the check is over,
 *   reports its user) → the same user's fresh claims are kept; anything else is only reported:
 *   this machine alone says who is signed in.
 */

export interface LoginRequest {
  connection?: LoginConnection;
  /** 'signup' opens the provider's sign-up screen. */
  screenHint?: 'signup' | 'login';
  /** Same-origin path (with query and hash) to come back to. */
  returnTo?: string;
  loginHint?: string;
  /** 'login' forces the provider to ask again even when it has a session. */
  prompt?: 'login';
}

export interface LogoutRequest {
  /**
   * Where the provider sends the browser after logout. A path starting with a single '/' is
   * used on the app's own origin; anything else is used as given, but only if it is an allowed
   * origin (checked at the edge).
   */
  returnTo?: string;
  /** Clear the local session only (no provider round trip). */
  localOnly?: boolean;
  /** After a local-only logout, reload the page in place. */
  reload?: boolean;
  /** Remove the login-hint query parameter from the address before reloading. */
  removeLoginHint?: boolean;
}

/** What the start-up check found (src/auth decides; the machine routes on it). */
export type SessionCheckResult =
  | {
      kind: 'signedIn';
      user: SessionUser;
      /** The app state's return target when this load completed a redirect login. */
      returnTo: string | null;
      /** A redirect-callback error that was recovered from (e.g. 'missing_transaction'). */
      callbackErrorCode: string | null;
    }
  | { kind: 'signedOut'; callbackErrorCode: string | null }
  /** Provider keys left in local storage while the provider's flag says not logged in. */
  | { kind: 'staleProviderKeys'; logout: LogoutRequest }
  /** The loginHint query parameter names somebody else than the signed-in user. */
  | { kind: 'loginHintMismatch'; logout: LogoutRequest };

export type SessionEvent =
  | { type: 'session.login'; request: LoginRequest }
  | { type: 'session.logout'; request?: LogoutRequest }
  | { type: 'session.refresh' }
  | { type: 'session.loginRequired' }
  | { type: 'session.dismissError' }
  /** Starts the last login request again (after the identity provider could not be reached). */
  | { type: 'session.retryLogin' }
  /** What the identity provider's React provider sees once settled (its user, or null). */
  | { type: 'session.providerChanged'; user: SessionUser | null };

export interface SessionContext {
  user: SessionUser | null;
  /** Return target from the app state of a completed redirect login. */
  returnTo: string | null;
  /** Auth error code (spec §8: 'login_required', 'missing_transaction', 'timeout', …). */
  errorCode: string | null;
  /** The login request being started (kept for a retry when the provider was unreachable). */
  loginRequest: LoginRequest | null;
}

/**
 * The one login: a flow's `login` params as the session's request (every `session.login` is
 * built here). `forcePrompt` makes the identity provider ask again, with the signed-in user's
 * address filled in.
 */
export function loginRequestOf(params: LoginParams, user: SessionUser | null): LoginRequest {
  const request: LoginRequest = { returnTo: params.returnTo };
  if (params.screenHint !== undefined) request.screenHint = params.screenHint;
  if (params.connection !== undefined) request.connection = params.connection;
  if (params.forcePrompt) {
    request.prompt = 'login';
    if (user?.email) request.loginHint = user.email;
  }
  return request;
}

/** The SDK's error code ('login_required', 'state_mismatch', …) or a generic fallback. */
export function authErrorCode(error: unknown, fallback = 'unknown'): string {
  if (error && typeof error === 'object' && 'error' in error) {
    const code = (error as { error: unknown }).error;
    if (typeof code === 'string' && code) return code;
  }
  return fallback;
}

/** The output of the `checkSession` done event (xstate.done.actor.*), if that is the event. */
function checkResultOf(event: unknown): SessionCheckResult | undefined {
  if (event && typeof event === 'object' && 'output' in event) {
    const output = (event as { output: unknown }).output;
    if (output && typeof output === 'object' && 'kind' in output) return output as SessionCheckResult;
  }
  return undefined;
}

function errorOf(event: unknown): unknown {
  return event && typeof event === 'object' && 'error' in event
    ? (event as { error: unknown }).error
    : undefined;
}

function logoutRequestOf(result: SessionCheckResult | undefined): LogoutRequest | undefined {
  return result && 'logout' in result ? result.logout : undefined;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    checkSession: fromPromise<SessionCheckResult>(async () => ({
      kind: 'signedOut',
      callbackErrorCode: null,
    })),
    /** Resolves when the identity provider answers; rejects when it cannot be reached. */
    checkProvider: fromPromise<void>(async () => undefined),
    loginWithRedirect: fromPromise<void, LoginRequest>(async () => undefined),
    refreshSession: fromPromise<SessionUser>(async () => {
      throw new Error('refreshSession not provided');
    }),
    logout: fromPromise<void, LogoutRequest>(async () => undefined),
  },
  guards: {
    hasStaleProviderKeys: ({ event }) => checkResultOf(event)?.kind === 'staleProviderKeys',
    hasLoginHintMismatch: ({ event }) => checkResultOf(event)?.kind === 'loginHintMismatch',
    isSignedIn: ({ event }) => checkResultOf(event)?.kind === 'signedIn',
    hasUser: ({ context }) => context.user !== null,
    isLoginRequired: ({ event }) => authErrorCode(errorOf(event)) === 'login_required',
    hasFreshClaimsOfSameUser: ({ context, event }) =>
      event.type === 'session.providerChanged' &&
      event.user !== null &&
      event.user.sub === context.user?.sub &&
      JSON.stringify(event.user) !== JSON.stringify(context.user),
  },
  actions: {
    assignCheckResult: assign(({ event }) => {
      const result = checkResultOf(event);
      if (!result) return {};
      if (result.kind === 'signedIn') {
        return { user: result.user, returnTo: result.returnTo, errorCode: result.callbackErrorCode };
      }
      if (result.kind === 'signedOut')
        return { user: null, returnTo: null, errorCode: result.callbackErrorCode };
      return { user: null, returnTo: null, errorCode: null };
    }),
    assignUser: assign({
      user: ({ event }) => (event as unknown as { output: SessionUser }).output,
      errorCode: null,
    }),
    clearUser: assign({ user: null, returnTo: null }),
    assignError: assign({
      errorCode: (_, params: { fallback: string; error: unknown }) =>
        authErrorCode(params.error, params.fallback),
    }),
    clearError: assign({ errorCode: null }),
    assignLoginRequest: assign({
      loginRequest: ({ event }) => (event.type === 'session.login' ? event.request : null),
    }),
    assignProviderUnreachable: assign({ errorCode: 'provider_unreachable' }),
    assignProviderUser: assign({
      user: ({ context, event }) => (event.type === 'session.providerChanged' ? event.user : context.user),
    }),
  },
}).createMachine({
  id: 'session',
  context: { user: null, returnTo: null, errorCode: null, loginRequest: null },
  initial: 'checking',
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: [
          { guard: 'hasStaleProviderKeys', target: 'clearingStaleSession' },
          { guard: 'hasLoginHintMismatch', target: 'clearingLoginHint' },
          { guard: 'isSignedIn', target: 'signedIn', actions: 'assignCheckResult' },
          { target: 'signedOut', actions: 'assignCheckResult' },
        ],
        onError: {
          target: 'signedOut',
          actions: [
            'clearUser',
            {
              type: 'assignError',
              params: ({ event }) => ({ error: event.error, fallback: 'check_failed' }),
            },
          ],
        },
      },
    },
    clearingStaleSession: {
      tags: ['busy', 'endsSession'],
      invoke: {
        id: 'clearStaleSession',
        src: 'logout',
        input: ({ event }) => logoutRequestOf(checkResultOf(event)) ?? {},
        onDone: { target: 'signedOut', actions: 'clearUser' },
        onError: {
          target: 'signedOut',
          actions: [
            'clearUser',
            {
              type: 'assignError',
              params: ({ event }) => ({ error: event.error, fallback: 'logout_failed' }),
            },
          ],
        },
      },
    },
    clearingLoginHint: {
      tags: ['busy', 'endsSession'],
      invoke: {
        id: 'clearLoginHint',
        src: 'logout',
        input: ({ event }) =>
          logoutRequestOf(checkResultOf(event)) ?? { localOnly: true, reload: true, removeLoginHint: true },
        onDone: { target: 'signedOut', actions: 'clearUser' },
        onError: {
          target: 'signedOut',
          actions: [
            'clearUser',
            {
              type: 'assignError',
              params: ({ event }) => ({ error: event.error, fallback: 'logout_failed' }),
            },
          ],
        },
      },
    },
    signedOut: {
      on: {
        'session.login': { target: 'checkingProvider', actions: 'assignLoginRequest' },
        'session.dismissError': { actions: 'clearError' },
      },
    },
    checkingProvider: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'checkProvider',
        src: 'checkProvider',
        onDone: 'redirectingToLogin',
        // Leaving now would end on the browser's own error page: stay, and say so.
        onError: { target: 'providerUnreachable', actions: 'assignProviderUnreachable' },
      },
    },
    providerUnreachable: {
      tags: ['providerUnreachable'],
      on: {
        'session.retryLogin': 'checkingProvider',
        'session.login': { target: 'checkingProvider', actions: 'assignLoginRequest' },
        // Back to the page the login started from; the error code stays for the screens that show it.
        'session.dismissError': [{ guard: 'hasUser', target: 'signedIn' }, { target: 'signedOut' }],
      },
    },
    redirectingToLogin: {
      tags: ['busy'],
      invoke: {
        id: 'loginWithRedirect',
        src: 'loginWithRedirect',
        input: ({ context }) => context.loginRequest ?? {},
        // On success the browser is leaving for the identity provider: stay here until it does.
        onError: [
          {
            // A re-login from signedIn that could not start leaves the existing session as it was.
            guard: 'hasUser',
            target: 'signedIn',
            actions: {
              type: 'assignError',
              params: ({ event }) => ({ error: event.error, fallback: 'login_failed' }),
            },
          },
          {
            target: 'signedOut',
            actions: {
              type: 'assignError',
              params: ({ event }) => ({ error: event.error, fallback: 'login_failed' }),
            },
          },
        ],
      },
    },
    signedIn: {
      initial: 'idle',
      on: {
        'session.logout': 'loggingOut',
        'session.loginRequired': 'endingSession',
        // Signing in again (e.g. with the method the email is registered with) replaces the session.
        'session.login': { target: '#session.checkingProvider', actions: 'assignLoginRequest' },
        'session.providerChanged': { guard: 'hasFreshClaimsOfSameUser', actions: 'assignProviderUser' },
      },
      states: {
        idle: {
          on: {
            'session.refresh': 'refreshing',
            'session.dismissError': { actions: 'clearError' },
          },
        },
        refreshing: {
          tags: ['refreshing'],
          invoke: {
            id: 'refreshSession',
            src: 'refreshSession',
            onDone: { target: 'idle', actions: 'assignUser' },
            onError: [
              { guard: 'isLoginRequired', target: '#session.endingSession' },
              {
                target: 'idle',
                actions: {
                  type: 'assignError',
                  params: ({ event }) => ({ error: event.error, fallback: 'refresh_failed' }),
                },
              },
            ],
          },
        },
      },
    },
    endingSession: {
      tags: ['busy', 'endsSession'],
      entry: assign({ errorCode: 'login_required' }),
      invoke: {
        id: 'endSession',
        src: 'logout',
        input: () => ({}),
        onDone: { target: 'signedOut', actions: 'clearUser' },
        onError: { target: 'signedOut', actions: 'clearUser' },
      },
    },
    loggingOut: {
      tags: ['busy', 'endsSession'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ event }) => (event.type === 'session.logout' ? (event.request ?? {}) : {}),
        onDone: { target: 'signedOut', actions: 'clearUser' },
        onError: {
          target: 'signedOut',
          actions: [
            'clearUser',
            {
              type: 'assignError',
              params: ({ event }) => ({ error: event.error, fallback: 'logout_failed' }),
            },
          ],
        },
      },
    },
  },
});

type SessionSnapshot = {
  value: unknown;
  context: SessionContext;
  hasTag(tag: string): boolean;
};

export type SessionStatus = 'checking' | 'signedOut' | 'signedIn';

function topState(snapshot: SessionSnapshot): string {
  const { value } = snapshot;
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') return Object.keys(value)[0] ?? '';
  return '';
}

/**
 * 'signedIn' while somebody is signed in (also while refreshing), 'signedOut' once settled
 * without a user, 'checking' while the session is being established or torn down.
 */
export function selectSessionStatus(snapshot: SessionSnapshot): SessionStatus {
  const top = topState(snapshot);
  if (top === 'signedIn') return 'signedIn';
  if (top === 'signedOut') return 'signedOut';
  if (top === 'providerUnreachable') return snapshot.context.user ? 'signedIn' : 'signedOut';
  return snapshot.context.user ? 'signedIn' : 'checking';
}

/** True once the start-up check is over (the provider of the SDK may mount: src/app/live/auth-provider.tsx). */
export function selectHasCheckedSession(snapshot: SessionSnapshot): boolean {
  return topState(snapshot) !== 'checking';
}

/**
 * True once the session has settled (signed in or out, or a login that stopped because the
 * identity provider could not be reached) and is not leaving the page.
 */
export function selectIsSettled(snapshot: SessionSnapshot): boolean {
  const top = topState(snapshot);
  return top === 'signedIn' || top === 'signedOut' || top === 'providerUnreachable';
}

/**
 * True while a redirect login is starting (the identity provider is being reached) or the browser
 * is leaving for it (`checkingProvider`, `redirectingToLogin`): screens show 'Signing you in...'
 * instead of a blank or stale page.
 */
export function selectIsRedirectingToLogin(snapshot: SessionSnapshot): boolean {
  const top = topState(snapshot);
  return top === 'checkingProvider' || top === 'redirectingToLogin';
}

/**
 * True when a login stopped because the identity provider could not be reached: the shell shows
 * the product's screen for it (Try again, Go back, contact us) instead of the page.
 */
export function selectIsProviderUnreachable(snapshot: SessionSnapshot): boolean {
  return snapshot.hasTag('providerUnreachable');
}

export type SignInProgress = 'waiting' | 'redirecting' | 'failed';

/**
 * What a signed-in-only route shows while its guard is pending (docs/decisions/022-guard-sign-in-pending.md):
 * 'redirecting' while the browser leaves for the identity provider, 'failed' when the session
 * is back in signedOut with an error code (the redirect login could not start), else 'waiting'
 * (the session is still being established).
 */
export function selectSignInProgress(snapshot: SessionSnapshot): SignInProgress {
  const top = topState(snapshot);
  if (top === 'checkingProvider' || top === 'redirectingToLogin') return 'redirecting';
  if (top === 'providerUnreachable') return 'failed';
  if (top === 'signedOut' && snapshot.context.errorCode) return 'failed';
  return 'waiting';
}

/**
 * What happens to the per-user data in the browser (decision 080) in this state of the session:
 * 'claim' while somebody is signed in (the data becomes theirs), 'clear' while the session ends
 * (logout, login_required, a stale or foreign provider session cleared: the states tagged
 * `endsSession`), 'clearIfOwned' once settled signed out (data with an owner outlived its
 * session), else 'keep' (the session is still being established).
 */
export type UserDataRule = 'claim' | 'clear' | 'clearIfOwned' | 'keep';

export function selectUserDataRule(snapshot: SessionSnapshot): UserDataRule {
  if (snapshot.hasTag('endsSession')) return 'clear';
  const top = topState(snapshot);
  if (top === 'signedIn') return snapshot.context.user?.sub ? 'claim' : 'keep';
  if (top === 'signedOut') return 'clearIfOwned';
  return 'keep';
}

/**
 * Whether the live user state (the user store and the hub connection, docs/realtime.md) runs:
 * 'connect' once somebody is signed in, 'disconnect' once settled signed out, null while the
 * session is on its way (nothing changes then).
 */
export function selectLiveState(snapshot: SessionSnapshot): 'connect' | 'disconnect' | null {
  const status = selectSessionStatus(snapshot);
  if (status === 'signedIn') return 'connect';
  if (status === 'signedOut') return 'disconnect';
  return null;
}

export function selectIsRefreshing(snapshot: SessionSnapshot): boolean {
  return snapshot.hasTag('refreshing');
}

export function selectUser(snapshot: SessionSnapshot): SessionUser | null {
  return snapshot.context.user;
}

export function selectSessionError(snapshot: SessionSnapshot): string | null {
  return snapshot.context.errorCode;
}

export function selectReturnTo(snapshot: SessionSnapshot): string | null {
  return snapshot.context.returnTo;
}

/** Display name falls back from name to nickname to the email's local part with dots as spaces (spec §3). */
export function displayNameOf(user: SessionUser | null): string {
  if (!user) return '';
  if (user.name?.trim()) return user.name.trim();
  if (user.nickname?.trim()) return user.nickname.trim();
  const local = (user.email ?? '').split('@')[0] ?? '';
  return local.replace(/\./g, ' ').trim();
}

/** At most 3 initials (spec §9). */
export function initialsOf(name: string, max = 3): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('')
    .slice(0, max);
}
