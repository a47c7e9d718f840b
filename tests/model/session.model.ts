import type { SessionUser } from '#machines/domain';
import { type SessionCheckResult, type SessionEvent, sessionMachine } from '#machines/session.machine';
import { definePathSpec, doneEvent, errorEvent, errorOf, outputOf, unchanged } from '../support/paths';

/**
 * Path model of the session machine (machines/session.machine.ts).
 * Payload variants cover every guard branch; everything else is derived from the real machine.
 */

export const ada: SessionUser = {
  sub: 'auth0|ada',
  email: 'ada@example.test',
  name: 'Ada',
  email_verified: false,
};
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
