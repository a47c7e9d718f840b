import { type ActorRefFrom, and, assign, fromCallback, fromPromise, setup } from 'xstate';
import { emailVerificationDelays } from './constants';
import type { SessionUser } from './domain';
import { failureOf } from './practice-flow';
import { authErrorCode } from './session.machine';

/**
 * Email verification (spec §2 /auth/unverified-email and /auth/verified-email, §4): the email
 * becomes verified when the user confirms via the emailed link; the token is then refreshed and
 * the user proceeds. One machine, two screens, chosen by `input.screen`:
 *
 * unverified: awaiting (parallel)
 *   resend: ready → email.resend → sending → sent (cooldown, counted down) → ready | failed
 *   check:  idle → email.confirm (or email.verifiedRemotely from the real-time user store) →
 *           checking (token refreshed with cacheMode 'off') → movingOn (navigate to returnTo)
 *           | stillUnverified | failed
 *   while awaiting, `watchEmailVerified` (provided at the edge: the user store kept live by the
 *   real-time connection) sends email.verifiedRemotely when the address becomes verified
 * verified: email parameter differs from the signed-in user's → signingOut (local logout, reload)
 *           no address at all (signed out, no email parameter) → verified, without a call
 *           otherwise verifying (POST verify-email) → verified (link to the stored page) | failed
 *           email.continue (the link, once verified or failed) → navigate to the stored page
 */

export type EmailVerificationInput =
  | { screen: 'unverified'; returnTo?: string | null }
  | {
      screen: 'verified';
      /** The `email` query parameter of the link, if any. */
      email?: string | null;
      /** The signed-in user, or null when nobody is signed in. */
      user: SessionUser | null;
      /** The stored page (default /switch-practice). */
      storedPage?: string | null;
    };

export interface EmailVerificationContext {
  screen: 'unverified' | 'verified';
  returnTo: string;
  emailParam: string | null;
  userEmail: string | null;
  signedIn: boolean;
  storedPage: string;
  /** Seconds left before 'Resend verification Email' is offered again. */
  cooldownSeconds: number;
  /** Error code of the last failed call (resend, refresh or verify). */
  errorCode: string | null;
}

export type EmailVerificationEvent =
  | { type: 'email.resend' }
  | { type: 'email.confirm' }
  | { type: 'email.verifiedRemotely' }
  | { type: 'email.retry' }
  /** The verified screen's link on: to the stored page. */
  | { type: 'email.continue' };

