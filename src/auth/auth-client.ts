import type { Auth0Client, Auth0ClientOptions } from '@auth0/auth0-spa-js';
import { authConstants } from '#machines/constants';
import type { AuthConfig } from '#machines/domain';
import { loadCode } from '../code-loads';

/**
 * The identity provider's SDK, created once from the runtime auth configuration
 * (GET /api/clientconfig/auth). The SDK is loaded with a dynamic import so it stays out of the
 * first-paint bytes (docs/decisions/128-auth0-react-removed.md explains why `Auth0Client` and not `<Auth0Provider>`).
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

let clientPromise: Promise<Auth0Client> | null = null;

/** The one SDK client of the page (memoised; the SDK module loads on first use). */
export function getAuthClient(config: AuthConfig, origin: string): Promise<Auth0Client> {
  if (!clientPromise) {
    clientPromise = loadCode('identity provider SDK', () => import('@auth0/auth0-spa-js')).then(
      ({ Auth0Client: Client }) => new Client(clientOptionsFor(config, origin)),
    );
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
