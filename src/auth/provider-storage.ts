/**
 * What the identity provider's SDK leaves in the browser (spec §4 Session cleanup, §9): its
 * cache keys in local storage (`@@auth0spajs@@::<clientId>::…`), its authenticated flag (a key
 * containing the client id, kept by the SDK as the `auth0.<clientId>.is.authenticated` cookie and
 * its `_legacy_` twin) and the organization-hint cookie.
 */

export const providerKeyPrefix = '@@auth0spajs@@';

export function authenticatedFlagNames(clientId: string): string[] {
  return [`auth0.${clientId}.is.authenticated`, `_legacy_auth0.${clientId}.is.authenticated`];
}

export function organizationHintNames(clientId: string): string[] {
  return [`auth0.${clientId}.organization_hint`, `_legacy_auth0.${clientId}.organization_hint`];
}

/** Exactly the host name `localhost` (not 127.0.0.1, not a test host mapped to it). */
export function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost';
}

/**
 * Which session-cleanup checks run on a host (spec §4 Session cleanup): leftover provider keys are
 * cleared everywhere; the login-hint check ("This check is skipped on localhost") is skipped on
 * localhost, where a developer signs in and out by hand with hints of other users.
 */
export function sessionCleanupChecks(hostname: string): { staleProviderKeys: boolean; loginHint: boolean } {
  return { staleProviderKeys: true, loginHint: !isLocalhost(hostname) };
}

export function cookieNames(cookieHeader: string): string[] {
  return cookieHeader
    .split(';')
    .map((part) => decodeURIComponent(part.split('=')[0]?.trim() ?? ''))
    .filter(Boolean);
}

export function providerKeysIn(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(providerKeyPrefix)) keys.push(key);
  }
  return keys;
}

/** The provider's flag says logged in: in a cookie, or in local storage under a key with the client id. */
export function isFlaggedAuthenticated(clientId: string, cookieHeader: string, storage: Storage): boolean {
  const names = authenticatedFlagNames(clientId);
  if (cookieNames(cookieHeader).some((name) => names.includes(name))) return true;
  return names.some((name) => storage.getItem(name) === 'true');
}

/** Provider keys remain in local storage while the provider's flag says not logged in. */
export function hasStaleProviderKeys(clientId: string, cookieHeader: string, storage: Storage): boolean {
  return providerKeysIn(storage).length > 0 && !isFlaggedAuthenticated(clientId, cookieHeader, storage);
}

export function removeProviderKeys(storage: Storage): void {
  for (const key of providerKeysIn(storage)) storage.removeItem(key);
}

/** Expire a cookie for the current host and, when configured, for the cookie domain. */
export function expireCookie(doc: Document, name: string, cookieDomain: string | null): void {
  const base = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  doc.cookie = base;
  if (cookieDomain) doc.cookie = `${base}; domain=${cookieDomain}`;
}

/** The organization-hint and authenticated-flag cookies (what logout clears, spec §4). */
export function clearProviderCookies(doc: Document, clientId: string, cookieDomain: string | null): void {
  for (const name of [...authenticatedFlagNames(clientId), ...organizationHintNames(clientId)]) {
    expireCookie(doc, name, cookieDomain);
  }
}

/** Every cookie the page can see (the local-only logout of the login-hint check clears them all). */
export function clearAllCookies(doc: Document, cookieDomain: string | null): void {
  for (const name of cookieNames(doc.cookie)) expireCookie(doc, name, cookieDomain);
}
