import { assign, fromPromise, setup } from 'xstate';
import type { LoginConnection, SessionUser } from './domain';

/**
 * The session: is somebody signed in, and who. Wraps the identity provider's SDK through
 * provided actors (src/auth provides them), so the rest of the app (guards, navbar, account menu,
 * API client, hub token) reads the session from here.
 */

export interface LoginRequest {
  connection?: LoginConnection;
  /** 'signup' opens the provider's sign-up screen. */
  screenHint?: 'signup' | 'login';
  /** Same-origin path (with query and hash) to come back to. */
  returnTo?: string;
  loginHint?: string;
}

export interface LogoutRequest {
  returnTo?: string;
  /** Clear the local session only (no provider round trip). */
  localOnly?: boolean;
}

export type SessionEvent =
  | { type: 'session.login'; request: LoginRequest }
  | { type: 'session.logout'; request?: LogoutRequest }
  | { type: 'session.refresh' };

export interface SessionContext {
  user: SessionUser | null;
  errorCode: string | null;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    checkSession: fromPromise<SessionUser | null>(async () => null),
    loginWithRedirect: fromPromise<void, LoginRequest>(async () => undefined),
    logout: fromPromise<void, LogoutRequest>(async () => undefined),
  },
}).createMachine({
  id: 'session',
  context: { user: null, errorCode: null },
  initial: 'checking',
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'checkSession',
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'signedIn',
            actions: assign({ user: ({ event }) => event.output, errorCode: null }),
          },
          { target: 'signedOut', actions: assign({ user: null }) },
        ],
        onError: { target: 'signedOut', actions: assign({ user: null, errorCode: 'check_failed' }) },
      },
    },
    signedOut: {
      on: { 'session.login': 'redirectingToLogin' },
    },
    redirectingToLogin: {
      tags: ['busy'],
      invoke: {
        src: 'loginWithRedirect',
        input: ({ event }) => (event.type === 'session.login' ? event.request : {}),
        onError: { target: 'signedOut', actions: assign({ errorCode: 'login_failed' }) },
      },
    },
    signedIn: {
      on: {
        'session.logout': 'loggingOut',
        'session.refresh': 'checking',
      },
    },
    loggingOut: {
      tags: ['busy'],
      invoke: {
        src: 'logout',
        input: ({ event }) => (event.type === 'session.logout' ? (event.request ?? {}) : {}),
        onDone: { target: 'signedOut', actions: assign({ user: null }) },
        onError: { target: 'signedOut', actions: assign({ user: null, errorCode: 'logout_failed' }) },
      },
    },
  },
});

type SessionSnapshot = { value: unknown; context: SessionContext; hasTag(tag: string): boolean };

export type SessionStatus = 'checking' | 'signedOut' | 'signedIn';

export function selectSessionStatus(snapshot: SessionSnapshot): SessionStatus {
  if (snapshot.value === 'signedIn') return 'signedIn';
  if (snapshot.value === 'signedOut') return 'signedOut';
  return snapshot.context.user ? 'signedIn' : 'checking';
}

export function selectUser(snapshot: SessionSnapshot): SessionUser | null {
  return snapshot.context.user;
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
