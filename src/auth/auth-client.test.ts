import { describe, expect, it } from 'vitest';
import type { AuthConfig } from '#machines/domain';
import { clientOptionsFor, normaliseDomain, scopeFor } from './auth-client';

const base: AuthConfig = {
  auth0Domain: 'http://idp.test:4001',
  auth0ClientId: 'spa',
  auth0Audience: 'https://api.example',
  cacheLocation: 'memory',
  cookieDomain: null,
  useRefreshTokens: false,
  scope: null,
};

describe('SDK options from the runtime auth configuration', () => {
  it('honours domain, client, audience, cache, redirect URI and the hidden-frame fallback', () => {
    const options = clientOptionsFor(base, 'http://app.test:4000');
    expect(options).toMatchObject({
      domain: 'http://idp.test:4001',
      clientId: 'spa',
      cacheLocation: 'memory',
      useRefreshTokens: false,
      useRefreshTokensFallback: true,
      authorizationParams: {
        audience: 'https://api.example',
        scope: 'openid profile email',
        redirect_uri: 'http://app.test:4000/auth/redirect',
      },
    });
    expect(options).not.toHaveProperty('cookieDomain');
  });

  it('adds offline_access with refresh tokens, keeps a configured scope, passes the cookie domain', () => {
    const options = clientOptionsFor(
      {
        ...base,
        useRefreshTokens: true,
        cacheLocation: 'localstorage',
        cookieDomain: '.app.test',
        scope: 'openid email',
      },
      'http://app.test',
    );
    expect(options.authorizationParams?.scope).toBe('openid email offline_access');
    expect(options.cacheLocation).toBe('localstorage');
    expect(options.cookieDomain).toBe('.app.test');
    expect(scopeFor({ ...base, useRefreshTokens: true, scope: 'openid offline_access' })).toBe(
      'openid offline_access',
    );
  });

  it('leaves the audience out when none is configured; a bare domain means https', () => {
    expect(
      clientOptionsFor({ ...base, auth0Audience: '' }, 'http://a').authorizationParams,
    ).not.toHaveProperty('audience');
    expect(normaliseDomain('tenant.example.com/')).toBe('https://tenant.example.com');
  });
});
