import type { AnyRouter } from '@tanstack/react-router';
import { logger } from '../logger';
import { browserStorage } from './browser-storage';
import { isNotFoundMatch } from './route-titles';
import { storageKeys } from './storage-keys';

/**
 * The stored page (spec §2): the last visited path and query, kept in local storage under
 * `storageKeys.storedPage`, except for paths under /auth, /mobile, /redirected, /server-error,
 * /no-access and /not-found. Unknown paths (the catch-all not-found screen) are not stored either
 * (docs/decisions/006-product-name-and-titles.md).
 *
 * Written by a router subscription (`subscribeStoredPage`, wired in src/app/app.tsx); read by
 * screens that "return to the stored page" (`readStoredPage`).
 */
export const storedPageExclusions = [
  '/auth',
  '/mobile',
  '/redirected',
  '/server-error',
  '/no-access',
  '/not-found',
] as const;

/** The place to go when nothing was stored yet (spec §2, /auth/verified-email). */
export const defaultStoredPage = '/switch-practice';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** True for a path equal to an excluded prefix or under it (segment-wise, case-insensitive). */
export function isExcludedFromStoredPage(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return storedPageExclusions.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** A same-origin app path: one leading slash, not `//` nor `/\` (which browsers treat as another host). */
export function isSameOriginPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/**
 * Stores `pathname + searchStr` unless the path is excluded. Returns what was stored, or null
 * when nothing was (excluded path, or storage unavailable).
 */
export function writeStoredPage(
  location: { pathname: string; searchStr: string },
  storage: KeyValueStore | null = browserStorage('local'),
): string | null {
  if (!storage || isExcludedFromStoredPage(location.pathname)) return null;
  const value = `${location.pathname}${location.searchStr}`;
  if (!isSameOriginPath(value)) return null;
  try {
    storage.setItem(storageKeys.storedPage, value);
    return value;
  } catch (error) {
    logger.warn('stored page: could not write to local storage', error);
    return null;
  }
}

/** The stored page, or `fallback` when none (or when the stored value is not a same-origin path). */
export function readStoredPage(
  fallback: string = defaultStoredPage,
  storage: KeyValueStore | null = browserStorage('local'),
): string {
  try {
    const value = storage?.getItem(storageKeys.storedPage);
    return value && isSameOriginPath(value) ? value : fallback;
  } catch (error) {
    logger.warn('stored page: could not read local storage', error);
    return fallback;
  }
}

/**
 * Writes the stored page after every resolved navigation whose screen is a real route (not the
 * catch-all not-found). Returns the unsubscribe function.
 */
export function subscribeStoredPage(
  router: AnyRouter,
  storage: KeyValueStore | null = browserStorage('local'),
): () => void {
  return router.subscribe('onResolved', ({ toLocation }) => {
    if (isNotFoundMatch(router.state.matches)) return;
    writeStoredPage(toLocation, storage);
  });
}
