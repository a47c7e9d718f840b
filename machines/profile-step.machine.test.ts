import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Profile } from './domain';
import { failure, fixtures } from './practice-flow.fixtures';
import { mirrorOfProfileStep, profileStepMachine } from './profile-step.machine';

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

describe('profile-step machine', () => {
  it('a user with a profile is ready at once, without the form', async () => {
    const { actor } = start(true);
    expect(mirrorOfProfileStep(actor.getSnapshot())).toEqual({ tags: ['busy'], failure: null });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ result: 'ready' });
  });

  it('without a profile shows the form; a saved profile is ready', async () => {
    const { actor, calls } = start(false, ['ok']);
    await waitFor(actor, (s) => s.hasTag('profileForm'));
    expect(mirrorOfProfileStep(actor.getSnapshot())).toEqual({ tags: ['profileForm'], failure: null });
    actor.send({ type: 'profile.submit', profile: fixtures.profile });
    expect(mirrorOfProfileStep(actor.getSnapshot())).toEqual({
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
    expect(mirrorOfProfileStep(actor.getSnapshot())).toEqual({ tags: ['profileForm'], failure: rejected });
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
});
