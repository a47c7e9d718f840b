import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import { readDeploymentSettings } from '../../deploy/settings';

/**
 * The configuration the first screens are prerendered with. The real one is read at runtime
 * (/api/clientconfig/*); the prerender needs only what changes the signed-out screens: the product
 * name, the public regions (the practice form's region choice) and the support links. When the
 * runtime configuration differs, the app's screen replaces the prerendered one with the configured
 * values (docs/decisions/123-critical-css.md).
 * The values are the deployment's build-time settings (deploy/settings.ts: deploy/settings.json or
 * the file of DEPLOY_SETTINGS, then APP_* variables; docs/decisions/117-deployment-settings.md).
 */
const settings = readDeploymentSettings();

export const prerenderConfig: RuntimeConfig = {
  app: {
    loglevel: 'INFO',
    productName: settings.productName,
    portals: settings.regions.map((region) => ({ ...region, url: '' })),
    marketingSiteUrl: settings.marketingSiteUrl,
    supportEmail: settings.supportEmail,
    supportUrl: settings.supportUrl,
    // Where the product's public documents live; the runtime configuration names its own (the
    // local stack serves /legal/*), and the app's links replace these when it takes over.
    termsUrl: settings.termsUrl,
    privacyUrl: settings.privacyUrl,
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
