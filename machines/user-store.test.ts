import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { UserPractice } from './domain';
import {
  selectEmail,
  selectHasProfile,
  selectInvites,
  selectPractices,
  selectPracticesHasLoaded,
  selectUserStoreError,
  type UserStatePatch,
  userStoreMachine,
} from './user-store.machine';

const practice = (practiceName: string, practiceKey = practiceName.toLowerCase()): UserPractice => ({
  practiceKey,
  practiceName,
  environment: 'au',
  environmentUrl: 'https://au.example',
});

function arrange(input?: { email?: { address: string; verified: boolean } }) {
  const loads: { resolve(patch: UserStatePatch): void; reject(error: unknown): void }[] = [];
  const machine = userStoreMachine.provide({
    actors: {
      fetchUserState: fromPromise<UserStatePatch>(
        () => new Promise<UserStatePatch>((resolve, reject) => loads.push({ resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, loads, snapshot: () => actor.getSnapshot() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('user store machine', () => {
  it('starts empty, not loaded, with the session email from input', () => {
    const t = arrange({ email: { address: 'a@example.com', verified: false } });
    expect(t.snapshot().value).toBe('idle');
    expect(selectPractices(t.snapshot())).toEqual([]);
    expect(selectPracticesHasLoaded(t.snapshot())).toBe(false);
    expect(selectInvites(t.snapshot())).toEqual([]);
    expect(selectEmail(t.snapshot())).toEqual({ address: 'a@example.com', verified: false });
    expect(selectHasProfile(t.snapshot())).toBe(false);
  });

  it('a full state message replaces everything, practices sorted by practiceName', () => {
    const t = arrange();
    t.actor.send({
      type: 'store.message',
      message: {
        type: 'state',
        payload: {
          practices: [practice('Zeta Vets'), practice('alpha clinic'), practice('Midtown')],
          invites: [{ practiceKey: 'i1', practiceName: 'Invited' }],
          email: { address: 'b@example.com', verified: true },
          hasProfile: true,
        },
      },
    });
    expect(selectPractices(t.snapshot()).map((p) => p.practiceName)).toEqual([
      'alpha clinic',
      'Midtown',
      'Zeta Vets',
    ]);
    expect(selectPracticesHasLoaded(t.snapshot())).toBe(true);
    expect(selectInvites(t.snapshot())).toEqual([{ practiceKey: 'i1', practiceName: 'Invited' }]);
    expect(selectEmail(t.snapshot())).toEqual({ address: 'b@example.com', verified: true });
    expect(selectHasProfile(t.snapshot())).toBe(true);
  });

  it('partial messages update one part each', () => {
    const t = arrange();
    t.actor.send({
      type: 'store.message',
      message: { type: 'practices', payload: [practice('B'), practice('A')] },
    });
    expect(selectPractices(t.snapshot()).map((p) => p.practiceName)).toEqual(['A', 'B']);
    expect(selectPracticesHasLoaded(t.snapshot())).toBe(true);
    t.actor.send({
      type: 'store.message',
      message: { type: 'invites', payload: [{ practiceKey: 'x', practiceName: 'X' }] },
    });
    expect(selectInvites(t.snapshot())).toHaveLength(1);
    t.actor.send({
      type: 'store.message',
      message: { type: 'email', payload: { address: 'c@x.io', verified: true } },
    });
    expect(selectEmail(t.snapshot())).toEqual({ address: 'c@x.io', verified: true });
    t.actor.send({ type: 'store.message', message: { type: 'profile', payload: { hasProfile: true } } });
    expect(selectHasProfile(t.snapshot())).toBe(true);
    // Untouched parts stay.
    expect(selectPractices(t.snapshot())).toHaveLength(2);
  });

  it('store.load fetches and merges what it read', async () => {
    const t = arrange({ email: { address: 'a@example.com', verified: true } });
    t.actor.send({ type: 'store.load' });
    expect(t.snapshot().value).toBe('loading');
    expect(t.snapshot().hasTag('busy')).toBe(true);
    t.actor.send({ type: 'store.load' });
    expect(t.loads).toHaveLength(1);
    t.loads[0]?.resolve({ practices: [practice('Zed'), practice('Abe')], hasProfile: true });
    await settle();
    expect(t.snapshot().value).toBe('idle');
    expect(selectPractices(t.snapshot()).map((p) => p.practiceName)).toEqual(['Abe', 'Zed']);
    expect(selectPracticesHasLoaded(t.snapshot())).toBe(true);
    expect(selectHasProfile(t.snapshot())).toBe(true);
    expect(selectEmail(t.snapshot())).toEqual({ address: 'a@example.com', verified: true });
  });

  it('messages still apply while loading', async () => {
    const t = arrange();
    t.actor.send({ type: 'store.load' });
    t.actor.send({
      type: 'store.message',
      message: { type: 'invites', payload: [{ practiceKey: 'k', practiceName: 'K' }] },
    });
    expect(selectInvites(t.snapshot())).toHaveLength(1);
    t.loads[0]?.resolve({ hasProfile: false });
    await settle();
    expect(selectInvites(t.snapshot())).toHaveLength(1);
    expect(selectPracticesHasLoaded(t.snapshot())).toBe(false);
  });

  it('a failed load keeps the data, records loadFailed, and can be retried', async () => {
    const t = arrange();
    t.actor.send({ type: 'store.message', message: { type: 'practices', payload: [practice('Kept')] } });
    t.actor.send({ type: 'store.load' });
    t.loads[0]?.reject(new Error('500'));
    await settle();
    expect(t.snapshot().value).toBe('failed');
    expect(selectUserStoreError(t.snapshot())).toBe('loadFailed');
    expect(selectPractices(t.snapshot())).toHaveLength(1);
    t.actor.send({ type: 'store.load' });
    expect(t.snapshot().value).toBe('loading');
    // The new attempt clears the old failure at once (a screen waiting on it shows loading again).
    expect(selectUserStoreError(t.snapshot())).toBeNull();
    t.loads[1]?.resolve({ practices: [] });
    await settle();
    expect(selectUserStoreError(t.snapshot())).toBeNull();
    expect(selectPractices(t.snapshot())).toEqual([]);
  });

  it('store.reset clears the data but keeps the email', async () => {
    const t = arrange({ email: { address: 'a@example.com', verified: true } });
    t.actor.send({ type: 'store.message', message: { type: 'practices', payload: [practice('P')] } });
    t.actor.send({ type: 'store.load' });
    t.actor.send({ type: 'store.reset' });
    expect(t.snapshot().value).toBe('idle');
    expect(selectPractices(t.snapshot())).toEqual([]);
    expect(selectPracticesHasLoaded(t.snapshot())).toBe(false);
    expect(selectEmail(t.snapshot()).address).toBe('a@example.com');
  });
});
