import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SessionUser } from '#machines/domain';
import {
  type LogoutRequest,
  type SessionCheckResult,
  selectIsSettled,
  sessionMachine,
} from '#machines/session.machine';
import { storageKeys } from './storage-keys';
import { bindUserStorage } from './user-storage';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const userA: SessionUser = { sub: 'auth0|a', email: 'a@example.com', email_verified: true };
const userB: SessionUser = { sub: 'auth0|b', email: 'b@example.com', email_verified: true };

/** What user B left behind: a draft, an invite, the landing flag and the stored page. */
function bLeftovers(storage: MemoryStorage, owner: string | null = userB.sub) {
  storage.setItem(storageKeys.onboardingPin, '"1234"');
  storage.setItem(storageKeys.onboardingProfileRegistration, '{"firstName":"Bea"}');
  storage.setItem(storageKeys.onboardingPracticeRegistration, '{"practice":{"name":"B Vets"}}');
  storage.setItem(storageKeys.onboardingOptions, '{"registeredFromDirectoryPracticeKey":"dir-x"}');
  storage.setItem(storageKeys.invite, '{"practiceKey":"uk-camden"}');
  storage.setItem(storageKeys.inviteLanding, 'true');
  storage.setItem(storageKeys.storedPage, '/invite?practiceKey=uk-camden');
  if (owner) storage.setItem(storageKeys.userDataOwner, owner);
}

function session(result: SessionCheckResult) {
  const logouts: LogoutRequest[] = [];
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        checkSession: fromPromise(async () => result),
        loginWithRedirect: fromPromise(async () => new Promise<void>(() => undefined)),
        refreshSession: fromPromise(async () => userA),
        logout: fromPromise<void, LogoutRequest>(async ({ input }) => {
          logouts.push(input);
          await new Promise(() => undefined);
        }),
      },
    }),
  );
  actor.start();
  return actor;
}

const signedInAs = (user: SessionUser): SessionCheckResult => ({
  kind: 'signedIn',
  user,
  returnTo: null,
  callbackErrorCode: null,
});

describe('per-user browser data', () => {
  it('a different user signing in removes the previous user’s draft, invite, flag and stored page', async () => {
    const storage = new MemoryStorage();
    bLeftovers(storage);
    const actor = session(signedInAs(userA));
    bindUserStorage(actor, storage);
    await waitFor(actor, selectIsSettled);
    expect([...storage.items.entries()]).toEqual([[storageKeys.userDataOwner, userA.sub]]);
  });

  it('the same user signing in again keeps their draft', async () => {
    const storage = new MemoryStorage();
    bLeftovers(storage);
    const before = new Map(storage.items);
    const actor = session(signedInAs(userB));
    bindUserStorage(actor, storage);
    await waitFor(actor, selectIsSettled);
    expect(storage.items).toEqual(before);
  });

  it('data written while signed out (a pin, an invite before sign-up) is adopted by the user who signs in', async () => {
    const storage = new MemoryStorage();
    bLeftovers(storage, null);
    const actor = session(signedInAs(userA));
    bindUserStorage(actor, storage);
    await waitFor(actor, selectIsSettled);
    expect(storage.getItem(storageKeys.onboardingPin)).toBe('"1234"');
    expect(storage.getItem(storageKeys.invite)).toBe('{"practiceKey":"uk-camden"}');
    expect(storage.getItem(storageKeys.userDataOwner)).toBe(userA.sub);
  });

  it('logout removes everything the user left', async () => {
    const storage = new MemoryStorage();
    const actor = session(signedInAs(userB));
    bindUserStorage(actor, storage);
    await waitFor(actor, selectIsSettled);
    bLeftovers(storage);
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    // Everything bLeftovers wrote (the pin, the three drafts, the invite and its landing flag, the
    // stored page and the owner) is gone: nothing is left, whatever the list under test says.
    expect([...storage.items.keys()]).toEqual([]);
  });

  it('login_required (the session ended at the provider) removes everything', async () => {
    const storage = new MemoryStorage();
    const actor = session(signedInAs(userB));
    bindUserStorage(actor, storage);
    await waitFor(actor, selectIsSettled);
    bLeftovers(storage);
    actor.send({ type: 'session.loginRequired' });
    expect(storage.items.size).toBe(0);
  });

  it('a page that settles signed out removes data that still has an owner, keeps anonymous data', async () => {
    const owned = new MemoryStorage();
    bLeftovers(owned);
    const first = session({ kind: 'signedOut', callbackErrorCode: null });
    bindUserStorage(first, owned);
    await waitFor(first, selectIsSettled);
    expect(owned.items.size).toBe(0);

    const anonymous = new MemoryStorage();
    bLeftovers(anonymous, null);
    const second = session({ kind: 'signedOut', callbackErrorCode: null });
    bindUserStorage(second, anonymous);
    await waitFor(second, selectIsSettled);
    expect(anonymous.getItem(storageKeys.onboardingPin)).toBe('"1234"');
  });
});
