import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import { defaultProductName } from '../app/route-titles';
import { builtInSupport } from '../ui/support-defaults';

/**
 * The configuration the first screens are prerendered with. The real one is read at runtime
 * (/api/clientconfig/*); the prerender needs only what changes the signed-out screens: the product
 * name, the public regions (the practice form's region choice) and the support links. When the
 * runtime configuration differs, the app's screen replaces the prerendered one with the configured
 * values (docs/decisions/051-prerendered-first-screens.md).
 */
export const prerenderConfig: RuntimeConfig = {
  app: {
    loglevel: 'INFO',
    productName: defaultProductName,
    portals: [
      {
        key: 'au',
        name: 'Australia',
        isPublic: true,
        locales: ['en-AU'],
        isEnvironmentVisible: false,
        url: '',
      },
      {
        key: 'uk',
        name: 'United Kingdom',
        isPublic: true,
        locales: ['en-GB'],
        isEnvironmentVisible: false,
        url: '',
      },
    ],
    ...builtInSupport,
    // Where the product's public documents live; the runtime configuration names its own (the
    // local stack serves /legal/*), and the app's links replace these when it takes over.
    termsUrl: `${builtInSupport.marketingSiteUrl}/terms`,
    privacyUrl: `${builtInSupport.marketingSiteUrl}/privacy`,
  },
  auth: {
    auth0Domain: '',
    auth0ClientId: '',
    auth0Audience: '',
    cacheLocation: 'memory',
    cookieDomain: null,
    useRefreshTokens: false,
    scope: 'openid profile email',
  },
};
