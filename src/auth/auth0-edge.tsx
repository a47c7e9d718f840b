import { Auth0Provider, type User, useAuth0 } from '@auth0/auth0-react';
import { Auth0Client, type Auth0ClientOptions } from '@auth0/auth0-spa-js';
import { useEffect, useRef } from 'react';
import { type AuthMethods, publishAuthMethods } from './auth-methods';

/**
 * The identity provider's SDK and @auth0/auth0-react's provider, one lazily loaded chunk
 * (src/auth/auth-client.ts loads it). The only module that reads `useAuth0` (biome.json's import
 * zone): the bridge below hands the hook's methods to the session's effects and tells the
 * session what the provider sees. The provider never handles the redirect callback
 * (`skipRedirectCallback`): the session machine's start-up check did, before the provider was
 * mounted. What the provider sees is only reported: the session machine decides who is signed in.
 */

export function createAuthClient(options: Auth0ClientOptions): Auth0Client {
  return new Auth0Client(options);
}

/** The provider's view once it has settled: signed in (with its user) or not. */
export interface ProviderState {
  isAuthenticated: boolean;
  user: User | undefined;
}

export interface AuthProviderEdgeProps {
  client: Auth0Client;
  onState: (state: ProviderState) => void;
}

/** Marks the document for tests: the provider has settled ('authenticated' or 'anonymous'). */
const markerAttribute = 'data-auth-provider';

function Bridge({ onState }: { onState: (state: ProviderState) => void }) {
  const { isLoading, isAuthenticated, user, loginWithRedirect, getAccessTokenSilently, logout } = useAuth0();
  const report = useRef(onState);
  report.current = onState;
  useEffect(() => {
    const methods: AuthMethods = { loginWithRedirect, getAccessTokenSilently, logout };
    publishAuthMethods(methods);
    return () => publishAuthMethods(null);
  }, [loginWithRedirect, getAccessTokenSilently, logout]);
  useEffect(() => {
    if (isLoading) return;
    document.documentElement.setAttribute(markerAttribute, isAuthenticated ? 'authenticated' : 'anonymous');
    report.current({ isAuthenticated, user });
  }, [isLoading, isAuthenticated, user]);
  useEffect(() => () => document.documentElement.removeAttribute(markerAttribute), []);
  return null;
}

export function AuthProviderEdge({ client, onState }: AuthProviderEdgeProps) {
  return (
    <Auth0Provider client={client} skipRedirectCallback>
      <Bridge onState={onState} />
    </Auth0Provider>
  );
}
