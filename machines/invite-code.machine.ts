import { type ActorRefFrom, assign, fromPromise, sendTo, setup } from 'xstate';
import type { LoginConnection, Profile, SessionUser, UserPractice } from './domain';
import {
  awaitingSession,
  awaitingSessionGuards,
  failureOf,
  isCallFailure,
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
 * /invite-code?forceLogin=&code= (spec §2, §4, §5): no profile → the profile form (the profile
 * step, machines/profile-step.machine.ts, invoked as `profileStep`: its tags and failure are
 * mirrored into `context.profileStep` for the view, `profile.submit` is forwarded to it); unverified
 * email → the verification screen; otherwise the code form (required, shown uppercase, `code`
 * prefills). A signed-out visit with forceLogin not false shows the login chooser; with
 * forceLogin=false the login starts straight away (the authentication guard's behaviour).
 * Success (POST /api/userpractice/invite-code) redirects to the practice's environment; a
 * rejected code shows the server's message and keeps the typed code.
 */

export interface InviteCodeInput {
  forceLogin: boolean | null;
  code: string | null;
}

export interface InviteCodeContext {
  forceLogin: boolean | null;
  /** The code as shown (uppercase): the prefilled one, then the last one submitted. */
  code: string;
  user: SessionUser | null;
  practice: UserPractice | null;
  /** The running profile step's tags and failure (mirrored from the child; null otherwise). */
  profileStep: ProfileStepMirror | null;
  /** The server's message for a rejected code (server data, shown as is). */
  serverMessage: string | null;
  errorCode: 'session_failed' | 'profile_failed' | 'code_rejected' | 'code_failed' | null;
}

export type InviteCodeEvent =
  | { type: 'login.choose'; connection: LoginConnection }
  | { type: 'profile.submit'; profile: Profile }
  | { type: 'code.submit'; code: string };

export const normaliseInviteCode = (code: string | null | undefined): string =>
  (code ?? '').trim().toUpperCase();

/** The path of this page (the login returns here). */
export function inviteCodePath(code: string): string {
  return code ? `/invite-code?${new URLSearchParams({ code }).toString()}` : '/invite-code';
}

export const inviteCodeMachine = setup({
  types: {
    input: {} as InviteCodeInput,
    context: {} as InviteCodeContext,
    events: {} as InviteCodeEvent,
  },
  actors: {
    awaitSession: fromPromise<SessionAnswer>(async () => ({ user: null })),
    profileStep: profileStepMachine,
    joinWithCode: fromPromise<UserPractice, { inviteCode: string }>(async () => {
      throw new Error('joinWithCode not provided');
    }),
  },
  actions: {
    login: (_, _params: LoginParams) => undefined,
    navigate: (_, _params: NavigateParams) => undefined,
    assignUser: assign({ user: (_, answer: SessionAnswer) => answer.user }),
    assignSessionFailure: assign({ errorCode: 'session_failed' as const }),
    redirectToEnvironment: (_, _params: { url: string }) => undefined,
  },
  guards: {
    ...awaitingSessionGuards,
    isLoginForced: ({ context }) => context.forceLogin !== false,
    isProfileStepFailed: (_, params: { output: ProfileStepOutput | undefined }) =>
      isProfileStepFailed(params.output),
    isCallFailure: (_, params: { error: unknown }) => isCallFailure(params.error),
    isEmailVerified: ({ context }) => isEmailVerified(context.user),
    hasCode: (_, params: { code: string }) => normaliseInviteCode(params.code) !== '',
  },
}).createMachine({
  id: 'inviteCode',
  context: ({ input }) => ({
    forceLogin: input.forceLogin,
    code: normaliseInviteCode(input.code),
    user: null,
    practice: null,
    profileStep: null,
    serverMessage: null,
    errorCode: null,
  }),
  initial: 'checkingSession',
  states: {
    checkingSession: awaitingSession({
      signedIn: 'profileStep',
      signedOut: 'signedOut',
      failed: 'signedOut',
    }),
    signedOut: {
      always: [{ guard: 'isLoginForced', target: 'choosingLogin' }, { target: 'redirectingToLogin' }],
    },
    choosingLogin: {
      tags: ['loginChooser'],
      on: {
        'login.choose': {
          actions: {
            type: 'login',
            params: ({ context, event }) => ({
              connection: event.connection,
              screenHint: 'login',
              returnTo: inviteCodePath(context.code),
            }),
          },
        },
      },
    },
    redirectingToLogin: {
      tags: ['busy'],
      entry: {
        type: 'login',
        params: ({ context }) => ({
          connection: undefined,
          screenHint: 'login',
          returnTo: inviteCodePath(context.code),
        }),
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
      always: [{ guard: 'isEmailVerified', target: 'enteringCode' }, { target: 'unverifiedEmail' }],
    },
    unverifiedEmail: {
      tags: ['busy'],
      type: 'final',
      entry: {
        type: 'navigate',
        params: ({ context }) => ({
          to: '/auth/unverified-email',
          search: { returnTo: inviteCodePath(context.code) },
          replace: true,
        }),
      },
    },
    enteringCode: {
      tags: ['codeForm'],
      on: {
        'code.submit': {
          guard: { type: 'hasCode', params: ({ event }) => ({ code: event.code }) },
          target: 'submittingCode',
          actions: assign({
            code: ({ event }) => normaliseInviteCode(event.code),
            serverMessage: null,
            errorCode: null,
          }),
        },
      },
    },
    submittingCode: {
      tags: ['busy', 'codeForm'],
      invoke: {
        id: 'joinWithCode',
        src: 'joinWithCode',
        input: ({ context }) => ({ inviteCode: context.code }),
        onDone: { target: 'redirecting', actions: assign({ practice: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'isCallFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'enteringCode',
            actions: assign({ errorCode: 'code_failed', serverMessage: null }),
          },
          {
            target: 'enteringCode',
            actions: assign({
              errorCode: 'code_rejected',
              serverMessage: ({ event }) => failureOf(event.error).message,
            }),
          },
        ],
      },
    },
    redirecting: {
      tags: ['busy'],
      type: 'final',
      entry: {
        type: 'redirectToEnvironment',
        params: ({ context }) => ({ url: context.practice?.environmentUrl ?? '' }),
      },
    },
    failed: {
      type: 'final',
      entry: { type: 'navigate', params: { to: '/server-error', replace: true } },
    },
  },
});

type InviteCodeSnapshot = { context: InviteCodeContext; hasTag(tag: string): boolean };

export type InviteCodeView = 'busy' | 'loginChooser' | 'profileForm' | 'codeForm';

export function selectInviteCodeView(snapshot: InviteCodeSnapshot): InviteCodeView {
  for (const view of ['loginChooser', 'profileForm', 'codeForm'] as const) {
    if (hasStepTag(snapshot, view)) return view;
  }
  return 'busy';
}

export type InviteCodeActor = ActorRefFrom<typeof inviteCodeMachine>;
