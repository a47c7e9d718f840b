import { browserStorage } from '../browser-storage';
import { storageKeys } from '../storage-keys';

/**
 * The invite landing flag in local storage: set with the stored invite when /invite sends a
 * signed-out user to sign up (src/app/live/stored-invite.ts), read and cleared by the landing page,
 * which sends the user back to /invite once. Kept apart from the stored invite so the landing's
 * first screen carries no invite reader (the reader, and its schema, load only when the flag is
 * set; decision 104).
 */

/** The given storage (tests, the prerender), else the browser's local storage when it can be used. */
export function storageOf(storage?: Storage): Storage | null {
  return storage ?? browserStorage('local');
}

/** The flag alone; whether an invite is really stored is the reader's to say. */
export function isInviteLandingSet(storage?: Storage): boolean {
  return storageOf(storage)?.getItem(storageKeys.inviteLanding) === 'true';
}

export function clearInviteLanding(storage?: Storage): void {
  storageOf(storage)?.removeItem(storageKeys.inviteLanding);
}
