import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
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
 * How views see it (the design, decision 104): the child is selected, not mirrored.
 * - Events: the parent's invoking state forwards `profile.submit` to this child (`sendTo`), so
 *   the view sends `{ type: 'profile.submit', profile }` to the page actor as before.
 * - State: the parent's snapshot holds this actor as `children.profileStep` while the step runs
 *   (undefined otherwise); nothing of it is copied into the parent's context. The parent's
 *   `selectProfileStep` gives the child actor, and the selectors here read the child's own
 *   snapshot: `hasProfileStepTag`, `selectProfileStepFailure` (the form's failure),
 *   `selectProfileStepSaving`; `hasStepTag` reads the parent's own tags plus the running child's,
 *   so `profileForm` and `busy` keep their meaning for the parent's view selector. A parent's
 *   snapshot does not change when only the child's does: a view selects the child actor from the
 *   parent, subscribes to the child itself (`useSelector(step, …)`) and passes the child's
 *   snapshot to the parent's view selector (src/views/join-practice/use-join-practice-view.ts,
 *   src/views/shared/profile-step-form.tsx).
 * Effects are provided by name on this machine (`profileStepMachine.provide({ actors })`) and
 * handed to the parent as its `profileStep` actor (src/app/live/join-practice.ts).
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
export type ProfileStepActor = ActorRefFrom<typeof profileStepMachine>;

/** The tags of this machine a view selects on. */
export type ProfileStepTag = 'busy' | 'profileForm';
const stepTags: readonly string[] = ['busy', 'profileForm'] satisfies ProfileStepTag[];

/**
 * The step's snapshot when it is this machine's: none outside the step, and a stand-in provided
 * under the same name (the path tests' and the atlas's inert fakes) reports snapshots without tags
 * or context (the view shows the busy screen).
 */
const ownSnapshot = (step: ProfileStepSnapshot | undefined): ProfileStepSnapshot | undefined =>
  typeof step?.hasTag === 'function' ? step : undefined;

/** The running step has `tag` (false without a step). */
export const hasProfileStepTag = (step: ProfileStepSnapshot | undefined, tag: ProfileStepTag): boolean =>
  ownSnapshot(step)?.hasTag(tag) ?? false;

/** The profile form's failure: a 400 answer's field errors and message (null without a step). */
export const selectProfileStepFailure = (step: ProfileStepSnapshot | undefined): CallFailure | null =>
  ownSnapshot(step)?.context.failure ?? null;

/** The profile is being saved (or the check is running). */
export const selectProfileStepSaving = (step: ProfileStepSnapshot | undefined): boolean =>
  hasProfileStepTag(step, 'busy');

/** A parent's snapshot: this machine runs as its `profileStep` child while the step runs. */
export interface ProfileStepParentSnapshot {
  children: { profileStep?: { getSnapshot(): ProfileStepSnapshot } };
  hasTag(tag: string): boolean;
}

/** The running profile step's current snapshot (undefined outside the step). */
export const selectProfileStepSnapshot = (
  snapshot: ProfileStepParentSnapshot,
): ProfileStepSnapshot | undefined => snapshot.children.profileStep?.getSnapshot();

/**
 * The parent's own tag, or the running profile step's; `step` is the child's snapshot (by
 * default read from the parent's children; a view passes the one it subscribed to).
 */
export function hasStepTag(
  snapshot: ProfileStepParentSnapshot,
  tag: string,
  step: ProfileStepSnapshot | undefined = selectProfileStepSnapshot(snapshot),
): boolean {
  return snapshot.hasTag(tag) || (stepTags.includes(tag) && hasProfileStepTag(step, tag as ProfileStepTag));
}

/** Guard helper for the parent's `onDone`. */
export const isProfileStepFailed = (output: ProfileStepOutput | undefined): boolean =>
  output?.result === 'failed';
