import { type ActorRefFrom, and, assign, fromPromise, type SnapshotFrom, sendTo, setup } from 'xstate';
import type { Invite, LoginConnection, Profile, SessionUser, UserPractice } from './domain';
import {
  awaitingSession,
  awaitingSessionGuards,
  failureOf,
  isCallFailure,
  isEmailVerified,
  type LoginParams,
  type NavigateParams,
  type SessionAnswer,
  userMessageOf,
} from './practice-flow';
import {
  hasStepTag,
  isProfileStepFailed,
  type ProfileStepOutput,
  type ProfileStepSnapshot,
  profileStepMachine,
  selectProfileStepSnapshot,
} from './profile-step.machine';

/**
 * Joining a practice (spec §2 /invite and /invite-code, §4, §5, §6, §8), one machine for both
 * ways in (decision 104); the input says which:
 *
 * - `{ via: 'link', practiceKey, redirectUri }` — /invite?practiceKey=&redirectUri=. No invite →
 *   not found. The invite is kept in local storage (provided `storeInvite`) so it survives the
 *   sign-up redirect and a reload. Signed out: a sign-up chooser that returns here. After the
 *   common steps the pending invites are loaded (an invite for another practice gets its own
 *   screen) and the invite is accepted; 404/410 → not found, 403 → the unverified-email screen.
 * - `{ via: 'code', forceLogin, code }` — /invite-code?forceLogin=&code=. Signed out with
 *   forceLogin not false: the login chooser; with forceLogin=false the login starts straight away
 *   (the authentication guard's behaviour). After the common steps the code form (required, shown
 *   uppercase, `code` prefills); a rejected code shows the server's message and keeps the code.
 *
 * Common to both: the awaiting-session state (`awaitingSession`, machines/practice-flow.ts), the
 * profile step (machines/profile-step.machine.ts, invoked as `profileStep`: without a profile the
 * form, ≥ 500 → /server-error, 400 stays with the errors; views select the child actor
 * (`selectProfileStep`) and read its snapshot, and `profile.submit` is forwarded to it), the email
 * check (an unverified link shows its screen, an unverified code entry goes to the verification
 * page), and the redirect: to `redirectUri` when it is on an allowed origin, else to the practice's
 * environment (the edge, src/app/live/redirects.ts, decides).
 */

/** An invitation link's keys (also what is kept in local storage). */
export interface InviteLink {
  practiceKey: string | null;
  redirectUri: string | null;
}

/** An invite code entry's address parameters. */
export interface InviteCodeEntry {
  forceLogin: boolean | null;
  code: string | null;
}

export type JoinPracticeInput = ({ via: 'link' } & InviteLink) | ({ via: 'code' } & InviteCodeEntry);

export interface JoinPracticeContext extends InviteLink {
  via: JoinPracticeInput['via'];
  forceLogin: boolean | null;
  /** The code as shown (uppercase): the prefilled one, then the last one submitted. */
  code: string;
  user: SessionUser | null;
  /** The user's pending invites (to tell an invite for another practice apart). */
  invites: Invite[];
  practice: UserPractice | null;
  /** The server's message for a rejected code (server data, shown as is). */
  serverMessage: string | null;
  errorCode: 'session_failed' | 'profile_failed' | 'accept_failed' | 'code_rejected' | 'code_failed' | null;
}

export type JoinPracticeEvent =
  | { type: 'signup.choose'; connection: LoginConnection }
  | { type: 'login.choose'; connection: LoginConnection }
  | { type: 'profile.submit'; profile: Profile }
  | { type: 'email.verify' }
  | { type: 'switchPractice.open' }
  | { type: 'code.submit'; code: string };

export const normaliseInviteCode = (code: string | null | undefined): string =>
  (code ?? '').trim().toUpperCase();

/** The path of an invitation link on the app (the sign-up returns here). */
export function invitePath(link: InviteLink): string {
  const query = new URLSearchParams();
  if (link.practiceKey) query.set('practiceKey', link.practiceKey);
  if (link.redirectUri) query.set('redirectUri', link.redirectUri);
  const qs = query.toString();
  return qs ? `/invite?${qs}` : '/invite';
}

