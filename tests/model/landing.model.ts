import { landingMachine } from '#machines/landing.machine';
import { definePathSpec, outputOf, unchanged } from '../support/paths';
import { done, error, ev, failure, fixtures, hasActivePractice, signedIn } from './practice-flow-paths';

/** Path spec of the landing machine (machines/landing.machine.ts):
 * the real machine with payload variants for each event, so the generated paths reach every state and transition. */
export const landingPathSpec = definePathSpec({
  name: 'landing',
  machine: landingMachine,
  inputs: [{ inviteLanding: false }, { inviteLanding: true }],
  events: {
    'xstate.done.actor.awaitSession': done('awaitSession', { user: null }, { user: fixtures.verifiedUser }),
    'xstate.done.actor.fetchActivePractice': done('fetchActivePractice', fixtures.active, fixtures.noActive),
    'xstate.error.actor.fetchActivePractice': error('fetchActivePractice', failure(500)),
    'xstate.done.actor.checkStoredInvite': done('checkStoredInvite', true, false),
    'login.choose': [ev({ type: 'login.choose', connection: 'google-oauth2' })],
  },
  // Spec §2 "/": signed out → the login chooser; an invite landing with its invite still stored
  // resumes the invite; otherwise the active practice is looked up: open it, or after a moment go
  // to /switch-practice.
  expected: {
    initial: 'checkingSession',
    on: {
      'xstate.done.actor.awaitSession': (step) => {
        if (!signedIn(step)) return 'signedOut';
        return step.before.context.inviteLanding ? 'checkingStoredInvite' : 'lookingUpActivePractice';
      },
      'xstate.done.actor.checkStoredInvite': ({ event }) =>
        outputOf<boolean>(event) ? 'resumingInvite' : 'lookingUpActivePractice',
      'xstate.error.actor.checkStoredInvite': 'lookingUpActivePractice',
      'xstate.error.actor.awaitSession': 'signedOut',
      'login.choose': unchanged,
      'xstate.done.actor.fetchActivePractice': (step) =>
        hasActivePractice(step) ? 'redirecting' : 'waitingToSwitch',
      'xstate.error.actor.fetchActivePractice': 'failed',
      'xstate.after.landingDelay': 'switchingPractice',
    },
  },
});
