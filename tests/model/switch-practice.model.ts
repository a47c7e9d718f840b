import type { EventObject, SnapshotFrom } from 'xstate';
import type { Invite } from '#machines/domain';
import type { UserStateView } from '#machines/switch-practice.machine';
import { switchPracticeMachine } from '#machines/switch-practice.machine';
import { definePathSpec, type StepInput, unchanged } from '../support/paths';
import { done, error, ev, failure, fixtures, keyOf, userStates } from './practice-flow-paths';

/** Path spec of the switch-practice machine (machines/switch-practice.machine.ts):
 * the real machine with payload variants for each event, so the generated paths reach every state and transition. */
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
