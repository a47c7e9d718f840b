import { profileStepMachine } from '#machines/profile-step.machine';
import { definePathSpec, outputOf } from '../support/paths';
import { done, error, ev, failure, fixtures, statusOf } from './practice-flow-paths';

/**
 * The profile step (machines/profile-step.machine.ts) on its own: every state and transition of
 * the child the join-practice machine invokes.
 */
export const profileStepPathSpec = definePathSpec({
  name: 'profileStep',
  machine: profileStepMachine,
  events: {
    'xstate.done.actor.checkProfileExists': done('checkProfileExists', true, false),
    'xstate.error.actor.createProfile': error(
      'createProfile',
      failure(500),
      failure(503),
      failure(400, 'Phone is invalid', { phone: ['Phone is invalid'] }),
      failure(409, 'Profile exists'),
    ),
    'profile.submit': [ev({ type: 'profile.submit', profile: fixtures.profile })],
  },
  // Spec §8 profile creation: an existing profile skips the form; ≥ 500 → /server-error, 400 →
  // the form with its errors, anything else continues.
  expected: {
    initial: 'checkingProfile',
    on: {
      'xstate.done.actor.checkProfileExists': ({ event }) =>
        outputOf<boolean>(event) ? 'ready' : 'enteringProfile',
      'xstate.error.actor.checkProfileExists': 'failed',
      'profile.submit': 'savingProfile',
      'xstate.done.actor.createProfile': 'ready',
      'xstate.error.actor.createProfile': (step) => {
        const status = statusOf(step);
        if (status >= 500) return 'failed';
        return status === 400 ? 'enteringProfile' : 'ready';
      },
    },
  },
});
