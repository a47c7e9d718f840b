import type { SnapshotFrom } from 'xstate';
import { draftStorageKeyList } from '#machines/onboarding-steps';
import { selectUserDataRule, type sessionMachine } from '#machines/session.machine';
import { logger } from '../logger';
import { browserStorage } from './browser-storage';
import { storageKeys } from './storage-keys';

/**
 * Per-user data in the browser (docs/decisions/080-per-user-browser-data.md): the onboarding
 * draft, the stored invite and its landing flag, and the stored page belong to the user who was
 * signed in when they were written. A shared front-desk computer must never show one user's
 * draft to the next, so this module, following the session actor from outside it:
 *
 * - records the owner (the signed-in user's `sub`) when somebody is signed in; data written while
 *   signed out (a pin or an invite before sign-up) is adopted by the user who signs in next;
 * - removes everything when a DIFFERENT user signs in (the previous one never logged out);
 * - removes everything when the session ends: logout, login_required, a stale or foreign
 *   provider session being cleared, or a page that settles signed out while data still has an
 *   owner (the owner's session ended elsewhere).
 */

/**
 * Every local storage key that holds one user's data: every key of the onboarding draft (the step
 * table's, so a new part of the draft is per-user without a second list), the invite, the page.
 */
export const perUserStorageKeys: readonly string[] = [
  ...draftStorageKeyList,
  storageKeys.invite,
  storageKeys.inviteLanding,
  storageKeys.storedPage,
  storageKeys.userDataOwner,
];

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Removes every per-user key (and the owner mark). */
export function clearUserData(storage: KeyValueStore): void {
  for (const key of perUserStorageKeys) {
    try {
      storage.removeItem(key);
    } catch (error) {
      logger.warn('user storage: could not remove', key, error);
    }
  }
}

/** The signed-in user takes the data over: another owner's data is removed first. */
export function claimUserData(storage: KeyValueStore, sub: string): void {
  try {
    const owner = storage.getItem(storageKeys.userDataOwner);
    if (owner === sub) return;
    if (owner !== null) clearUserData(storage);
    storage.setItem(storageKeys.userDataOwner, sub);
  } catch (error) {
    logger.warn('user storage: could not record the owner', error);
  }
}

/** The part of the session actor this module reads (its snapshot, read by the session's own selector). */
export interface WatchableSession {
  getSnapshot(): SessionSnapshot;
  subscribe(listener: (snapshot: SessionSnapshot) => void): { unsubscribe(): void };
}

/** Keeps the per-user data bound to the session's user; returns the unsubscribe. */
export function bindUserStorage(
  session: WatchableSession,
  storage: KeyValueStore | null = browserStorage('local'),
) {
  if (!storage) return () => undefined;
  // Which state does what is the session machine's rule (selectUserDataRule).
  const follow = (snapshot: SessionSnapshot) => {
    const rule = selectUserDataRule(snapshot);
    const sub = snapshot.context.user?.sub;
    if (rule === 'claim' && sub) claimUserData(storage, sub);
    else if (rule === 'clear') clearUserData(storage);
    else if (rule === 'clearIfOwned' && storage.getItem(storageKeys.userDataOwner) !== null)
      clearUserData(storage);
  };
  follow(session.getSnapshot());
  const subscription = session.subscribe(follow);
  return () => subscription.unsubscribe();
}
