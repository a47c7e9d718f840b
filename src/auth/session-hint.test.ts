// @vitest-environment jsdom
import { Auth0Client } from '@auth0/auth0-spa-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shellGuard } from '../boot/shell-guard';
import { hasAuthenticatedFlag, isSurelySignedOut } from './session-hint';

/**
 * The "surely signed out" check is pinned against the identity provider's SDK itself: for each
 * browser state, the real Auth0Client decides whether it would restore a session (it asks the
 * provider in `checkSession()`, or its cache says authenticated), and our check must say "surely
 * signed out" exactly when the SDK would not. The shell guard, which runs before the runtime
 * configuration (and so the client id) is known, must never show the signed-out screen when the
 * SDK would look for a session.
 */

const clientId = 'client-under-test';
const domain = 'http://localhost:4001';

// The SDK's own shape of a cached user (CacheManager.getIdToken, `@@auth0spajs@@::<clientId>::@@user@@`).
const userEntry = JSON.stringify({
  id_token: 'header.payload.signature',
  decodedToken: {
    encoded: { header: 'h', payload: 'p', signature: 's' },
    header: { alg: 'RS256' },
    claims: { __raw: 'raw', sub: 'auth0|someone', exp: Math.floor(Date.now() / 1000) + 3600 },
    user: { sub: 'auth0|someone', email: 'someone@example.com' },
  },
});

interface Case {
  name: string;
  cookies?: string[];
  storage?: Record<string, string>;
  cacheLocation: 'memory' | 'localstorage';
  path?: string;
}

const cases: Case[] = [
  { name: 'nothing at all', cacheLocation: 'memory' },
  { name: 'nothing at all (local storage cache)', cacheLocation: 'localstorage' },
  {
    name: 'the authenticated flag',
    cookies: [`auth0.${clientId}.is.authenticated=true`],
    cacheLocation: 'memory',
  },
  {
    name: 'the legacy copy of the flag',
    cookies: [`_legacy_auth0.${clientId}.is.authenticated=true`],
    cacheLocation: 'memory',
  },
  {
    name: 'the old flag without client id',
    cookies: ['auth0.is.authenticated=true'],
    cacheLocation: 'memory',
  },
  {
    name: 'the legacy copy of the old flag',
    cookies: ['_legacy_auth0.is.authenticated=true'],
    cacheLocation: 'memory',
  },
  {
    name: "another client's flag",
    cookies: ['auth0.someone-else.is.authenticated=true'],
    cacheLocation: 'memory',
  },
  { name: 'an unrelated cookie', cookies: ['theme=dark'], cacheLocation: 'memory' },
  {
    name: 'a cached user in local storage',
    storage: { [`@@auth0spajs@@::${clientId}::@@user@@`]: userEntry },
    cacheLocation: 'localstorage',
  },
  {
    name: 'a cached user in local storage, memory cache configured',
    storage: { [`@@auth0spajs@@::${clientId}::@@user@@`]: userEntry },
    cacheLocation: 'memory',
  },
];

// The SDK's cookies are what is under test: they are written as the SDK writes them.
// biome-ignore-start lint/suspicious/noDocumentCookie: see above
function clearBrowser(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  localStorage.clear();
  document.documentElement.removeAttribute('data-session');
}

function arrange(c: Case): void {
  clearBrowser();
  for (const cookie of c.cookies ?? []) document.cookie = `${cookie}; path=/`;
  for (const [key, value] of Object.entries(c.storage ?? {})) localStorage.setItem(key, value);
}
// biome-ignore-end lint/suspicious/noDocumentCookie: see above

/** What the SDK does on a page load: would it restore (or ask the provider for) a session? */
async function sdkLooksForSession(c: Case): Promise<boolean> {
  arrange(c);
  const client = new Auth0Client({ domain, clientId, cacheLocation: c.cacheLocation });
  const silent = vi.spyOn(client, 'getTokenSilently').mockRejectedValue(new Error('not here'));
  await client.checkSession();
  const asked = silent.mock.calls.length > 0;
  const cached = await client.isAuthenticated();
  return asked || cached;
}

/** Does the SDK's own `checkSession()` ask the provider (call `getTokenSilently`)? */
async function sdkAsksProvider(c: Case): Promise<boolean> {
  arrange(c);
  const client = new Auth0Client({ domain, clientId, cacheLocation: c.cacheLocation });
  const silent = vi.spyOn(client, 'getTokenSilently').mockRejectedValue(new Error('not here'));
  await client.checkSession();
  return silent.mock.calls.length > 0;
}

afterEach(() => {
  clearBrowser();
  vi.restoreAllMocks();
});

describe('surely signed out, against auth0-spa-js', () => {
  it.each(cases)('$name', async (c) => {
    const sdk = await sdkLooksForSession(c);
    arrange(c);
    const ours = isSurelySignedOut({
      auth: { auth0ClientId: clientId, cacheLocation: c.cacheLocation },
      url: new URL(`http://localhost${c.path ?? '/'}`),
      cookieHeader: document.cookie,
      storage: localStorage,
    });
    expect(ours).toBe(!sdk);
  });

  it.each(cases)(
    "the silent check's flag is set exactly when the SDK's checkSession asks: $name",
    async (c) => {
      const asks = await sdkAsksProvider(c);
      arrange(c);
      expect(hasAuthenticatedFlag(clientId, document.cookie)).toBe(asks);
    },
  );

  it('the return from the provider always needs the SDK (redirect callback)', () => {
    for (const search of ['?code=abc&state=xyz', '?error=login_required&state=xyz']) {
      expect(
        isSurelySignedOut({
          auth: { auth0ClientId: clientId, cacheLocation: 'memory' },
          url: new URL(`http://localhost/auth/redirect${search}`),
          cookieHeader: '',
          storage: null,
        }),
      ).toBe(false);
    }
  });

  it.each(cases)('the shell guard never shows the signed-out screen when the SDK looks: $name', async (c) => {
    const sdk = await sdkLooksForSession(c);
    arrange(c);
    // The guard also schedules the app's entry script after the first paint; that is not under
    // test here, and its timer must not outlive this file's document (jsdom is torn down after it).
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    shellGuard({
      probeInterval: 3000,
      probeTimeout: 5000,
      reloadLoopWindow: 60000,
      reloadKey: 'code.recoveryReloadAt',
      fieldsKey: 'boot.shellFields',
      longLoading: 15000,
      pressedBusyAfter: 500,
    });
    frame.mockRestore();
    const hidden = document.documentElement.getAttribute('data-session') === 'maybe';
    if (sdk) expect(hidden).toBe(true);
  });
});
