import type { EventObject } from 'xstate';
import type { Invite } from '#machines/domain';
import { joinPracticeMachine } from '#machines/join-practice.machine';
import { definePathSpec, outputOf, unchanged } from '../support/paths';
import { done, error, ev, failure, fixtures, signedIn, statusOf, stepFailed } from './practice-flow-paths';

/**
 * In the parents the child is an inert fake like every invoked actor: the path delivers its
 * output (`done: profileStep`). Its states are not the parent's (the parent selects the child, it
 * does not mirror it): the parent's screen shows the busy screen for the fake, and the profile
 * step's own paths (`profileStepPathSpec`) drive the profile form (tests/model/practice-flows-views.test.tsx).
 */
const profileStepEvents = {
  'xstate.done.actor.profileStep': done('profileStep', { result: 'ready' }, { result: 'failed' }),
  'profile.submit': [ev({ type: 'profile.submit', profile: fixtures.profile })],
};

/** The join-practice context a rule reads: which way the user came. */
const viaLink = (context: unknown) => (context as { via: string }).via === 'link';

/**
 * Joining a practice, both ways in as inputs: an invite code entry (prefilled, and forceLogin=false
 * without a code) and an invitation link (without and with its keys).
 */
export const joinPracticePathSpec = definePathSpec({
  name: 'joinPractice',
  machine: joinPracticeMachine,
  inputs: [
    { via: 'code', forceLogin: null, code: 'joinau01' },
    { via: 'code', forceLogin: false, code: null },
    { via: 'link', practiceKey: null, redirectUri: null },
    { via: 'link', practiceKey: 'uk-camden', redirectUri: 'http://uk.example.test/welcome' },
  ],
  events: {
    'xstate.done.actor.awaitSession': done(
      'awaitSession',
      { user: null },
      { user: fixtures.verifiedUser },
      { user: fixtures.unverifiedUser },
    ),
    ...profileStepEvents,
    'xstate.done.actor.fetchPendingInvites': done(
      'fetchPendingInvites',
      [],
      [fixtures.inviteCamden],
      [fixtures.inviteBondi],
    ),
    'xstate.done.actor.acceptInvite': done('acceptInvite', fixtures.camden),
    'xstate.error.actor.acceptInvite': error(
      'acceptInvite',
      failure(404, 'No pending invite'),
      failure(403),
      failure(500),
    ),
    'xstate.done.actor.joinWithCode': done('joinWithCode', fixtures.bondi),
    'xstate.error.actor.joinWithCode': error(
      'joinWithCode',
      failure(404, 'Invalid invite code'),
      failure(500),
    ),
    'signup.choose': [ev({ type: 'signup.choose', connection: null })],
    'login.choose': [ev({ type: 'login.choose', connection: 'apple' })],
    'code.submit': [ev({ type: 'code.submit', code: 'joinau01' }), ev({ type: 'code.submit', code: '   ' })],
  },
  // Spec §2 /invite: no invite → not found; signed out → the sign-up chooser; then the profile
  // step, a verified email, and the invite accepted (or the user told it is for another practice).
  // Spec §2 /invite-code: signed out → the login chooser (or straight to the login page when
  // `forceLogin=false`); then the profile step, a verified email and the code form.
  expected: {
    initial: (input) => (input.via === 'link' && !input.practiceKey ? 'inviteNotFound' : 'checkingSession'),
    on: {
      'xstate.done.actor.awaitSession': (step) => {
        if (signedIn(step)) return 'profileStep';
        if (viaLink(step.before.context)) return 'choosingSignup';
        return step.before.context.forceLogin === false ? 'redirectingToLogin' : 'choosingLogin';
      },
      'xstate.error.actor.awaitSession': ({ before }) => {
        if (viaLink(before.context)) return 'choosingSignup';
        return before.context.forceLogin === false ? 'redirectingToLogin' : 'choosingLogin';
      },
      'signup.choose': unchanged,
      'login.choose': unchanged,
      'profile.submit': unchanged,
      'xstate.done.actor.profileStep': (step) => {
        if (stepFailed(step)) return 'failed';
        const verified = step.before.context.user?.email_verified === true;
        if (viaLink(step.before.context)) return verified ? 'loadingInvites' : 'unverifiedEmail';
        return verified ? 'enteringCode' : 'verifyingEmail';
      },
      'xstate.error.actor.profileStep': 'failed',
      'email.verify': unchanged,
      'xstate.done.actor.fetchPendingInvites': ({ before, event }) => {
        const invites = outputOf<Invite[]>(event);
        const forThisPractice = invites.some((i) => i.practiceKey === before.context.practiceKey);
        return invites.length > 0 && !forThisPractice ? 'otherPractice' : 'acceptingInvite';
      },
      'xstate.error.actor.fetchPendingInvites': 'acceptingInvite',
      'xstate.done.actor.acceptInvite': 'redirecting',
      'xstate.error.actor.acceptInvite': (step) => {
        const status = statusOf(step);
        if (status === 404 || status === 410) return 'inviteNotFound';
        return status === 403 ? 'unverifiedEmail' : 'failed';
      },
      'switchPractice.open': { otherPractice: unchanged, inviteNotFound: unchanged },
      'code.submit': ({ event }) =>
        (event as EventObject & { code: string }).code.trim() !== '' ? 'submittingCode' : unchanged,
      'xstate.done.actor.joinWithCode': 'redirecting',
      'xstate.error.actor.joinWithCode': (step) => ({
        state: 'enteringCode',
        context: { errorCode: statusOf(step) >= 500 ? 'code_failed' : 'code_rejected' },
      }),
    },
  },
});
