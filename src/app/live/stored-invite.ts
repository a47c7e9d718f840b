import type { InviteLink } from '../../../machines/join-practice.machine';
import { logger } from '../../logger';
import { storageKeys } from '../storage-keys';

/**
 * The stored invite (practiceKey + redirectUri) and the invite landing flag in local storage, so
 * they survive the sign-up redirect and a reload (spec §2 /invite). Read by the landing page
 * (the one-shot flag) and the invite flow.
 */

function storageOf(storage?: Storage): Storage | null {
  if (storage) return storage;
  return typeof window === 'undefined' ? null : window.localStorage;
}

export function readStoredInvite(storage?: Storage): InviteLink | null {
  const store = storageOf(storage);
  try {
    const raw = store?.getItem(storageKeys.invite);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Record<keyof InviteLink, unknown>>;
    if (typeof value.practiceKey !== 'string' || value.practiceKey === '') return null;
    return {
      practiceKey: value.practiceKey,
      redirectUri:
        typeof value.redirectUri === 'string' && value.redirectUri !== '' ? value.redirectUri : null,
    };
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
  const store = storageOf(storage);
  return store?.getItem(storageKeys.inviteLanding) === 'true' && readStoredInvite(storage) !== null;
}

export function clearInviteLanding(storage?: Storage): void {
  storageOf(storage)?.removeItem(storageKeys.inviteLanding);
}

/** The invite of the page: the address's practiceKey wins, else the stored invite. */
export function resolveInviteLink(
  search: { practiceKey?: string | undefined; redirectUri?: string | undefined },
  storage?: Storage,
): InviteLink {
  if (search.practiceKey) return { practiceKey: search.practiceKey, redirectUri: search.redirectUri ?? null };
  return readStoredInvite(storage) ?? { practiceKey: null, redirectUri: null };
}
