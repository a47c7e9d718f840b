import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { Profile } from './domain';
import { type CallFailure, failureOf, isBadRequest, isServerFailure } from './practice-flow';

/**
 * The profile step of the invite flows (spec §5 'Profile', §8), one child machine invoked by
 * machines/join-practice.machine.ts (both ways in: invitation link and invite code) once the user is signed in:
 * GET /api/profile/exists (provided `checkProfileExists`); a user with a profile is `ready` at
 * once; otherwise the profile form, and `profile.submit` saves it (provided `createProfile`):
 * 400 → back to the form with the field errors and message (`failure`), ≥ 500 → `failed`,
 * anything else (201, 409 'exists'…) → `ready`. A failed check is `failed` too. The output
 * (`ProfileStepOutput`) tells the parent which: the parent continues (`ready`) or goes to its
 * failure (`failed` → errorCode 'profile_failed', /server-error). Navigation stays the parent's.
 *
 * How views see it (the design): views keep talking to the PARENT actor only.
 * - Events: the parent's invoking state forwards `profile.submit` to this child (`sendTo`), so
 *   the view sends `{ type: 'profile.submit', profile }` to the page actor as before.
 * - State: the parent's invoke has `onSnapshot`, which mirrors `mirrorOfProfileStep(snapshot)`
 *   (this machine's tags and failure, plain data) into the parent's `context.profileStep`
 *   (null before the child reports and after the step). The parent's selectors read the
 *   parent's own tags plus the mirrored ones (`hasStepTag`), so `profileForm` and `busy` keep
 *   their meaning, and `selectProfileStepFailure` gives the form's failure. The parent's
 *   snapshot changes whenever the child's does, so `useSelector` on the page actor re-renders.
 * Effects are provided by name on this machine (`profileStepMachine.provide({ actors })`) and
 * handed to the parent as its `profileStep` actor (src/app/live/invites.ts).
 */

export interface ProfileStepContext {
  /** A 400 answer to the profile creation: field errors and message to show on the form. */
  failure: CallFailure | null;
}

export type ProfileStepEvent = { type: 'profile.submit'; profile: Profile };

export interface ProfileStepOutput {
  result: 'ready' | 'failed';
}

export const profileStepMachine = setup({
  types: {
    context: {} as ProfileStepContext,
    events: {} as ProfileStepEvent,
    output: {} as ProfileStepOutput,
  },
  actors: {
    checkProfileExists: fromPromise<boolean>(async () => false),
    createProfile: fromPromise<void, { profile: Profile }>(async () => undefined),
  },
  guards: {
    profileExists: (_, params: { exists: boolean }) => params.exists,
    isServerFailure: (_, params: { error: unknown }) => isServerFailure(params.error),
    isBadRequest: (_, params: { error: unknown }) => isBadRequest(params.error),
  },
}).createMachine({
  id: 'profileStep',
  context: { failure: null },
  initial: 'checkingProfile',
  output: ({ event }) => event.output as ProfileStepOutput,
  states: {
    checkingProfile: {
      tags: ['busy'],
      invoke: {
        id: 'checkProfileExists',
        src: 'checkProfileExists',
        onDone: [
          {
            guard: { type: 'profileExists', params: ({ event }) => ({ exists: event.output }) },
            target: 'ready',
          },
          { target: 'enteringProfile' },
        ],
        onError: { target: 'failed' },
      },
    },
    enteringProfile: {
      tags: ['profileForm'],
      on: { 'profile.submit': 'savingProfile' },
    },
    savingProfile: {
      tags: ['busy', 'profileForm'],
      invoke: {
        id: 'createProfile',
        src: 'createProfile',
        input: ({ event }) => ({
          profile: event.type === 'profile.submit' ? event.profile : ({} as Profile),
        }),
        onDone: { target: 'ready', actions: assign({ failure: null }) },
        onError: [
          {
            guard: { type: 'isServerFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
          },
          {
            guard: { type: 'isBadRequest', params: ({ event }) => ({ error: event.error }) },
            target: 'enteringProfile',
            actions: assign({ failure: ({ event }) => failureOf(event.error) }),
          },
          { target: 'ready', actions: assign({ failure: null }) },
        ],
      },
    },
    ready: {
      type: 'final',
      output: { result: 'ready' },
    },
    failed: {
      type: 'final',
      output: { result: 'failed' },
    },
  },
});

export type ProfileStepSnapshot = SnapshotFrom<typeof profileStepMachine>;

/** The tags of this machine a view selects on. */
export type ProfileStepTag = 'busy' | 'profileForm';

/** What a parent mirrors of the running step (plain data; see the doc comment above). */
export interface ProfileStepMirror {
  /** The step's active tags, sorted. */
  tags: ProfileStepTag[];
  failure: CallFailure | null;
}

export function mirrorOfProfileStep(snapshot: ProfileStepSnapshot): ProfileStepMirror | null {
  // A stand-in provided under the same name (the path tests' inert fakes) reports snapshots
  // without tags or context: nothing to mirror, the view shows the busy screen.
  if (typeof snapshot.hasTag !== 'function') return null;
  return {
    tags: (['busy', 'profileForm'] as const).filter((tag) => snapshot.hasTag(tag)),
    failure: snapshot.context.failure,
  };
}

/** A parent snapshot that mirrors the profile step into `context.profileStep`. */
export interface ProfileStepParentSnapshot {
  context: { profileStep: ProfileStepMirror | null };
  hasTag(tag: string): boolean;
}

/** The parent's own tag, or the running profile step's. */
export function hasStepTag(snapshot: ProfileStepParentSnapshot, tag: string): boolean {
  return snapshot.hasTag(tag) || (snapshot.context.profileStep?.tags.some((own) => own === tag) ?? false);
}

export const selectProfileStepFailure = (snapshot: ProfileStepParentSnapshot): CallFailure | null =>
  snapshot.context.profileStep?.failure ?? null;

export const selectStepBusy = (snapshot: ProfileStepParentSnapshot): boolean => hasStepTag(snapshot, 'busy');

/** Guard helper for the parent's `onDone`. */
export const isProfileStepFailed = (output: ProfileStepOutput | undefined): boolean =>
  output?.result === 'failed';