function sameEmail(a: string | null, b: string | null): boolean {
  return (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
}

export const emailVerificationMachine = setup({
  types: {
    context: {} as EmailVerificationContext,
    events: {} as EmailVerificationEvent,
    input: {} as EmailVerificationInput,
  },
  actors: {
    resendVerificationEmail: fromPromise<void>(async () => {
      throw new Error('resendVerificationEmail not provided');
    }),
    /** Refreshes the token (cacheMode 'off') and answers the fresh user. */
    refreshSession: fromPromise<SessionUser>(async () => {
      throw new Error('refreshSession not provided');
    }),
    verifyEmail: fromPromise<void, { email: string; authenticated: boolean }>(async () => {
      throw new Error('verifyEmail not provided');
    }),
    /** Sends `email.verifiedRemotely` when the address is (or becomes) verified elsewhere. */
    watchEmailVerified: fromCallback<EmailVerificationEvent>(() => undefined),
  },
  actions: {
    navigate: (_, _params: { to: string; replace?: boolean }) => undefined,
    logoutLocallyAndReload: () => undefined,
    startCooldown: assign({
      cooldownSeconds: emailVerificationDelays.resendCooldownSeconds,
      errorCode: null,
    }),
    tickCooldown: assign({ cooldownSeconds: ({ context }) => Math.max(0, context.cooldownSeconds - 1) }),
    /** A failed API call (a `CallFailure`, src/app/live/api.ts): its status. */
    assignCallError: assign({
      errorCode: (_, params: { error: unknown }) => `http_${failureOf(params.error).status}`,
    }),
    /** A failed refresh: the session's error code. */
    assignAuthError: assign({
      errorCode: (_, params: { error: unknown }) => authErrorCode(params.error, 'failed'),
    }),
    clearError: assign({ errorCode: null }),
  },
  guards: {
    isVerifiedScreen: ({ context }) => context.screen === 'verified',
    hasNoAddress: ({ context }) => context.emailParam === null && !context.userEmail?.trim(),
    isOtherUsersLink: ({ context }) =>
      context.signedIn && context.emailParam !== null && !sameEmail(context.emailParam, context.userEmail),
    isEmailVerified: ({ event }) =>
      'output' in event && (event as unknown as { output: SessionUser }).output.email_verified === true,
    isCooldownOver: ({ context }) => context.cooldownSeconds <= 1,
  },
  delays: {
    cooldownTick: emailVerificationDelays.cooldownTick,
  },
}).createMachine({
  id: 'emailVerification',
  context: ({ input }) =>
    input.screen === 'unverified'
      ? {
          screen: 'unverified',
          returnTo: input.returnTo || '/',
          emailParam: null,
          userEmail: null,
          signedIn: true,
          storedPage: '/switch-practice',
          cooldownSeconds: 0,
          errorCode: null,
        }
      : {
          screen: 'verified',
          returnTo: '/',
          emailParam: input.email?.trim() || null,
          userEmail: input.user?.email ?? null,
          signedIn: input.user !== null,
          storedPage: input.storedPage || '/switch-practice',
          cooldownSeconds: 0,
          errorCode: null,
        },
  initial: 'routing',
  states: {
    routing: {
      always: [
        { guard: 'isOtherUsersLink', target: 'signingOut' },
        // Nobody signed in and no address in the link: there is nothing to tell the API (the
        // provider's link has already verified the address); the page still thanks the user.
        { guard: and(['isVerifiedScreen', 'hasNoAddress']), target: 'verified' },
        { guard: 'isVerifiedScreen', target: 'verifying' },
        { target: 'awaiting' },
      ],
    },
    awaiting: {
      type: 'parallel',
      // The verification may also arrive through the real-time connection; without it (its code
      // could not load), the buttons stay the way on.
      invoke: { id: 'watchEmailVerified', src: 'watchEmailVerified', onError: {} },
      states: {
        resend: {
          initial: 'ready',
          states: {
            ready: { on: { 'email.resend': 'sending' } },
            sending: {
              tags: ['resending'],
              invoke: {
                id: 'resendVerificationEmail',
                src: 'resendVerificationEmail',
                onDone: 'sent',
                onError: {
                  target: 'failed',
                  actions: { type: 'assignCallError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            sent: {
              tags: ['resent', 'coolingDown'],
              entry: 'startCooldown',
              initial: 'counting',
              states: {
                counting: {
                  after: {
                    cooldownTick: [
                      {
                        guard: 'isCooldownOver',
                        target: '#emailVerification.awaiting.resend.ready',
                        actions: 'tickCooldown',
                      },
                      { target: 'counting', reenter: true, actions: 'tickCooldown' },
                    ],
                  },
                },
              },
            },
            failed: {
              tags: ['resendFailed'],
              on: { 'email.resend': 'sending' },
            },
          },
        },
        check: {
          initial: 'idle',
          on: { 'email.verifiedRemotely': '.checking' },
          states: {
            idle: { on: { 'email.confirm': 'checking' } },
            checking: {
              tags: ['checking'],
              invoke: {
                id: 'refreshSession',
                src: 'refreshSession',
                onDone: [
                  { guard: 'isEmailVerified', target: '#emailVerification.movingOn' },
                  { target: 'stillUnverified' },
                ],
                onError: {
                  target: 'failed',
                  actions: { type: 'assignAuthError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            stillUnverified: { tags: ['stillUnverified'], on: { 'email.confirm': 'checking' } },
            failed: { tags: ['checkFailed'], on: { 'email.confirm': 'checking' } },
          },
        },
      },
    },
    movingOn: {
      tags: ['busy'],
      entry: { type: 'navigate', params: ({ context }) => ({ to: context.returnTo, replace: true }) },
    },
    signingOut: {
      tags: ['busy'],
      entry: 'logoutLocallyAndReload',
    },
    verifying: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context }) => ({
          email: context.emailParam ?? context.userEmail ?? '',
          authenticated: context.signedIn,
        }),
        onDone: 'verified',
        onError: {
          target: 'failed',
          actions: { type: 'assignCallError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    verified: {
      on: {
        'email.continue': {
          actions: { type: 'navigate', params: ({ context }) => ({ to: context.storedPage }) },
        },
      },
    },
    failed: {
      on: {
        'email.retry': 'verifying',
        'email.continue': {
          actions: { type: 'navigate', params: ({ context }) => ({ to: context.storedPage }) },
        },
      },
    },
  },
});

type Snapshot = { context: EmailVerificationContext; hasTag(tag: string): boolean };

export const selectCooldownSeconds = (snapshot: Snapshot) => snapshot.context.cooldownSeconds;
export const selectErrorCode = (snapshot: Snapshot) => snapshot.context.errorCode;
export const selectStoredPage = (snapshot: Snapshot) => snapshot.context.storedPage;

export type EmailVerificationActor = ActorRefFrom<typeof emailVerificationMachine>;
