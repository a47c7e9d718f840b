import { describe, expect, it } from 'vitest';
import {
  cookieNames,
  hasStaleProviderKeys,
  isFlaggedAuthenticated,
  isLocalhost,
  providerKeysIn,
  removeProviderKeys,
  sessionCleanupChecks,
} from './provider-storage';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const clientId = 'spa';

describe('provider storage (session cleanup)', () => {
  it('finds the SDK cache keys', () => {
    const storage = new MemoryStorage();
    storage.setItem('@@auth0spajs@@::spa::default::openid', '{}');
    storage.setItem('storedPage', '/x');
    expect(providerKeysIn(storage)).toEqual(['@@auth0spajs@@::spa::default::openid']);
    removeProviderKeys(storage);
    expect(providerKeysIn(storage)).toEqual([]);
    expect(storage.getItem('storedPage')).toBe('/x');
  });

  it('stale: keys left while the authenticated flag (cookie or storage key with the client id) is absent', () => {
    const storage = new MemoryStorage();
    expect(hasStaleProviderKeys(clientId, '', storage)).toBe(false);
    storage.setItem('@@auth0spajs@@::spa::default::openid', '{}');
    expect(hasStaleProviderKeys(clientId, 'other=1', storage)).toBe(true);
    expect(hasStaleProviderKeys(clientId, 'a=1; auth0.spa.is.authenticated=true', storage)).toBe(false);
    expect(hasStaleProviderKeys(clientId, '_legacy_auth0.spa.is.authenticated=true', storage)).toBe(false);
    expect(hasStaleProviderKeys('other-client', 'auth0.spa.is.authenticated=true', storage)).toBe(true);
    storage.setItem('auth0.spa.is.authenticated', 'true');
    expect(isFlaggedAuthenticated(clientId, '', storage)).toBe(true);
  });

  it('parses cookie names and skips only localhost', () => {
    expect(cookieNames('a=1; b%2Ec=2;  d=')).toEqual(['a', 'b.c', 'd']);
    expect(isLocalhost('localhost')).toBe(true);
    expect(isLocalhost('app.test')).toBe(false);
    expect(isLocalhost('127.0.0.1')).toBe(false);
  });

  it('clears leftover provider keys on every host; skips only the login-hint check on localhost (spec §4)', () => {
    expect(sessionCleanupChecks('localhost')).toEqual({ staleProviderKeys: true, loginHint: false });
    expect(sessionCleanupChecks('app.test')).toEqual({ staleProviderKeys: true, loginHint: true });
  });
});
