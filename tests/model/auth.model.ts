import {
  type AlternateProvider,
  authRedirectMachine,
  type SettledSession,
} from '#machines/auth-redirect.machine';
import type { SessionUser } from '#machines/domain';
import { type EmailVerificationInput, emailVerificationMachine } from '#machines/email-verification.machine';
import { type SessionCheckResult, type SessionEvent, sessionMachine } from '#machines/session.machine';
import { definePathSpec, doneEvent, errorEvent, errorOf, outputOf, unchanged } from '../support/paths';

/**
 * Path models of the auth machines: session, email verification, /auth/redirect.
 * Payload variants cover every guard branch; everything else is derived from the real machines.
 */

const ada: SessionUser = { sub: 'auth0|ada', email: 'ada@example.test', name: 'Ada', email_verified: false };
const sdkError = (code: string) => Object.assign(new Error(code), { error: code });

const checkResults: SessionCheckResult[] = [
  { kind: 'signedIn', user: ada, returnTo: '/x', callbackErrorCode: null },
  { kind: 'signedOut', callbackErrorCode: 'missing_transaction' },
  { kind: 'staleProviderKeys', logout: { returnTo: '/cb' } },
  { kind: 'loginHintMismatch', logout: { localOnly: true, reload: true, removeLoginHint: true } },
];

const login: SessionEvent = {
  type: 'session.login',
  request: { connection: 'google-oauth2', returnTo: '/a' },
};
const providerReports: SessionEvent[] = [
  { type: 'session.providerChanged', user: { ...ada, email_verified: true } },
  { type: 'session.providerChanged', user: ada },
  { type: 'session.providerChanged', user: { ...ada, sub: 'auth0|bob' } },
  { type: 'session.providerChanged', user: null },
];
const logout: SessionEvent = { type: 'session.logout', request: { returnTo: '/bye' } };

