import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Profile } from './domain';
import { failure, fixtures } from './practice-flow.fixtures';
import {
  hasProfileStepTag,
  type ProfileStepSnapshot,
  profileStepMachine,
  selectProfileStepFailure,
  selectProfileStepSaving,
} from './profile-step.machine';

const exists = (answer: boolean) => fromPromise<boolean>(async () => answer);

/** A createProfile that answers each call with the next outcome ('ok' or a failure to throw). */
function createProfileAnswering(outcomes: Array<'ok' | ReturnType<typeof failure>>) {
  const calls: Profile[] = [];
  const logic = fromPromise<void, { profile: Profile }>(async ({ input }) => {
    calls.push(input.profile);
    const outcome = outcomes[calls.length - 1] ?? 'ok';
    if (outcome !== 'ok') throw outcome;
  });
  return { logic, calls };
}

function start(profileExists: boolean, outcomes: Array<'ok' | ReturnType<typeof failure>> = []) {
  const create = createProfileAnswering(outcomes);
  const actor = createActor(
    profileStepMachine.provide({
      actors: { checkProfileExists: exists(profileExists), createProfile: create.logic },
    }),
  ).start();
  return { actor, calls: create.calls };
}

/** What a view selects from the step's snapshot: its tags, and the form's failure. */
function selected(snapshot: ProfileStepSnapshot) {
  const tags = (['busy', 'profileForm'] as const).filter((tag) => hasProfileStepTag(snapshot, tag));
  expect(selectProfileStepSaving(snapshot)).toBe(tags.includes('busy'));
  return { tags, failure: selectProfileStepFailure(snapshot) };
}

describe('profile-step machine', () => {
  it('a user with a profile is ready at once, without the form', async () => {
    const { actor } = start(true);
    expect(selected(actor.getSnapshot())).toEqual({ tags: ['busy'], failure: null });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ result: 'ready' });
  });

  it('without a profile shows the form; a saved profile is ready', async () => {
    const { actor, calls } = start(false, ['ok']);
    await waitFor(actor, (s) => s.hasTag('profileForm'));
    expect(selected(actor.getSnapshot())).toEqual({ tags: ['profileForm'], failure: null });
    actor.send({ type: 'profile.submit', profile: fixtures.profile });
    expect(selected(actor.getSnapshot())).toEqual({
      tags: ['busy', 'profileForm'],
      failure: null,
    });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual([fixtures.profile]);
    expect(actor.getSnapshot().output).toEqual({ result: 'ready' });
  });

  it('400 goes back to the form with the field errors; the next save continues', async () => {
    const rejected = failure(400, 'Phone is invalid', { phone: ['Phone is invalid'] });
    const { actor, calls } = start(false, [rejected, 'ok']);
    await waitFor(actor, (s) => s.hasTag('profileForm'));
    actor.send({ type: 'profile.submit', profile: fixtures.profile });
    await waitFor(actor, (s) => s.matches('enteringProfile') && s.context.failure !== null);
    expect(selected(actor.getSnapshot())).toEqual({ tags: ['profileForm'], failure: rejected });
    actor.send({ type: 'profile.submit', profile: { ...fixtures.profile, phone: '0412 999 888' } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toHaveLength(2);
    expect(actor.getSnapshot().output).toEqual({ result: 'ready' });
  });

  it.each([
    [500, 'failed'],
    [503, 'failed'],
    [409, 'ready'],
    [404, 'ready'],
  ] as const)('a save answered %i → %s', async (status, result) => {
    const { actor } = start(false, [failure(status)]);
    await waitFor(actor, (s) => s.hasTag('profileForm'));
    actor.send({ type: 'profile.submit', profile: fixtures.profile });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ result });
  });

  it('a failed profile check is failed', async () => {
    const actor = createActor(
      profileStepMachine.provide({
        actors: {
          checkProfileExists: fromPromise<boolean>(async () => {
            throw failure(500);
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ result: 'failed' });
  });

  it('ignores a submit while it is not showing the form', () => {
    const { actor } = start(false);
    actor.send({ type: 'profile.submit', profile: fixtures.profile });
    expect(actor.getSnapshot().value).toBe('checkingProfile');
  });

  it('selects nothing without a step, or from a stand-in without tags or context', () => {
    const standIn = {} as ProfileStepSnapshot;
    for (const step of [undefined, standIn]) {
      expect(hasProfileStepTag(step, 'busy')).toBe(false);
      expect(hasProfileStepTag(step, 'profileForm')).toBe(false);
      expect(selectProfileStepSaving(step)).toBe(false);
      expect(selectProfileStepFailure(step)).toBeNull();
    }
  });
});
