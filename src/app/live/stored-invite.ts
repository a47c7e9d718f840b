import type { InviteLink } from '#machines/join-practice.machine';
import { logger } from '../../logger';
import { storedInviteOf } from '../../validation/stored-invite';
import { storageKeys } from '../storage-keys';
import { isInviteLandingSet, storageOf } from './invite-landing';

/**
 * The stored invite (practiceKey + redirectUri) in local storage, so it survives the sign-up
 * redirect and a reload (spec §2 /invite), read back through its schema
 * (src/validation/stored-invite.ts). Storing it sets the invite landing flag
 * (src/app/live/invite-landing.ts). Read by the invite flow, and by the landing page only when the
 * flag is set (loaded then, by dynamic import).
 */

export function readStoredInvite(storage?: Storage): InviteLink | null {
  try {
    const raw = storageOf(storage)?.getItem(storageKeys.invite);
    return raw ? storedInviteOf(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

export function storeInvite(invite: InviteLink, storage?: Storage): void {
  const store = storageOf(storage);
  try {
    store?.setItem(storageKeys.invite, JSON.stringify(invite));
    store?.setItem(storageKeys.inviteLanding, 'true');
  } catch (error) {
    logger.warn('invite: could not store the invite', error);
  }
}

export function clearStoredInvite(storage?: Storage): void {
  const store = storageOf(storage);
  store?.removeItem(storageKeys.invite);
  store?.removeItem(storageKeys.inviteLanding);
}

/** The landing page sends a user back to /invite once after signing up (one-shot flag). */
export function hasInviteLanding(storage?: Storage): boolean {
  return isInviteLandingSet(storage) && readStoredInvite(storage) !== null;
}

/** The invite of the page: the address's practiceKey wins, else the stored invite. */
export function resolveInviteLink(
  search: { practiceKey?: string | undefined; redirectUri?: string | undefined },
  storage?: Storage,
): InviteLink {
  if (search.practiceKey) return { practiceKey: search.practiceKey, redirectUri: search.redirectUri ?? null };
  return readStoredInvite(storage) ?? { practiceKey: null, redirectUri: null };
}
