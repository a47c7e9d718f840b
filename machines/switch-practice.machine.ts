import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { Invite, UserPractice, UserState } from './domain';
import { type NavigateParams, sortByPracticeName } from './practice-flow';

/**
 * /switch-practice (spec §2, §6): pending invites (only for a user with a verified email),
 * current practices and the option to join with an invite code. Choosing a practice POSTs the
 * active practice and redirects to its environment; accepting an invite POSTs the invite, then
 * does the same. The lists come from the user store (kept live by the real-time connection)
 * through the provided `watchUserState` callback actor, which sends `userState.changed`.
 */

/** The part of the user store this screen reads. */
export type UserStateView = Pick<UserState, 'practices' | 'practicesHasLoaded' | 'invites' | 'email'>;

export interface SwitchPracticeContext {
  practices: UserPractice[];
  invites: Invite[];
  email: UserState['email'] | null;
  /** The practice being activated (chosen, or just joined through an invite). */
  selected: UserPractice | null;
  /** The invite being accepted. */
  inviteKey: string | null;
  errorCode: 'load_failed' | 'activate_failed' | 'accept_failed' | null;
}

export type SwitchPracticeEvent =
  | { type: 'userState.changed'; state: UserStateView }
  /** The lists could not be loaded (the fallback's API call failed). */
  | { type: 'userState.failed' }
  | { type: 'practice.choose'; practiceKey: string }
  | { type: 'invite.accept'; practiceKey: string }
  | { type: 'inviteCode.open' }
  | { type: 'practice.register' }
  | { type: 'email.verify' }
  | { type: 'switchPractice.retry' };

export const switchPracticeMachine = setup({
  types: {
    context: {} as SwitchPracticeContext,
    events: {} as SwitchPracticeEvent,
  },
  actors: {
    watchUserState: fromCallback<SwitchPracticeEvent>(() => undefined),
    activatePractice: fromPromise<void, { practiceKey: string }>(async () => undefined),
    acceptInvite: fromPromise<UserPractice, { practiceKey: string }>(async () => {
      throw new Error('acceptInvite not provided');
    }),
  },
  actions: {
    navigate: (_, _params: NavigateParams) => undefined,
    redirectToEnvironment: (_, _params: { url: string }) => undefined,
    assignUserState: assign((_, params: { state: UserStateView }) => ({
      practices: sortByPracticeName(params.state.practices),
      invites: sortByPracticeName(params.state.invites),
      email: params.state.email,
    })),
  },
  guards: {
    hasLoaded: (_, params: { state: UserStateView }) => params.state.practicesHasLoaded,
    isEmailVerified: ({ context }) => context.email?.verified === true,
    isKnownPractice: ({ context }, params: { practiceKey: string }) =>
      context.practices.some((p) => p.practiceKey === params.practiceKey),
    isPendingInvite: ({ context }, params: { practiceKey: string }) =>
      context.invites.some((i) => i.practiceKey === params.practiceKey),
  },
}).createMachine({
  id: 'switchPractice',
  context: { practices: [], invites: [], email: null, selected: null, inviteKey: null, errorCode: null },
  initial: 'live',
  states: {
    live: {
      invoke: {
        id: 'watchUserState',
        src: 'watchUserState',
        onError: { target: 'failed', actions: assign({ errorCode: 'load_failed' }) },
      },
      on: {
        'userState.changed': {
          actions: { type: 'assignUserState', params: ({ event }) => ({ state: event.state }) },
        },
        'userState.failed': { target: 'failed', actions: assign({ errorCode: 'load_failed' }) },
      },
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          on: {
            'userState.changed': [
              {
                guard: { type: 'hasLoaded', params: ({ event }) => ({ state: event.state }) },
                target: 'ready',
                actions: { type: 'assignUserState', params: ({ event }) => ({ state: event.state }) },
              },
              { actions: { type: 'assignUserState', params: ({ event }) => ({ state: event.state }) } },
            ],
          },
        },
        ready: {
          initial: 'checkingEmail',
          on: {
            'userState.changed': {
              target: '.checkingEmail',
              actions: { type: 'assignUserState', params: ({ event }) => ({ state: event.state }) },
            },
            'practice.choose': {
              guard: { type: 'isKnownPractice', params: ({ event }) => ({ practiceKey: event.practiceKey }) },
              target: 'activatingPractice',
              actions: assign({
                selected: ({ context, event }) =>
                  context.practices.find((p) => p.practiceKey === event.practiceKey) ?? null,
                errorCode: null,
              }),
            },
            'inviteCode.open': { actions: { type: 'navigate', params: { to: '/invite-code' } } },
            'practice.register': { actions: { type: 'navigate', params: { to: '/onboarding' } } },
          },
          states: {
            checkingEmail: {
              always: [{ guard: 'isEmailVerified', target: 'verified' }, { target: 'unverified' }],
            },
            verified: {
              tags: ['invitesVisible'],
              on: {
                'invite.accept': {
                  guard: {
                    type: 'isPendingInvite',
                    params: ({ event }) => ({ practiceKey: event.practiceKey }),
                  },
                  target: '#switchPractice.live.acceptingInvite',
                  actions: assign({ inviteKey: ({ event }) => event.practiceKey, errorCode: null }),
                },
              },
            },
            unverified: {
              tags: ['emailUnverified'],
              on: {
                'email.verify': {
                  actions: {
                    type: 'navigate',
                    params: { to: '/auth/unverified-email', search: { returnTo: '/switch-practice' } },
                  },
                },
              },
            },
          },
        },
        acceptingInvite: {
          tags: ['busy', 'invitesVisible'],
          invoke: {
            id: 'acceptInvite',
            src: 'acceptInvite',
            input: ({ context }) => ({ practiceKey: context.inviteKey ?? '' }),
            onDone: {
              target: 'activatingPractice',
              actions: assign({ selected: ({ event }) => event.output }),
            },
            onError: { target: 'ready', actions: assign({ errorCode: 'accept_failed', inviteKey: null }) },
          },
        },
        activatingPractice: {
          tags: ['busy'],
          invoke: {
            id: 'activatePractice',
            src: 'activatePractice',
            input: ({ context }) => ({ practiceKey: context.selected?.practiceKey ?? '' }),
            onDone: { target: '#switchPractice.redirecting' },
            onError: { target: 'ready', actions: assign({ errorCode: 'activate_failed', selected: null }) },
          },
        },
      },
    },
    redirecting: {
      tags: ['busy'],
      type: 'final',
      entry: {
        type: 'redirectToEnvironment',
        params: ({ context }) => ({ url: context.selected?.environmentUrl ?? '' }),
      },
    },
    failed: {
      on: { 'switchPractice.retry': { target: 'live', actions: assign({ errorCode: null }) } },
    },
  },
});

type SwitchPracticeSnapshot = { context: SwitchPracticeContext; hasTag(tag: string): boolean };

export const selectPractices = (s: SwitchPracticeSnapshot) => s.context.practices;
export const selectInvites = (s: SwitchPracticeSnapshot) => s.context.invites;
export const selectSwitchError = (s: SwitchPracticeSnapshot) => s.context.errorCode;
export const selectBusyKey = (s: SwitchPracticeSnapshot): string | null =>
  s.hasTag('busy') ? (s.context.selected?.practiceKey ?? s.context.inviteKey) : null;
