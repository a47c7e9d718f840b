import type { Auth0Client, Auth0ClientOptions } from '@auth0/auth0-spa-js';
import { authConstants } from '#machines/constants';
import type { AuthConfig } from '#machines/domain';
import { loadCode } from '../code-loads';

/**
 * The identity provider's SDK, created once from the runtime auth configuration
 * (GET /api/clientconfig/auth), and the `<Auth0Provider>` of @auth0/auth0-react that is given
 * that client (src/auth/auth0-edge.tsx). Both load with one dynamic import, so they stay out of
 * the first-paint bytes. The session machine's start-up check (the redirect callback, the
 * cleanup and login-hint checks) uses the client before the provider is mounted; the provider
 * mounts afterwards, below the session actor (src/app/live/auth-provider.tsx), and its hook's
 * methods are what the session's other effects and the token getter call (`authMethods`, src/auth/auth-methods.ts).
 */

/** The SDK wants a URL; a bare host name means https (as the SDK itself assumes). */
export function normaliseDomain(domain: string): string {
  const trimmed = domain.trim().replace(/\/+$/, '');
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** Scope (spec §9): the configured one or 'openid profile email', plus offline_access with refresh tokens. */
export function scopeFor(config: AuthConfig): string {
  const parts = (config.scope?.trim() || authConstants.defaultScope).split(/\s+/);
  if (config.useRefreshTokens && !parts.includes(authConstants.refreshScope))
    parts.push(authConstants.refreshScope);
  return parts.join(' ');
}

export function redirectUriFor(origin: string): string {
  return `${origin}/auth/redirect`;
}

export function clientOptionsFor(config: AuthConfig, origin: string): Auth0ClientOptions {
  const audience = config.auth0Audience?.trim();
  return {
    domain: normaliseDomain(config.auth0Domain),
    clientId: config.auth0ClientId,
    cacheLocation: config.cacheLocation === 'localstorage' ? 'localstorage' : 'memory',
    ...(config.cookieDomain ? { cookieDomain: config.cookieDomain } : {}),
    useRefreshTokens: Boolean(config.useRefreshTokens),
    useRefreshTokensFallback: true,
    httpTimeoutInSeconds: authConstants.httpTimeoutSeconds,
    authorizeTimeoutInSeconds: authConstants.popupTimeoutSeconds,
    leeway: authConstants.idTokenLeewaySeconds,
    authorizationParams: {
      redirect_uri: redirectUriFor(origin),
      scope: scopeFor(config),
      ...(audience ? { audience } : {}),
    },
  };
}

export type AuthEdgeModule = typeof import('./auth0-edge');

/** The loaded edge: the provider's module and the client it is given. */
export interface LoadedAuthEdge {
  edge: AuthEdgeModule;
  client: Auth0Client;
}

let clientPromise: Promise<Auth0Client> | null = null;
let loaded: LoadedAuthEdge | null = null;
const loadedListeners = new Set<() => void>();

/** The one SDK client of the page (memoised; the SDK and the provider load on first use). */
export function getAuthClient(config: AuthConfig, origin: string): Promise<Auth0Client> {
  if (!clientPromise) {
    clientPromise = loadCode('identity provider SDK', () => import('./auth0-edge')).then((edge) => {
      const client = edge.createAuthClient(clientOptionsFor(config, origin));
      loaded = { edge, client };
      for (const listener of loadedListeners) listener();
      return client;
    });
    clientPromise.catch(() => {
      clientPromise = null;
    });
  }
  return clientPromise;
}

/** The client if it has been created already (the token getter never creates one on its own). */
export function existingAuthClient(): Promise<Auth0Client> | null {
  return clientPromise;
}

/** The edge once loaded (for the component that mounts the provider), else null. */
export function loadedAuthEdge(): LoadedAuthEdge | null {
  return loaded;
}

export function subscribeAuthEdge(listener: () => void): () => void {
  loadedListeners.add(listener);
  return () => {
    loadedListeners.delete(listener);
  };
}
