import { deploymentDefaults } from 'virtual:deployment-defaults';
import type { AppConfig } from '#machines/domain';

/**
 * The support and visit-us addresses built into the app, used when the runtime configuration
 * (GET /api/clientconfig/app) never arrived or left them out: a failure screen always has a way to
 * reach a person (docs/decisions/006-product-name-and-titles.md). They are the deployment's
 * build-time settings, the addresses its prerendered pages show (decision 117).
 */
export const builtInSupport: SupportLinks = {
  marketingSiteUrl: deploymentDefaults.marketingSiteUrl,
  supportEmail: deploymentDefaults.supportEmail,
  supportUrl: deploymentDefaults.supportUrl,
};

export interface SupportLinks {
  marketingSiteUrl: string;
  supportEmail: string;
  supportUrl: string;
}

/** The configured addresses where present, the built-in ones otherwise. */
export function supportLinksOf(app: Partial<AppConfig> | null | undefined): SupportLinks {
  return {
    marketingSiteUrl: app?.marketingSiteUrl?.trim() || builtInSupport.marketingSiteUrl,
    supportEmail: app?.supportEmail?.trim() || builtInSupport.supportEmail,
    supportUrl: app?.supportUrl?.trim() || builtInSupport.supportUrl,
  };
}
