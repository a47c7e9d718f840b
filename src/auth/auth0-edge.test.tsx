// @vitest-environment jsdom
/**
 * The bridge below @auth0/auth0-react's provider (src/auth/auth0-edge.tsx): the provider is given
 * the app's SDK client and never handles the redirect callback; once it has settled, what it sees
 * is reported (and marked on the document for the e2e tests); while mounted, its hook's methods
 * are what the session's effects call.
 */
import type { Auth0Client } from '@auth0/auth0-spa-js';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authMethods } from './auth-methods';
import { AuthProviderEdge, type ProviderState } from './auth0-edge';

afterEach(cleanup);

function fakeClient(user: { sub: string; email: string } | undefined) {
  const calls: string[] = [];
  const client = {
    checkSession: async () => {
      calls.push('checkSession');
    },
    getUser: async () => user,
    handleRedirectCallback: async () => {
      calls.push('handleRedirectCallback');
      return {};
    },
    getTokenSilently: async (options: unknown) => {
      calls.push(`getTokenSilently ${JSON.stringify(options)}`);
      return 'token';
    },
    loginWithRedirect: async () => {
      calls.push('loginWithRedirect');
    },
    logout: async () => {
      calls.push('logout');
    },
  };
  return { client: client as unknown as Auth0Client, calls };
}

describe('the provider bridge', () => {
  it('reports a signed-in provider, marks the document, and hands out the hook for renewal', async () => {
    window.history.replaceState(null, '', '/auth/redirect?code=abc&state=xyz');
    const { client, calls } = fakeClient({ sub: 'auth0|ada', email: 'ada@example.test' });
    const reports: ProviderState[] = [];
    render(<AuthProviderEdge client={client} onState={(state) => reports.push(state)} />);
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toMatchObject({ isAuthenticated: true, user: { sub: 'auth0|ada' } });
    expect(document.documentElement.getAttribute('data-auth-provider')).toBe('authenticated');
    // The callback in the address is the session machine's: the provider leaves it alone.
    expect(calls).not.toContain('handleRedirectCallback');
    const hook = await authMethods();
    await act(async () => {
      await hook.getAccessTokenSilently({ cacheMode: 'off' });
    });
    expect(calls).toContain('getTokenSilently {"cacheMode":"off"}');
  });

  it('reports a provider without a user as signed out, and the marker goes with the provider', async () => {
    const { client } = fakeClient(undefined);
    const reports: ProviderState[] = [];
    const view = render(<AuthProviderEdge client={client} onState={(state) => reports.push(state)} />);
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]?.isAuthenticated).toBe(false);
    expect(document.documentElement.getAttribute('data-auth-provider')).toBe('anonymous');
    view.unmount();
    expect(document.documentElement.hasAttribute('data-auth-provider')).toBe(false);
  });
});