/** The path of the invite code page (the login returns here). */
export function inviteCodePath(code: string): string {
  return code ? `/invite-code?${new URLSearchParams({ code }).toString()}` : '/invite-code';
}

/** Where a login or the email verification returns to: the page the user came by. */
export const returnPathOf = (context: JoinPracticeContext): string =>
  context.via === 'link' ? invitePath(context) : inviteCodePath(context.code);

/** Where to go after joining, in order of preference: the first allowed one wins (spec §2, §6). */
export interface PracticeRedirect {
  urls: string[];
}

/**
 * After joining: an invitation link's `redirectUri` first, else the joined practice's environment;
 * an invite code (no `redirectUri`) goes to the environment.
 */
export function practiceRedirectOf(
  context: Pick<JoinPracticeContext, 'redirectUri'> & { practice: { environmentUrl: string } | null },
): PracticeRedirect {
  const environmentUrl = context.practice?.environmentUrl ?? '';
  return { urls: context.redirectUri === null ? [environmentUrl] : [context.redirectUri, environmentUrl] };
}

export const joinPracticeMachine = setup({
  types: {
    input: {} as JoinPracticeInput,
    context: {} as JoinPracticeContext,
    events: {} as JoinPracticeEvent,
    children: {} as { profileStep: 'profileStep' },
  },
  actors: {
    awaitSession: fromPromise<SessionAnswer>(async () => ({ user: null })),
    profileStep: profileStepMachine,
    fetchPendingInvites: fromPromise<Invite[]>(async () => []),
    acceptInvite: fromPromise<UserPractice, { practiceKey: string }>(async () => {
      throw new Error('acceptInvite not provided');
    }),
    joinWithCode: fromPromise<UserPractice, { inviteCode: string }>(async () => {
      throw new Error('joinWithCode not provided');
    }),
  },
  actions: {
    login: (_, _params: LoginParams) => undefined,
    navigate: (_, _params: NavigateParams) => undefined,
    storeInvite: (_, _params: InviteLink) => undefined,
    clearInvite: () => undefined,
    /** Leaves for the first of `urls` on an allowed origin (the edge checks; none → /server-error). */
    redirectToPractice: (_, _params: PracticeRedirect) => undefined,
    assignUser: assign({ user: (_, answer: SessionAnswer) => answer.user }),
    assignSessionFailure: assign({ errorCode: 'session_failed' as const }),
  },
  guards: {
    ...awaitingSessionGuards,
    isInviteLink: ({ context }) => context.via === 'link',
    isInviteCode: ({ context }) => context.via === 'code',
    hasInvite: ({ context }) => Boolean(context.practiceKey),
    isLoginForced: ({ context }) => context.forceLogin !== false,
    isProfileStepFailed: (_, params: { output: ProfileStepOutput | undefined }) =>
      isProfileStepFailed(params.output),
    isEmailVerified: ({ context }) => isEmailVerified(context.user),
    isInviteForAnotherPractice: ({ context }) =>
      context.invites.length > 0 && !context.invites.some((i) => i.practiceKey === context.practiceKey),
    isUnknownInvite: (_, params: { error: unknown }) => [404, 410].includes(failureOf(params.error).status),
    isForbidden: (_, params: { error: unknown }) => failureOf(params.error).status === 403,
    isCallFailure: (_, params: { error: unknown }) => isCallFailure(params.error),
    hasCode: (_, params: { code: string }) => normaliseInviteCode(params.code) !== '',
  },
}).createMachine({
  id: 'joinPractice',
  context: ({ input }) => ({
    via: input.via,
    practiceKey: input.via === 'link' ? input.practiceKey : null,
    redirectUri: input.via === 'link' ? input.redirectUri : null,
    forceLogin: input.via === 'code' ? input.forceLogin : null,
    code: input.via === 'code' ? normaliseInviteCode(input.code) : '',
    user: null,
    invites: [],
    practice: null,
    serverMessage: null,
    errorCode: null,
  }),
  initial: 'checkingInvite',
  states: {
    // ── the way in ──
    checkingInvite: {
      always: [
        { guard: 'isInviteCode', target: 'checkingSession' },
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
      always: [
        { guard: 'isInviteLink', target: 'choosingSignup' },
        { guard: 'isLoginForced', target: 'choosingLogin' },
        { target: 'redirectingToLogin' },
      ],
    },
    choosingSignup: {
      tags: ['signupChooser'],
      on: {
        'signup.choose': {
          actions: {
            type: 'login',
            params: ({ context, event }) => ({
              connection: event.connection,
              screenHint: 'signup',
              returnTo: returnPathOf(context),
            }),
          },
        },
      },
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
              returnTo: returnPathOf(context),
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
          returnTo: returnPathOf(context),
        }),
      },
    },
    // ── common: the profile step and the email check ──
    profileStep: {
      invoke: {
        id: 'profileStep',
        src: 'profileStep',
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
      on: { 'profile.submit': { actions: sendTo('profileStep', ({ event }) => event) } },
    },
    checkingEmail: {
      always: [
        { guard: and(['isEmailVerified', 'isInviteLink']), target: 'loadingInvites' },
        { guard: 'isEmailVerified', target: 'enteringCode' },
        { guard: 'isInviteLink', target: 'unverifiedEmail' },
        { target: 'verifyingEmail' },
      ],
    },
    // ── by link: the pending invites, then the invite accepted ──
    unverifiedEmail: {
      tags: ['emailUnverified'],
      on: {
        'email.verify': {
          actions: {
            type: 'navigate',
            params: ({ context }) => ({
              to: '/auth/unverified-email',
              search: { returnTo: returnPathOf(context) },
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
        onDone: {
          target: 'redirecting',
          actions: [assign({ practice: ({ event }) => event.output }), 'clearInvite'],
        },
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
    // ── by code: the code form ──
    verifyingEmail: {
      tags: ['busy'],
      type: 'final',
      entry: {
        type: 'navigate',
        params: ({ context }) => ({
          to: '/auth/unverified-email',
          search: { returnTo: returnPathOf(context) },
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
            // A 200 answering { isSuccess: false, message } reaches here as a 500 (spec §8): its
            // message is the server's answer to the user. A server failure's body is not.
            actions: assign({
              errorCode: 'code_failed',
              serverMessage: ({ event }) => userMessageOf(event.error),
            }),
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
    // ── common: the way out ──
    redirecting: {
      tags: ['busy'],
      type: 'final',
      entry: {
        type: 'redirectToPractice',
        params: ({ context }) => practiceRedirectOf(context),
      },
    },
    failed: {
      type: 'final',
      entry: { type: 'navigate', params: { to: '/server-error', replace: true } },
    },
  },
});

export type JoinPracticeSnapshot = SnapshotFrom<typeof joinPracticeMachine>;

/** What the join-practice screens show (the link's screen and the code's screen each show theirs). */
export type JoinPracticeView =
  | 'busy'
  | 'signupChooser'
  | 'loginChooser'
  | 'profileForm'
  | 'emailUnverified'
  | 'otherPractice'
  | 'inviteNotFound'
  | 'codeForm';

const views = [
  'signupChooser',
  'loginChooser',
  'profileForm',
  'emailUnverified',
  'otherPractice',
  'inviteNotFound',
  'codeForm',
] as const;

/**
 * The screen to show: the parent's tags, and the running profile step's (`step`, the child's
 * snapshot: read from the parent's children by default; a view passes the one it subscribed to,
 * as the parent's snapshot does not change when only the child's does).
 */
export function selectJoinPracticeView(
  snapshot: JoinPracticeSnapshot,
  step: ProfileStepSnapshot | undefined = selectProfileStepSnapshot(snapshot),
): JoinPracticeView {
  for (const view of views) {
    if (hasStepTag(snapshot, view, step)) return view;
  }
  return 'busy';
}

/** The running profile step's actor (undefined outside the step). */
export const selectProfileStep = (snapshot: JoinPracticeSnapshot) => snapshot.children.profileStep;

export const selectJoinPracticeUser = (snapshot: JoinPracticeSnapshot): SessionUser | null =>
  snapshot.context.user;

export type JoinPracticeActor = ActorRefFrom<typeof joinPracticeMachine>;
