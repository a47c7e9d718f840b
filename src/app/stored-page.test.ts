// @vitest-environment jsdom
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { storageKeys } from './storage-keys';
import {
  defaultStoredPage,
  isExcludedFromStoredPage,
  isSameOriginPath,
  readStoredPage,
  subscribeStoredPage,
  writeStoredPage,
} from './stored-page';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => {
      map.set(k, v);
    },
  };
}

describe('stored page exclusions (spec §2)', () => {
  it.each([
    '/auth',
    '/auth/redirect',
    '/auth/unverified-email',
    '/auth/verified-email',
    '/mobile/some/path',
    '/mobile',
    '/redirected',
    '/server-error',
    '/no-access',
    '/not-found',
    '/AUTH/Redirect',
  ])('%s is excluded', (path) => {
    expect(isExcludedFromStoredPage(path)).toBe(true);
  });

  it.each([
    '/',
    '/switch-practice',
    '/onboarding',
    '/onboarding/register-practice',
    '/invite',
    '/invite-code',
    '/billing/x',
    '/authority',
    '/mobile-app',
    '/not-found-ish',
  ])('%s is stored', (path) => {
    expect(isExcludedFromStoredPage(path)).toBe(false);
  });
});

describe('writeStoredPage / readStoredPage', () => {
  it('stores path and query under storageKeys.storedPage', () => {
    const storage = memoryStorage();
    expect(writeStoredPage({ pathname: '/invite', searchStr: '?practiceKey=p1' }, storage)).toBe(
      '/invite?practiceKey=p1',
    );
    expect(storage.map.get(storageKeys.storedPage)).toBe('/invite?practiceKey=p1');
    expect(readStoredPage(undefined, storage)).toBe('/invite?practiceKey=p1');
  });

  it('does not overwrite the stored page on an excluded path', () => {
    const storage = memoryStorage();
    writeStoredPage({ pathname: '/switch-practice', searchStr: '' }, storage);
    expect(writeStoredPage({ pathname: '/auth/redirect', searchStr: '?code=x' }, storage)).toBeNull();
    expect(readStoredPage(undefined, storage)).toBe('/switch-practice');
  });

  it('reads the fallback (default /switch-practice) when nothing or something unsafe is stored', () => {
    const storage = memoryStorage();
    expect(readStoredPage(undefined, storage)).toBe(defaultStoredPage);
    expect(defaultStoredPage).toBe('/switch-practice');
    storage.setItem(storageKeys.storedPage, '//evil.example/x');
    expect(readStoredPage('/', storage)).toBe('/');
    storage.setItem(storageKeys.storedPage, 'https://evil.example/');
    expect(readStoredPage('/', storage)).toBe('/');
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(writeStoredPage({ pathname: '/invite', searchStr: '' }, broken)).toBeNull();
    expect(readStoredPage('/x', broken)).toBe('/x');
  });

  it('isSameOriginPath accepts single-slash paths only', () => {
    expect(isSameOriginPath('/a?b=c')).toBe(true);
    expect(isSameOriginPath('//a')).toBe(false);
    expect(isSameOriginPath('/\\a')).toBe(false);
    expect(isSameOriginPath('a')).toBe(false);
  });
});

describe('subscribeStoredPage (router subscription)', () => {
  function makeRouter(initial: string) {
    const root = createRootRoute({});
    const routes = ['/', '/switch-practice', '/invite', '/auth/redirect', '/mobile/$', '/server-error'].map(
      (path) => createRoute({ getParentRoute: () => root, path }),
    );
    return createRouter({
      routeTree: root.addChildren(routes),
      history: createMemoryHistory({ initialEntries: [initial] }),
    });
  }

  it('writes on every navigation to a stored path and skips excluded and unknown paths', async () => {
    const storage = memoryStorage();
    const router = makeRouter('/invite?practiceKey=k1&redirectUri=%2Fx');
    const unsubscribe = subscribeStoredPage(router, storage);
    await router.load();
    expect(storage.map.get(storageKeys.storedPage)).toBe('/invite?practiceKey=k1&redirectUri=%2Fx');

    await router.navigate({ to: '/switch-practice' });
    expect(storage.map.get(storageKeys.storedPage)).toBe('/switch-practice');

    await router.navigate({ to: '/auth/redirect' });
    expect(storage.map.get(storageKeys.storedPage)).toBe('/switch-practice');

    await router.navigate({ to: '/mobile/$', params: { _splat: 'a/b' } });
    expect(storage.map.get(storageKeys.storedPage)).toBe('/switch-practice');

    await router.navigate({ to: '/server-error' });
    expect(storage.map.get(storageKeys.storedPage)).toBe('/switch-practice');

    router.history.push('/no/such/page');
    await router.load();
    expect(router.state.location.pathname).toBe('/no/such/page');
    expect(storage.map.get(storageKeys.storedPage)).toBe('/switch-practice');

    unsubscribe();
    await router.navigate({ to: '/' });
    expect(storage.map.get(storageKeys.storedPage)).toBe('/switch-practice');
  });
});
