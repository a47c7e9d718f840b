import { type ActorRefFrom, assign, fromPromise, sendTo, setup } from 'xstate';
import type { Invite, LoginConnection, Profile, SessionUser, UserPractice } from './domain';
import {
  awaitingSession,
  awaitingSessionGuards,
  failureOf,
  isEmailVerified,
  type LoginParams,
  type NavigateParams,
  type SessionAnswer,
} from './practice-flow';
import {
  hasStepTag,
  isProfileStepFailed,
  mirrorOfProfileStep,
  type ProfileStepMirror,
  type ProfileStepOutput,
  profileStepMachine,
} from './profile-step.machine';

/**
 * /invite?practiceKey=&redirectUri= (spec §2, §6, §8). Signed out: a sign-up chooser that returns
 * here. Signed in: the profile step (machines/profile-step.machine.ts, invoked as `profileStep`:
 * without a profile the form, ≥ 500 → /server-error, 400 stays with the errors, anything else
 * continues; its tags and failure are mirrored into `context.profileStep` for the view, and
 * `profile.submit` is forwarded to it). Then, for a verified email, the invite is accepted and the
 * browser goes to `redirectUri` when it is on an allowed origin, else to the practice's
 * environment (the edge helper src/app/live/redirects.ts decides). The invite is kept in local
 * storage (provided `storeInvite`) so it survives the sign-up redirect and a reload.
 */

export interface InviteInput {
  practiceKey: string | null;
  redirectUri: string | null;
}

export interface InviteContext extends InviteInput {
  user: SessionUser | null;
  /** The user's pending invites (to tell an invite for another practice apart). */
  invites: Invite[];
  practice: UserPractice | null;
  /** The running profile step's tags and failure (mirrored from the child; null otherwise). */
  profileStep: ProfileStepMirror | null;
  errorCode: 'session_failed' | 'profile_failed' | 'accept_failed' | null;
}

export type InviteEvent =
  | { type: 'signup.choose'; connection: LoginConnection }
  | { type: 'profile.submit'; profile: Profile }
  | { type: 'email.verify' }
  | { type: 'switchPractice.open' };

/** The path of this invite on the app (the sign-up returns here). */
export function invitePath(context: InviteInput): string {
  const query = new URLSearchParams();
  if (context.practiceKey) query.set('practiceKey', context.practiceKey);
  if (context.redirectUri) query.set('redirectUri', context.redirectUri);
  const qs = query.toString();
  return qs ? `/invite?${qs}` : '/invite';
}

