import type { Plugin } from 'vite';
import {
  type DeploymentDefaults,
  type DeploymentSettings,
  readDeploymentSettings,
  settingsFile,
} from '../deploy/settings';

/**
 * What the build takes from and gives to the deployment (`practice-onboarding:deployment`): the
 * deployment's defaults as a module of the app, and the build's version file.
 */

/** `import { deploymentDefaults } from 'virtual:deployment-defaults'` (src/ui/support-defaults.ts). */
export const deploymentDefaultsId = 'virtual:deployment-defaults';
/**
 * Resolved as a path of the app's own (as `virtual:app-theme.css` is), not a `\0` id: the boot's
 * chunks are read from the app's own modules (scripts/vite-chunks.ts), so the module goes
 * with the app code that imports it. As a `\0` id it went into the `start` chunk, which the `app`
 * chunk then imported back: a cycle in which the app read the values before they were set.
 */
const resolvedId = `/${deploymentDefaultsId}`;

export function deploymentDefaultsOf(settings: DeploymentSettings): DeploymentDefaults {
  const { productName, marketingSiteUrl, supportEmail, supportUrl } = settings;
  return { productName, marketingSiteUrl, supportEmail, supportUrl };
}

/** The virtual module's source: the values as JSON, never as code. */
export function deploymentDefaultsSource(settings: DeploymentSettings): string {
  return `export const deploymentDefaults = Object.freeze(${JSON.stringify(deploymentDefaultsOf(settings))});\n`;
}

/**
 * The plugin.
 * - `virtual:deployment-defaults`: the product name and the support and visit-us addresses the
 *   app falls back on when the runtime configuration (GET /api/clientconfig/app) never arrived or
 *   left them out: the deployment's build-time settings (deploy/settings.ts: deploy/settings.json
 *   or the file of DEPLOY_SETTINGS, then the APP_* variables), the same values the prerendered
 *   pages show (decision 117). Read when a build, a dev server or a test run first asks for the
 *   module; the settings file is watched.
 * - `meta.json` (`{ "buildTime": "<ISO date>" }`, spec §3 "Version file", §7 GET
 *   /meta.json?t=timestamp), written into the build: the build-check machine compares it with the
 *   `appVersion` cookie (decision 002). `BUILD_TIME` from the environment makes builds
 *   reproducible. Build only: in development the local stack answers /meta.json itself.
 */
export function deploymentPlugin(env: Record<string, string | undefined> = process.env): Plugin {
  let build = false;
  return {
    name: 'practice-onboarding:deployment',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId: {
      filter: { id: /^virtual:deployment-defaults$/ },
      handler: () => resolvedId,
    },
    load: {
      filter: { id: /^\/virtual:deployment-defaults$/ },
      handler() {
        this.addWatchFile(settingsFile(env));
        return deploymentDefaultsSource(readDeploymentSettings(env));
      },
    },
    generateBundle() {
      if (!build) return;
      this.emitFile({
        type: 'asset',
        fileName: 'meta.json',
        source: `${JSON.stringify({ buildTime: env.BUILD_TIME ?? new Date().toISOString() })}\n`,
      });
    },
  };
}