export const sessionPathSpec = definePathSpec({
  name: 'session',
  machine: sessionMachine,
  events: {
    'session.login': [login],
    'session.logout': [logout],
    // What the SDK's React provider reports: the same user with fresh claims, the same user
    // unchanged, somebody else, nobody.
    'session.providerChanged': providerReports,
    'xstate.done.actor.checkSession': checkResults.map((result) => doneEvent('checkSession', result)),
    'xstate.error.actor.checkSession': [errorEvent('checkSession', sdkError('timeout'))],
    'xstate.done.actor.refreshSession': [doneEvent('refreshSession', { ...ada, email_verified: true })],
    'xstate.error.actor.refreshSession': [
      errorEvent('refreshSession', sdkError('login_required')),
      errorEvent('refreshSession', sdkError('timeout')),
    ],
    'xstate.error.actor.loginWithRedirect': [errorEvent('loginWithRedirect', new Error('blocked'))],
    'xstate.error.actor.checkProvider': [errorEvent('checkProvider', sdkError('provider_unreachable'))],
  },
  // Spec §4 "Session": the check settles signed in or out (stale keys and a login-hint mismatch
  // are cleared first); a refresh answered login_required ends the session; a failed redirect
  // to the login page goes back to where the user was.
  expected: {
    initial: 'checking',
    on: {
      'xstate.done.actor.checkSession': ({ event }) => {
        const result = outputOf<SessionCheckResult>(event);
        if (result.kind === 'staleProviderKeys') return 'clearingStaleSession';
        if (result.kind === 'loginHintMismatch') return 'clearingLoginHint';
        return result.kind === 'signedIn' ? 'signedIn.idle' : 'signedOut';
      },
      'xstate.error.actor.checkSession': 'signedOut',
      'xstate.done.actor.clearStaleSession': 'signedOut',
      'xstate.error.actor.clearStaleSession': 'signedOut',
      'xstate.done.actor.clearLoginHint': 'signedOut',
      'xstate.error.actor.clearLoginHint': 'signedOut',
      // The provider is asked first (decision 022): reachable → leave for it; unreachable → say so.
      'session.login': {
        signedOut: 'checkingProvider',
        signedIn: 'checkingProvider',
        providerUnreachable: 'checkingProvider',
      },
      'xstate.done.actor.checkProvider': 'redirectingToLogin',
      'xstate.error.actor.checkProvider': 'providerUnreachable',
      'session.retryLogin': 'checkingProvider',
      'session.dismissError': {
        signedOut: unchanged,
        'signedIn.idle': unchanged,
        providerUnreachable: ({ before }) => (before.context.user ? 'signedIn.idle' : 'signedOut'),
      },
      'xstate.error.actor.loginWithRedirect': ({ before }) =>
        before.context.user ? 'signedIn.idle' : 'signedOut',
      'session.logout': 'loggingOut',
      'session.loginRequired': 'endingSession',
      // Only reported: the state stays (the same user's fresh claims are kept, see below).
      'session.providerChanged': unchanged,
      'session.refresh': 'signedIn.refreshing',
      'xstate.done.actor.refreshSession': 'signedIn.idle',
      'xstate.error.actor.refreshSession': ({ event }) =>
        errorOf<{ error?: string }>(event).error === 'login_required' ? 'endingSession' : 'signedIn.idle',
      'xstate.done.actor.endSession': 'signedOut',
      'xstate.error.actor.endSession': 'signedOut',
      'xstate.done.actor.logout': 'signedOut',
      'xstate.error.actor.logout': 'signedOut',
    },
  },
  states: {
    signedIn: (s) => {
      if (!s.context.user) throw new Error('signedIn without a user');
      // The session's user is never replaced by the provider's report of somebody else.
      if (s.context.user.sub !== ada.sub) throw new Error('signedIn as somebody the check did not find');
    },
    signedOut: (s) => {
      if (s.context.user) throw new Error('signedOut with a user');
    },
    providerUnreachable: (s) => {
      if (s.context.errorCode !== 'provider_unreachable')
        throw new Error('providerUnreachable without its code');
    },
  },
});

export const emailVerificationPathSpec = definePathSpec({
  name: 'emailVerification',
  machine: emailVerificationMachine,
  inputs: [
    { screen: 'unverified', returnTo: '/next' },
    { screen: 'verified', email: 'ada@example.test', user: ada, storedPage: '/switch-practice' },
    { screen: 'verified', email: 'someone.else@example.test', user: ada, storedPage: null },
    { screen: 'verified', email: 'ada@example.test', user: null },
    { screen: 'verified', email: null, user: null },
  ],
  events: {
    'xstate.done.actor.refreshSession': [
      doneEvent('refreshSession', { ...ada, email_verified: true }),
      doneEvent('refreshSession', ada),
    ],
  },
  // Every second of the countdown is a distinct state (the last tick takes another branch).
  serializeContext: (s) => ({
    screen: s.context.screen,
    signedIn: s.context.signedIn,
    emailParam: s.context.emailParam,
    cooldownSeconds: s.context.cooldownSeconds,
    errorCode: s.context.errorCode,
  }),
  // Spec §2 /auth/unverified-email and /auth/verified-email: another user's link signs out; the
  // verified screen verifies; the unverified one resends (with a countdown) and checks.
  expected: {
    initial: (input: EmailVerificationInput) => {
      if (input.screen === 'unverified') return ['awaiting.resend.ready', 'awaiting.check.idle'];
      const linkEmail = (input.email ?? '').toLowerCase();
      if (input.user && input.email && linkEmail !== (input.user.email ?? '').toLowerCase())
        return 'signingOut';
      // No address to tell the API about (signed out, no email parameter): thanked, no call.
      return input.user || input.email ? 'verifying' : 'verified';
    },
    on: {
      'email.resend': {
        'awaiting.resend.ready': 'awaiting.resend.sending',
        'awaiting.resend.failed': 'awaiting.resend.sending',
      },
      'xstate.done.actor.resendVerificationEmail': 'awaiting.resend.sent.counting',
      'xstate.error.actor.resendVerificationEmail': 'awaiting.resend.failed',
      'xstate.after.cooldownTick': ({ before }) =>
        before.context.cooldownSeconds <= 1 ? 'awaiting.resend.ready' : 'awaiting.resend.sent.counting',
      'email.verifiedRemotely': 'awaiting.check.checking',
      // Without the live state (its code could not load) the screen stays as it is: the buttons.
      'xstate.error.actor.watchEmailVerified': unchanged,
      'email.confirm': {
        'awaiting.check.idle': 'awaiting.check.checking',
        'awaiting.check.stillUnverified': 'awaiting.check.checking',
        'awaiting.check.failed': 'awaiting.check.checking',
      },
      'xstate.done.actor.refreshSession': ({ event }) =>
        outputOf<SessionUser>(event).email_verified ? 'movingOn' : 'awaiting.check.stillUnverified',
      'xstate.error.actor.refreshSession': 'awaiting.check.failed',
      'xstate.done.actor.verifyEmail': 'verified',
      'xstate.error.actor.verifyEmail': 'failed',
      'email.retry': 'verifying',
      // The verified screen's link on: the machine navigates (to the stored page), the state stays.
      'email.continue': { verified: unchanged, failed: unchanged },
    },
  },
  states: {
    movingOn: (s) => {
      if (!s.hasTag('busy')) throw new Error('movingOn must be busy');
    },
  },
});

