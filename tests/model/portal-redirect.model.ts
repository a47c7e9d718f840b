import type { ActivePracticeResponse } from '#machines/domain';
import { portalRedirectMachine } from '#machines/portal-redirect.machine';
import { definePathSpec, outputOf } from '../support/paths';
import { done, fixtures, hasActivePractice, signedIn } from './practice-flow-paths';

/** Path spec of the portal-redirect machine (machines/portal-redirect.machine.ts):
 * the real machine with payload variants for each event, so the generated paths reach every state and transition. */
export const portalRedirectPathSpec = definePathSpec({
  name: 'portalRedirect',
  machine: portalRedirectMachine,
  inputs: [{ path: '/mobile/x', search: '?y=1', defaultPortalUrl: 'http://au.example.test' }],
  events: {
    'xstate.done.actor.awaitSession': done('awaitSession', { user: null }, { user: fixtures.verifiedUser }),
    'xstate.done.actor.fetchActivePractice': done('fetchActivePractice', fixtures.active, fixtures.noActive),
  },
  // Spec §2 /mobile and /billing: signed out → the portal's login; signed in → the active
  // practice's portal (or the portal's default page); a failed lookup → /server-error.
  expected: {
    initial: 'checkingSession',
    on: {
      'xstate.done.actor.awaitSession': (step) =>
        signedIn(step) ? 'lookingUpActivePractice' : 'redirecting',
      'xstate.error.actor.awaitSession': 'redirecting',
      'xstate.done.actor.fetchActivePractice': (step) => ({
        state: 'redirecting',
        context: {
          environmentUrl: hasActivePractice(step)
            ? outputOf<ActivePracticeResponse>(step.event).activePractice?.environmentUrl
            : step.before.context.environmentUrl,
        },
      }),
      'xstate.error.actor.fetchActivePractice': 'failed',
    },
  },
});
