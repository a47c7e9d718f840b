import {
  type AlternateProvider,
  authRedirectMachine,
  type SettledSession,
} from '#machines/auth-redirect.machine';
import { definePathSpec, doneEvent, outputOf } from '../support/paths';

/**
 * Path model of the /auth/redirect machine (machines/auth-redirect.machine.ts).
 * Payload variants cover every guard branch; everything else is derived from the real machine.
 */

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
