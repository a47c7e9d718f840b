import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { navigationDelays } from './constants';
import type { LoginConnection } from './domain';
import type { LoginParams } from './practice-flow';

/**
 * /auth/redirect (spec §2): the return point from the identity provider. The session machine has
 * already completed (or recovered from) the redirect callback when the page loaded; this screen
 * waits for the session to settle, checks that the user signed in with the method their email is
 * registered with (GET /api/profile/alternate-providers) — unless the account is an established one,
 * with a profile already (GET /api/profile/exists; decision 128: no warning then) — waits
 * `authRedirectWait` (1 s) and goes to the app state's return target, else '/'.
 *
 * A back button or a refresh on this page replays a used code ('Invalid state'): the session
 * recovers with a silent check, so a signed-in user simply moves on; a signed-out one lands on
 * `failed`, which offers to sign in again or go home — never a blank page or a loop.
 */

export interface SettledSession {
  status: 'signedIn' | 'signedOut';
  returnTo: string | null;
  errorCode: string | null;
}

/** The method the user's email is registered with, when it is not the one they just used. */
export interface AlternateProvider {
  /** 'email' | 'microsoft' | 'apple' | 'google' */
  method: 'email' | 'microsoft' | 'apple' | 'google';
  connection: LoginConnection;
}

export interface AuthRedirectContext {
  returnTo: string;
  errorCode: string | null;
  alternate: AlternateProvider | null;
}

export type AuthRedirectEvent =
  | { type: 'redirect.retry' }
  | { type: 'redirect.home' }
  | { type: 'redirect.useAlternate' }
  | { type: 'redirect.continue' };

export const authRedirectMachine = setup({
  types: {
    context: {} as AuthRedirectContext,
    events: {} as AuthRedirectEvent,
  },
  actors: {
    awaitSession: fromPromise<SettledSession>(async () => {
      throw new Error('awaitSession not provided');
    }),
    checkProfileExists: fromPromise<boolean>(async () => false),
    findAlternateProvider: fromPromise<AlternateProvider | null>(async () => null),
  },
  actions: {
    navigate: (_, _params: { to: string; replace?: boolean }) => undefined,
    /** Start a redirect login again (optionally with a connection, forcing the provider's prompt). */
    login: (_, _params: LoginParams) => undefined,
  },
  guards: {
    isSignedIn: ({ event }) =>
      'output' in event && (event as unknown as { output: SettledSession }).output.status === 'signedIn',
    hasError: ({ event }) =>
      'output' in event && (event as unknown as { output: SettledSession }).output.errorCode !== null,
    hasProfile: ({ event }) => 'output' in event && (event as unknown as { output: boolean }).output === true,
    hasAlternate: ({ event }) =>
      'output' in event && (event as unknown as { output: AlternateProvider | null }).output !== null,
  },
  delays: {
    authRedirectWait: navigationDelays.authRedirectWait,
  },
}).createMachine({
  id: 'authRedirect',
  context: { returnTo: '/', errorCode: null, alternate: null },
  initial: 'waitingForSession',
  states: {
    waitingForSession: {
      tags: ['busy'],
      invoke: {
        id: 'awaitSession',
        src: 'awaitSession',
        onDone: [
          {
            guard: 'isSignedIn',
            target: 'checkingProfile',
            actions: assign({ returnTo: ({ event }) => event.output.returnTo ?? '/' }),
          },
          {
            guard: 'hasError',
            target: 'failed',
            actions: assign({
              errorCode: ({ event }) => event.output.errorCode,
              returnTo: ({ event }) => event.output.returnTo ?? '/',
            }),
          },
          { target: 'waiting' },
        ],
        onError: { target: 'failed', actions: assign({ errorCode: 'session_unavailable' }) },
      },
    },
    checkingProfile: {
      tags: ['busy'],
      invoke: {
        id: 'checkProfileExists',
        src: 'checkProfileExists',
        onDone: [
          // An established account (it has a profile) gets no warning (decision 128).
          { guard: 'hasProfile', target: 'waiting' },
          { target: 'checkingProvider' },
        ],
        // Not being able to tell is no reason to stop the user: move on.
        onError: 'waiting',
      },
    },
    checkingProvider: {
      tags: ['busy'],
      invoke: {
        id: 'findAlternateProvider',
        src: 'findAlternateProvider',
        onDone: [
          {
            guard: 'hasAlternate',
            target: 'wrongProvider',
            actions: assign({ alternate: ({ event }) => event.output }),
          },
          { target: 'waiting' },
        ],
        // Not being able to tell is no reason to stop the user: move on.
        onError: 'waiting',
      },
    },
    waiting: {
      tags: ['busy'],
      after: { authRedirectWait: 'leaving' },
    },
    leaving: {
      tags: ['busy'],
      entry: { type: 'navigate', params: ({ context }) => ({ to: context.returnTo, replace: true }) },
    },
    wrongProvider: {
      on: {
        'redirect.useAlternate': {
          target: 'restartingLogin',
          actions: {
            type: 'login',
            params: ({ context }) => ({
              connection: context.alternate?.connection ?? null,
              screenHint: 'login' as const,
              returnTo: context.returnTo,
              forcePrompt: true,
            }),
          },
        },
        'redirect.continue': 'leaving',
      },
    },
    failed: {
      on: {
        'redirect.retry': {
          target: 'restartingLogin',
          actions: {
            type: 'login',
            params: ({ context }) => ({
              connection: undefined,
              screenHint: 'login' as const,
              returnTo: context.returnTo,
            }),
          },
        },
        'redirect.home': { target: 'leaving', actions: assign({ returnTo: '/' }) },
      },
    },
    restartingLogin: {
      tags: ['busy'],
    },
  },
});

type Snapshot = { context: AuthRedirectContext };
export const selectRedirectError = (snapshot: Snapshot) => snapshot.context.errorCode;
export const selectAlternate = (snapshot: Snapshot) => snapshot.context.alternate;

export type AuthRedirectActor = ActorRefFrom<typeof authRedirectMachine>;
