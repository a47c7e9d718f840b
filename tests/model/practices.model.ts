/**
 * Path specs of the practice and invite machines (landing, switch practice, invite link, invite
 * code, portal redirect): the real machines with payload variants for each event, so the
 * generated paths reach every state and transition. Used by tests/model/practices.test.ts (on
 * the machines), the view path tests, and the registry (tests/model/registry.ts).
 */
import type { EventObject, SnapshotFrom } from 'xstate';
import { inviteMachine } from '../../machines/invite.machine';
import { inviteCodeMachine } from '../../machines/invite-code.machine';
import { landingMachine } from '../../machines/landing.machine';
import { portalRedirectMachine } from '../../machines/portal-redirect.machine';
import { failure, fixtures, userStates } from '../../machines/practice-flow.fixtures';
import { type ProfileStepContext, profileStepMachine } from '../../machines/profile-step.machine';
import { switchPracticeMachine } from '../../machines/switch-practice.machine';
import { definePathSpec } from '../support/paths';

export { failure, fixtures, userStates };

/** An event literal with its payload (EventObject has no index signature). */
const ev = <T extends EventObject>(event: T): EventObject => event;

const done = (id: string, ...outputs: unknown[]) =>
  outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output }));
const error = (id: string, ...errors: unknown[]) =>
  errors.map((e) => ({ type: `xstate.error.actor.${id}`, error: e }));

export const landingSpec = definePathSpec({
  name: 'landing',
  machine: landingMachine,
  inputs: [{ inviteLanding: false }, { inviteLanding: true }],
  events: {
    'xstate.done.actor.awaitSession': done('awaitSession', { user: null }, { user: fixtures.verifiedUser }),
    'xstate.done.actor.fetchActivePractice': done('fetchActivePractice', fixtures.active, fixtures.noActive),
    'xstate.error.actor.fetchActivePractice': error('fetchActivePractice', failure(500)),
    'login.choose': [ev({ type: 'login.choose', connection: 'google-oauth2' })],
  },
});

type SwitchSnapshot = SnapshotFrom<typeof switchPracticeMachine>;

export const switchPracticeSpec = definePathSpec({
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
 * the child both invite flows invoke.
 */
export const profileStepSpec = definePathSpec({
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
});

/**
 * In the parents the child is an inert fake like every invoked actor: the path delivers its
 * output (`done: profileStep`) and, for the view, the snapshots it would report (real snapshots
 * of the child machine in each of its waiting states), which the parent mirrors into
 * `context.profileStep`.
 */
const stepSnapshot = (value: string, context: ProfileStepContext = { failure: null }) =>
  ev({
    type: 'xstate.snapshot.profileStep',
    snapshot: profileStepMachine.resolveState({ value, context }),
  });
const profileStepEvents = {
  'xstate.done.actor.profileStep': done('profileStep', { result: 'ready' }, { result: 'failed' }),
  'xstate.snapshot.profileStep': [
    stepSnapshot('checkingProfile'),
    stepSnapshot('enteringProfile'),
    stepSnapshot('savingProfile'),
    stepSnapshot('enteringProfile', {
      failure: failure(400, 'Phone is invalid', { phone: ['Phone is invalid'] }),
    }),
  ],
  'profile.submit': [ev({ type: 'profile.submit', profile: fixtures.profile })],
};

const inviteSessionDone = done(
  'awaitSession',
  { user: null },
  { user: fixtures.verifiedUser },
  { user: fixtures.unverifiedUser },
);

export const inviteSpec = definePathSpec({
  name: 'invite',
  machine: inviteMachine,
  inputs: [
    { practiceKey: 'uk-camden', redirectUri: 'http://uk.example.test/welcome' },
    { practiceKey: null, redirectUri: null },
  ],
  events: {
    'xstate.done.actor.awaitSession': inviteSessionDone,
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
    'signup.choose': [ev({ type: 'signup.choose', connection: null })],
  },
});

export const inviteCodeSpec = definePathSpec({
  name: 'inviteCode',
  machine: inviteCodeMachine,
  inputs: [
    { forceLogin: null, code: 'joinau01' },
    { forceLogin: false, code: null },
  ],
  events: {
    'xstate.done.actor.awaitSession': inviteSessionDone,
    ...profileStepEvents,
    'xstate.done.actor.joinWithCode': done('joinWithCode', fixtures.bondi),
    'xstate.error.actor.joinWithCode': error(
      'joinWithCode',
      failure(404, 'Invalid invite code'),
      failure(500),
    ),
    'login.choose': [ev({ type: 'login.choose', connection: 'apple' })],
    'code.submit': [ev({ type: 'code.submit', code: 'joinau01' }), ev({ type: 'code.submit', code: '   ' })],
  },
});

export const portalRedirectSpec = definePathSpec({
  name: 'portalRedirect',
  machine: portalRedirectMachine,
  inputs: [{ path: '/mobile/x', search: '?y=1' }],
  events: {
    'xstate.done.actor.awaitSession': done('awaitSession', { user: null }, { user: fixtures.verifiedUser }),
    'xstate.done.actor.fetchActivePractice': done('fetchActivePractice', fixtures.active, fixtures.noActive),
  },
});

export const practiceSpecs = [
  landingSpec,
  switchPracticeSpec,
  inviteSpec,
  inviteCodeSpec,
  profileStepSpec,
  portalRedirectSpec,
];
