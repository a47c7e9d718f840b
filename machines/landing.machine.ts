import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { navigationDelays } from './constants';
import type { ActivePracticeResponse, SessionUser } from './domain';
import {
  awaitingSession,
  awaitingSessionGuards,
  type LoginEvent,
  type LoginParams,
  type NavigateParams,
  type SessionAnswer,
} from './practice-flow';

/**
 * Landing `/` (spec §2): signed out, the login method chooser; signed in, the active practice is
 * looked up: if one exists the browser goes to its environment, otherwise to /switch-practice
 * after the landing delay (2500 ms). A user coming back from sign-up with a pending invite link
 * (the invite landing flag in local storage, and a stored invite the provided `checkStoredInvite`
 * can read) is sent back to /invite instead.
 */

export interface LandingInput {
  /**
   * The invite landing flag (src/app/storage-keys.ts) was set by /invite before signing up; the
   * stored invite itself is read only then (`checkStoredInvite`), after the session has settled.
   */
  inviteLanding: boolean;
}

export interface LandingContext {
  inviteLanding: boolean;
  user: SessionUser | null;
  environmentUrl: string | null;
  errorCode: 'session_failed' | 'lookup_failed' | null;
}

export type LandingEvent = LoginEvent;

export const landingMachine = setup({
  types: {
    input: {} as LandingInput,
    context: {} as LandingContext,
    events: {} as LandingEvent,
  },
  actors: {
    awaitSession: fromPromise<SessionAnswer>(async () => ({ user: null })),
    /** Whether a readable invite is stored (the invite landing flag is set). */
    checkStoredInvite: fromPromise<boolean>(async () => false),
    fetchActivePractice: fromPromise<ActivePracticeResponse>(async () => {
      throw new Error('fetchActivePractice not provided');
    }),
  },
  actions: {
    login: (_, _params: LoginParams) => undefined,
    navigate: (_, _params: NavigateParams) => undefined,
    /** The flag is one-shot: the stored invite itself stays until /invite is done with it. */
    clearInviteLanding: () => undefined,
    redirectToEnvironment: (_, _params: { url: string }) => undefined,
    assignUser: assign({ user: (_, answer: SessionAnswer) => answer.user }),
    assignSessionFailure: assign({ errorCode: 'session_failed' as const }),
  },
  guards: {
    ...awaitingSessionGuards,
    hasInviteLanding: ({ context }) => context.inviteLanding,
    isInviteStored: (_, params: { stored: boolean }) => params.stored,
    hasActivePractice: (_, params: { response: ActivePracticeResponse }) => {
      const active = params.response?.activePractice;
      return Boolean(active?.hasActivePractice && active.environmentUrl);
    },
  },
  delays: {
    landingDelay: navigationDelays.landingDelay,
  },
}).createMachine({
  id: 'landing',
  context: ({ input }) => ({
    inviteLanding: input.inviteLanding,
    user: null,
    environmentUrl: null,
    errorCode: null,
  }),
  initial: 'checkingSession',
  states: {
    checkingSession: awaitingSession({
      signedIn: [
        { guard: 'hasInviteLanding', target: 'checkingStoredInvite' },
        { target: 'lookingUpActivePractice' },
      ],
      signedOut: 'signedOut',
      failed: 'signedOut',
    }),
    signedOut: {
      tags: ['chooser'],
      on: {
        'login.choose': {
          actions: {
            type: 'login',
            params: ({ event }) => ({ connection: event.connection, screenHint: 'login', returnTo: '/' }),
          },
        },
      },
    },
    checkingStoredInvite: {
      tags: ['busy'],
      invoke: {
        id: 'checkStoredInvite',
        src: 'checkStoredInvite',
        onDone: [
          {
            guard: { type: 'isInviteStored', params: ({ event }) => ({ stored: event.output }) },
            target: 'resumingInvite',
          },
          { target: 'lookingUpActivePractice' },
        ],
        // The flag without a readable invite: the landing goes on as without the flag.
        onError: { target: 'lookingUpActivePractice' },
      },
    },
    resumingInvite: {
      tags: ['busy'],
      type: 'final',
      entry: ['clearInviteLanding', { type: 'navigate', params: { to: '/invite', replace: true } }],
    },
    lookingUpActivePractice: {
      tags: ['busy'],
      invoke: {
        id: 'fetchActivePractice',
        src: 'fetchActivePractice',
        onDone: [
          {
            guard: { type: 'hasActivePractice', params: ({ event }) => ({ response: event.output }) },
            target: 'redirecting',
            actions: assign({ environmentUrl: ({ event }) => event.output.activePractice.environmentUrl }),
          },
          { target: 'waitingToSwitch' },
        ],
        onError: { target: 'failed', actions: assign({ errorCode: 'lookup_failed' }) },
      },
    },
    waitingToSwitch: {
      tags: ['noActivePractice'],
      after: { landingDelay: 'switchingPractice' },
    },
    switchingPractice: {
      tags: ['noActivePractice'],
      type: 'final',
      entry: { type: 'navigate', params: { to: '/switch-practice', replace: true } },
    },
    redirecting: {
      tags: ['busy'],
      type: 'final',
      entry: {
        type: 'redirectToEnvironment',
        params: ({ context }) => ({ url: context.environmentUrl ?? '' }),
      },
    },
    failed: {
      type: 'final',
      entry: { type: 'navigate', params: { to: '/server-error', replace: true } },
    },
  },
});

type LandingSnapshot = { hasTag(tag: string): boolean };

/** What the landing screen shows. */
export type LandingView = 'chooser' | 'noActivePractice' | 'busy';

export function selectLandingView(snapshot: LandingSnapshot): LandingView {
  if (snapshot.hasTag('chooser')) return 'chooser';
  if (snapshot.hasTag('noActivePractice')) return 'noActivePractice';
  return 'busy';
}

export type LandingActor = ActorRefFrom<typeof landingMachine>;
