import type { AuthConfig } from '#machines/domain';
import { providerKeyPrefix } from './provider-storage';

/**
 * "Surely signed out, no SDK needed": the identity provider's SDK (auth0-spa-js 2.27) itself would
 * find no session to restore, so the signed-out screen can show without loading it
 * (docs/decisions/123-critical-css.md). Mirrors the SDK exactly, pinned by
 * src/auth/session-hint.test.ts against the real SDK:
 * - `checkSession()` asks the provider only when its authenticated flag is set: the cookie
 *   `auth0.<clientId>.is.authenticated` or the old `auth0.is.authenticated`, each also read under
 *   the `_legacy_` prefix (CookieStorageWithLegacySameSite, the default);
 * - `isAuthenticated()` reads the token cache, which survives a page load only with
 *   `cacheLocation: 'localstorage'` (keys `@@auth0spajs@@::<clientId>::…`);
 * - the return from the provider (`/auth/redirect` with `state` and `code` or `error`) always
 *   needs the SDK (the redirect callback).
 */

export function authenticatedCookieNames(clientId: string): string[] {
  const names = [`auth0.${clientId}.is.authenticated`, 'auth0.is.authenticated'];
  return [...names, ...names.map((name) => `_legacy_${name}`)];
}

function cookieSet(cookieHeader: string): Set<string> {
  const names = new Set<string>();
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.split('=');
    const trimmed = name?.trim();
    // The SDK reads a cookie's value; an empty one is no flag.
    if (trimmed && value !== undefined && value.trim() !== '') names.add(trimmed);
  }
  return names;
}

export function isRedirectCallback(url: URL): boolean {
  return (
    url.pathname === '/auth/redirect' &&
    url.searchParams.has('state') &&
    (url.searchParams.has('code') || url.searchParams.has('error'))
  );
}

/**
 * The SDK's authenticated flag is set: its `checkSession()` asks the provider (after moving an
 * old flag to the client id's name). The silent check (src/auth/silent-check.ts) reads it too.
 */
export function hasAuthenticatedFlag(clientId: string, cookieHeader: string): boolean {
  const cookies = cookieSet(cookieHeader);
  return authenticatedCookieNames(clientId).some((name) => cookies.has(name));
}

export interface SessionHintInput {
  auth: Pick<AuthConfig, 'auth0ClientId' | 'cacheLocation'>;
  url: URL;
  cookieHeader: string;
  storage: Pick<Storage, 'length' | 'key'> | null;
}

export function isSurelySignedOut({ auth, url, cookieHeader, storage }: SessionHintInput): boolean {
  if (isRedirectCallback(url)) return false;
  if (hasAuthenticatedFlag(auth.auth0ClientId, cookieHeader)) return false;
  if (auth.cacheLocation === 'localstorage' && storage) {
    const prefix = `${providerKeyPrefix}::${auth.auth0ClientId}::`;
    for (let i = 0; i < storage.length; i += 1) {
      if (storage.key(i)?.startsWith(prefix)) return false;
    }
  }
  return true;
}
