import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { LocaleCode, RegionKey } from '#machines/domain';

/**
 * The deployment's build-time settings, in one place (docs/decisions/117-deployment-settings.md):
 * what the prerendered first screens show before the runtime configuration
 * (`GET /api/clientconfig/app`) arrives, and the identity provider's origin that the generated
 * hosting files (dist/_headers) name in their security policy.
 *
 * Read from `deploy/settings.json`, or the file named by `DEPLOY_SETTINGS`, then each field from
 * its environment variable when set (see `settingVariables`). The runtime configuration stays the
 * source of truth: `tests/contract/deployment-settings.test.ts` checks these against what the local
 * stack serves, and a deployment's backend must serve the same (README, "Deploying").
 */

export interface RegionSetting {
  key: RegionKey;
  name: string;
  isPublic: boolean;
  locales: LocaleCode[];
  isEnvironmentVisible: boolean;
}

export interface DeploymentSettings {
  productName: string;
  productDomain: string;
  marketingSiteUrl: string;
  supportEmail: string;
  supportUrl: string;
  termsUrl: string;
  privacyUrl: string;
  /** The identity provider's origin (`https://login.example.com`), for the security policy. */
  idpOrigin: string;
  regions: RegionSetting[];
}

/**
 * What the app's code builds in from these settings: its fallbacks when the runtime configuration
 * never arrived or left them out (scripts/vite-deployment.ts, decision 117).
 */
export type DeploymentDefaults = Pick<
  DeploymentSettings,
  'productName' | 'marketingSiteUrl' | 'supportEmail' | 'supportUrl'
>;

/** The environment variable of each single-valued setting (regions only come from the file). */
export const settingVariables = {
  productName: 'APP_PRODUCT_NAME',
  productDomain: 'APP_PRODUCT_DOMAIN',
  marketingSiteUrl: 'APP_MARKETING_SITE_URL',
  supportEmail: 'APP_SUPPORT_EMAIL',
  supportUrl: 'APP_SUPPORT_URL',
  termsUrl: 'APP_TERMS_URL',
  privacyUrl: 'APP_PRIVACY_URL',
  idpOrigin: 'APP_IDP_ORIGIN',
} as const satisfies Record<Exclude<keyof DeploymentSettings, 'regions'>, string>;

export const SETTINGS_FILE_VARIABLE = 'DEPLOY_SETTINGS';

const repoRoot = join(import.meta.dirname, '..');

/** The settings file in use: `DEPLOY_SETTINGS` (relative to the repository) or deploy/settings.json. */
export function settingsFile(env: Record<string, string | undefined> = process.env): string {
  const named = env[SETTINGS_FILE_VARIABLE]?.trim();
  if (!named) return join(repoRoot, 'deploy/settings.json');
  return isAbsolute(named) ? named : join(repoRoot, named);
}

const regionKeys: readonly string[] = ['au', 'uk'];
const locales: readonly string[] = ['en-AU', 'en-GB'];

function fail(file: string, message: string): never {
  throw new Error(`Deployment settings (${file}): ${message}`);
}

function checkUrl(file: string, name: string, value: string, allowPath: boolean): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(file, `${name} must be an absolute URL, not "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') fail(file, `${name} must be http(s)`);
  if (!allowPath && url.pathname !== '/') fail(file, `${name} must be an origin (no path): "${value}"`);
}

/** Validates settings read from JSON; throws with the file and the field at fault. */
export function validateSettings(value: unknown, file: string): DeploymentSettings {
  if (!value || typeof value !== 'object') fail(file, 'not a JSON object');
  const record = value as Record<string, unknown>;
  for (const name of Object.keys(settingVariables)) {
    if (typeof record[name] !== 'string' || (record[name] as string).trim() === '')
      fail(file, `${name} is required (a non-empty string)`);
  }
  const settings = record as unknown as DeploymentSettings;
  for (const name of ['marketingSiteUrl', 'supportUrl', 'termsUrl', 'privacyUrl'] as const)
    checkUrl(file, name, settings[name], true);
  checkUrl(file, 'idpOrigin', settings.idpOrigin, false);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(settings.supportEmail))
    fail(file, 'supportEmail is not an email address');
  if (!Array.isArray(settings.regions) || settings.regions.length === 0)
    fail(file, 'regions must list at least one region');
  for (const region of settings.regions) {
    if (!regionKeys.includes(region?.key))
      fail(file, `a region's key must be one of ${regionKeys.join(', ')}`);
    if (typeof region.name !== 'string' || region.name.trim() === '')
      fail(file, `region ${region.key} needs a name`);
    if (typeof region.isPublic !== 'boolean' || typeof region.isEnvironmentVisible !== 'boolean')
      fail(file, `region ${region.key}: isPublic and isEnvironmentVisible are booleans`);
    if (!Array.isArray(region.locales) || !region.locales.every((l) => locales.includes(l)))
      fail(file, `region ${region.key}: locales must be among ${locales.join(', ')}`);
  }
  return {
    productName: settings.productName,
    productDomain: settings.productDomain,
    marketingSiteUrl: settings.marketingSiteUrl,
    supportEmail: settings.supportEmail,
    supportUrl: settings.supportUrl,
    termsUrl: settings.termsUrl,
    privacyUrl: settings.privacyUrl,
    idpOrigin: settings.idpOrigin.replace(/\/+$/, ''),
    regions: settings.regions.map((r) => ({
      key: r.key,
      name: r.name,
      isPublic: r.isPublic,
      locales: [...r.locales],
      isEnvironmentVisible: r.isEnvironmentVisible,
    })),
  };
}

/** The deployment's settings: the file, then the environment's overrides, validated. */
export function readDeploymentSettings(
  env: Record<string, string | undefined> = process.env,
): DeploymentSettings {
  const file = settingsFile(env);
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`Deployment settings (${file}): cannot read: ${(error as Error).message}`);
  }
  for (const [name, variable] of Object.entries(settingVariables)) {
    const value = env[variable]?.trim();
    if (value) parsed[name] = value;
  }
  return validateSettings(parsed, file);
}
