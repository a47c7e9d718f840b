import { authRedirectMachine } from '../../machines/auth-redirect.machine';
import type { SessionUser } from '../../machines/domain';
import { emailVerificationMachine } from '../../machines/email-verification.machine';
import { type SessionCheckResult, type SessionEvent, sessionMachine } from '../../machines/session.machine';
import { definePathSpec, doneEvent, errorEvent } from '../support/paths';

/**
 * Path models of the auth machines (issue 5): session, email verification, /auth/redirect.
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
const logout: SessionEvent = { type: 'session.logout', request: { returnTo: '/bye' } };

export const sessionPathSpec = definePathSpec({
  name: 'session',
  machine: sessionMachine,
  events: {
    'session.login': [login],
    'session.logout': [logout],
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
  states: {
    signedIn: (s) => {
      if (!s.context.user) throw new Error('signedIn without a user');
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
    'xstate.done.actor.findAlternateProvider': [
      doneEvent('findAlternateProvider', { method: 'google', connection: 'google-oauth2' }),
      doneEvent('findAlternateProvider', null),
    ],
  },
});