export const inviteMachine = setup({
  types: {
    input: {} as InviteInput,
    context: {} as InviteContext,
    events: {} as InviteEvent,
  },
  actors: {
    awaitSession: fromPromise<SessionAnswer>(async () => ({ user: null })),
    profileStep: profileStepMachine,
    fetchPendingInvites: fromPromise<Invite[]>(async () => []),
    acceptInvite: fromPromise<UserPractice, { practiceKey: string }>(async () => {
      throw new Error('acceptInvite not provided');
    }),
  },
  actions: {
    login: (_, _params: LoginParams) => undefined,
    navigate: (_, _params: NavigateParams) => undefined,
    assignUser: assign({ user: (_, answer: SessionAnswer) => answer.user }),
    assignSessionFailure: assign({ errorCode: 'session_failed' as const }),
    storeInvite: (_, _params: InviteInput) => undefined,
    clearInvite: () => undefined,
    redirectToInviteTarget: (_, _params: { redirectUri: string | null; environmentUrl: string }) => undefined,
  },
  guards: {
    hasInvite: ({ context }) => Boolean(context.practiceKey),
    ...awaitingSessionGuards,
    isProfileStepFailed: (_, params: { output: ProfileStepOutput | undefined }) =>
      isProfileStepFailed(params.output),
    isEmailVerified: ({ context }) => isEmailVerified(context.user),
    isInviteForAnotherPractice: ({ context }) =>
      context.invites.length > 0 && !context.invites.some((i) => i.practiceKey === context.practiceKey),
    isUnknownInvite: (_, params: { error: unknown }) => [404, 410].includes(failureOf(params.error).status),
    isForbidden: (_, params: { error: unknown }) => failureOf(params.error).status === 403,
  },
}).createMachine({
  id: 'invite',
  context: ({ input }) => ({
    practiceKey: input.practiceKey,
    redirectUri: input.redirectUri,
    user: null,
    invites: [],
    practice: null,
    profileStep: null,
    errorCode: null,
  }),
  initial: 'checkingInvite',
  states: {
    checkingInvite: {
      always: [
        {
          guard: 'hasInvite',
          target: 'checkingSession',
          actions: {
            type: 'storeInvite',
            params: ({ context }) => ({ practiceKey: context.practiceKey, redirectUri: context.redirectUri }),
          },
        },
        { target: 'inviteNotFound' },
      ],
    },
    checkingSession: awaitingSession({
      signedIn: 'profileStep',
      signedOut: 'signedOut',
      failed: 'signedOut',
    }),
    signedOut: {
      tags: ['signupChooser'],
      on: {
        'signup.choose': {
          actions: {
            type: 'login',
            params: ({ context, event }) => ({
              connection: event.connection,
              screenHint: 'signup',
              returnTo: invitePath(context),
            }),
          },
        },
      },
    },
    profileStep: {
      invoke: {
        id: 'profileStep',
        src: 'profileStep',
        onSnapshot: {
          actions: assign({ profileStep: ({ event }) => mirrorOfProfileStep(event.snapshot) }),
        },
        onDone: [
          {
            guard: { type: 'isProfileStepFailed', params: ({ event }) => ({ output: event.output }) },
            target: 'failed',
            actions: assign({ errorCode: 'profile_failed' }),
          },
          { target: 'checkingEmail' },
        ],
        onError: { target: 'failed', actions: assign({ errorCode: 'profile_failed' }) },
      },
      exit: assign({ profileStep: null }),
      on: { 'profile.submit': { actions: sendTo('profileStep', ({ event }) => event) } },
    },
    checkingEmail: {
      always: [{ guard: 'isEmailVerified', target: 'loadingInvites' }, { target: 'unverifiedEmail' }],
    },
    unverifiedEmail: {
      tags: ['emailUnverified'],
      on: {
        'email.verify': {
          actions: {
            type: 'navigate',
            params: ({ context }) => ({
              to: '/auth/unverified-email',
              search: { returnTo: invitePath(context) },
            }),
          },
        },
      },
    },
    loadingInvites: {
      tags: ['busy'],
      invoke: {
        id: 'fetchPendingInvites',
        src: 'fetchPendingInvites',
        onDone: { target: 'checkingInviteTarget', actions: assign({ invites: ({ event }) => event.output }) },
        // Without the list the server still decides whether the invite exists.
        onError: { target: 'acceptingInvite' },
      },
    },
    checkingInviteTarget: {
      always: [
        { guard: 'isInviteForAnotherPractice', target: 'otherPractice' },
        { target: 'acceptingInvite' },
      ],
    },
    acceptingInvite: {
      tags: ['busy'],
      invoke: {
        id: 'acceptInvite',
        src: 'acceptInvite',
        input: ({ context }) => ({ practiceKey: context.practiceKey ?? '' }),
        onDone: { target: 'redirecting', actions: assign({ practice: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'isUnknownInvite', params: ({ event }) => ({ error: event.error }) },
            target: 'inviteNotFound',
          },
          {
            guard: { type: 'isForbidden', params: ({ event }) => ({ error: event.error }) },
            target: 'unverifiedEmail',
          },
          { target: 'failed', actions: assign({ errorCode: 'accept_failed' }) },
        ],
      },
    },
    otherPractice: {
      tags: ['otherPractice'],
      entry: 'clearInvite',
      on: { 'switchPractice.open': { actions: { type: 'navigate', params: { to: '/switch-practice' } } } },
    },
    inviteNotFound: {
      tags: ['inviteNotFound'],
      entry: 'clearInvite',
      on: { 'switchPractice.open': { actions: { type: 'navigate', params: { to: '/switch-practice' } } } },
    },
    redirecting: {
      tags: ['busy'],
      type: 'final',
      entry: [
        'clearInvite',
        {
          type: 'redirectToInviteTarget',
          params: ({ context }) => ({
            redirectUri: context.redirectUri,
            environmentUrl: context.practice?.environmentUrl ?? '',
          }),
        },
      ],
    },
    failed: {
      type: 'final',
      entry: { type: 'navigate', params: { to: '/server-error', replace: true } },
    },
  },
});

type InviteSnapshot = { context: InviteContext; hasTag(tag: string): boolean };

export type InviteView =
  | 'busy'
  | 'signupChooser'
  | 'profileForm'
  | 'emailUnverified'
  | 'otherPractice'
  | 'inviteNotFound';

export function selectInviteView(snapshot: InviteSnapshot): InviteView {
  for (const view of [
    'signupChooser',
    'profileForm',
    'emailUnverified',
    'otherPractice',
    'inviteNotFound',
  ] as const) {
    if (hasStepTag(snapshot, view)) return view;
  }
  return 'busy';
}

export type InviteActor = ActorRefFrom<typeof inviteMachine>;
