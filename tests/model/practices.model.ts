/**
 * Path specs of the practice machines (landing, switch practice, join practice by invitation
 * link or invite code, portal redirect): the real machines with payload variants for each event, so the
 * generated paths reach every state and transition. Used by tests/model/practices.test.ts (on
 * the machines), the view path tests, and the registry (tests/model/registry.ts).
 */
import type { EventObject, SnapshotFrom } from 'xstate';
import type { ActivePracticeResponse, Invite } from '#machines/domain';
import { joinPracticeMachine } from '#machines/join-practice.machine';
import { landingMachine } from '#machines/landing.machine';
import { portalRedirectMachine } from '#machines/portal-redirect.machine';
import type { CallFailure, SessionAnswer } from '#machines/practice-flow';
import { failure, fixtures, userStates } from '#machines/practice-flow.fixtures';
import { profileStepMachine } from '#machines/profile-step.machine';
import type { UserStateView } from '#machines/switch-practice.machine';
import { switchPracticeMachine } from '#machines/switch-practice.machine';
import { definePathSpec, errorOf, outputOf, type StepInput, unchanged } from '../support/paths';

export { failure, fixtures, userStates };

/** An event literal with its payload (EventObject has no index signature). */
const ev = <T extends EventObject>(event: T): EventObject => event;

/** What the expectations read from an event: a session answer, a failure's status, a practice. */
const signedIn = ({ event }: { event: EventObject }) => outputOf<SessionAnswer>(event).user !== null;
const statusOf = ({ event }: { event: EventObject }) => errorOf<CallFailure>(event).status;
const hasActivePractice = ({ event }: { event: EventObject }) => {
  const active = outputOf<ActivePracticeResponse>(event).activePractice;
  return Boolean(active?.hasActivePractice && active.environmentUrl);
};
const stepFailed = ({ event }: { event: EventObject }) =>
  outputOf<{ result: string } | undefined>(event)?.result === 'failed';
const keyOf = (event: EventObject) => (event as EventObject & { practiceKey: string }).practiceKey;

const done = (id: string, ...outputs: unknown[]) =>
  outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output }));
const error = (id: string, ...errors: unknown[]) =>
  errors.map((e) => ({ type: `xstate.error.actor.${id}`, error: e }));

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

type SwitchSnapshot = SnapshotFrom<typeof switchPracticeMachine>;

export const switchPracticePathSpec = definePathSpec({
  name: 'switchPractice',
  machine: switchPracticeMachine,
  events: {
    // Live updates: the first answer, then a change of verification (keeps the space finite).
    'userState.changed': (s: SwitchSnapshot) =>
      s.context.email === null
        ? [
            { type: 'userState.changed', state: userStates.loading },
            { type: 'userState.changed', state: userStates.verified },
            { type: 'userState.changed', state: userStates.unverified },
          ]
        : [
            {
              type: 'userState.changed',
              state: s.context.email.verified ? userStates.unverified : userStates.verified,
            },
          ],
    'practice.choose': [
      ev({ type: 'practice.choose', practiceKey: 'au-bondi' }),
      ev({ type: 'practice.choose', practiceKey: 'unknown' }),
    ],
    'invite.accept': [
      ev({ type: 'invite.accept', practiceKey: 'uk-camden' }),
      ev({ type: 'invite.accept', practiceKey: 'unknown' }),
    ],
    'xstate.done.actor.acceptInvite': done('acceptInvite', fixtures.camden),
    'xstate.error.actor.acceptInvite': error(
      'acceptInvite',
      failure(404, 'No pending invite was found for this practice.'),
    ),
    'xstate.error.actor.activatePractice': error('activatePractice', failure(500)),
    'xstate.error.actor.watchUserState': error('watchUserState', failure(424)),
  },
  // Spec §2 /switch-practice: the lists show once loaded, invites only to a verified email; a
  // listed practice is activated, a pending invite accepted then activated; a failed call returns
  // to the lists; a failed live update ends on the retry screen.
  expected: {
    initial: 'live.loading',
    on: {
      'userState.changed': {
        'live.loading': ({ event }) => {
          const state = (event as EventObject & { state: UserStateView }).state;
          if (!state.practicesHasLoaded) return unchanged;
          return state.email?.verified ? 'live.ready.verified' : 'live.ready.unverified';
        },
        'live.ready': ({ event }) =>
          (event as EventObject & { state: UserStateView }).state.email?.verified
            ? 'live.ready.verified'
            : 'live.ready.unverified',
        'live.acceptingInvite': unchanged,
        'live.activatingPractice': unchanged,
      },
      'userState.failed': 'failed',
      'xstate.error.actor.watchUserState': 'failed',
      'practice.choose': ({ before, event }: StepInput<SwitchSnapshot>) =>
        before.context.practices.some((p) => p.practiceKey === keyOf(event))
          ? 'live.activatingPractice'
          : unchanged,
      'inviteCode.open': unchanged,
      'practice.register': unchanged,
      'email.verify': unchanged,
      'invite.accept': ({ before, event }: StepInput<SwitchSnapshot>) =>
        before.context.invites.some((i: Invite) => i.practiceKey === keyOf(event))
          ? 'live.acceptingInvite'
          : unchanged,
      'xstate.done.actor.acceptInvite': 'live.activatingPractice',
      'xstate.error.actor.acceptInvite': ({ before }: StepInput<SwitchSnapshot>) =>
        before.context.email?.verified ? 'live.ready.verified' : 'live.ready.unverified',
      'xstate.done.actor.activatePractice': 'redirecting',
      'xstate.error.actor.activatePractice': ({ before }: StepInput<SwitchSnapshot>) =>
        before.context.email?.verified ? 'live.ready.verified' : 'live.ready.unverified',
      'switchPractice.retry': 'live.loading',
    },
  },
  // Keep the traversal finite: what matters is which lists are loaded and what is selected.
  serializeContext: (s: SwitchSnapshot) => ({
    verified: s.context.email?.verified ?? null,
    loaded: s.context.practices.length,
    selected: s.context.selected?.practiceKey ?? null,
    invite: s.context.inviteKey,
    error: s.context.errorCode,
  }),
});

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

/**
 * In the parents the child is an inert fake like every invoked actor: the path delivers its
 * output (`done: profileStep`). Its states are not the parent's (the parent selects the child, it
 * does not mirror it): the parent's screen shows the busy screen for the fake, and the profile
 * step's own paths (`profileStepPathSpec`) drive the profile form (tests/model/practices-views.test.tsx).
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

export const practiceSpecs = [
  landingPathSpec,
  switchPracticePathSpec,
  joinPracticePathSpec,
  profileStepPathSpec,
  portalRedirectPathSpec,
];