export const authRedirectPathSpec = definePathSpec({
  name: 'authRedirect',
  machine: authRedirectMachine,
  events: {
    'xstate.done.actor.awaitSession': [
      doneEvent('awaitSession', { status: 'signedIn', returnTo: '/back', errorCode: null }),
      doneEvent('awaitSession', { status: 'signedIn', returnTo: null, errorCode: 'missing_transaction' }),
      doneEvent('awaitSession', { status: 'signedOut', returnTo: null, errorCode: 'state_mismatch' }),
      doneEvent('awaitSession', { status: 'signedOut', returnTo: null, errorCode: null }),
    ],
    'xstate.done.actor.checkProfileExists': [
      doneEvent('checkProfileExists', true),
      doneEvent('checkProfileExists', false),
    ],
    'xstate.done.actor.findAlternateProvider': [
      doneEvent('findAlternateProvider', { method: 'google', connection: 'google-oauth2' }),
      doneEvent('findAlternateProvider', null),
    ],
  },
  // Spec §2 /auth/redirect: a signed-in user is checked for another sign-in method — unless the
  // account is an established one, with a profile (decision 128: no warning) — then the app waits
  // 1 s and leaves; a failed sign-in (or check) ends on an actionable screen.
  expected: {
    initial: 'waitingForSession',
    on: {
      'xstate.done.actor.awaitSession': ({ event }) => {
        const session = outputOf<SettledSession>(event);
        if (session.status === 'signedIn') return 'checkingProfile';
        return session.errorCode !== null ? 'failed' : 'waiting';
      },
      'xstate.error.actor.awaitSession': 'failed',
      'xstate.done.actor.checkProfileExists': ({ event }) =>
        outputOf<boolean>(event) ? 'waiting' : 'checkingProvider',
      'xstate.error.actor.checkProfileExists': 'waiting',
      'xstate.done.actor.findAlternateProvider': ({ event }) =>
        outputOf<AlternateProvider | null>(event) !== null ? 'wrongProvider' : 'waiting',
      'xstate.error.actor.findAlternateProvider': 'waiting',
      'xstate.after.authRedirectWait': 'leaving',
      'redirect.useAlternate': 'restartingLogin',
      'redirect.continue': 'leaving',
      'redirect.retry': 'restartingLogin',
      'redirect.home': 'leaving',
    },
  },
});
