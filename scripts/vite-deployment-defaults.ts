import type { Plugin } from 'vite';
import {
  type DeploymentDefaults,
  type DeploymentSettings,
  readDeploymentSettings,
  settingsFile,
} from '../deploy/settings';

/** `import { deploymentDefaults } from 'virtual:deployment-defaults'` (src/ui/support-defaults.ts). */
export const deploymentDefaultsId = 'virtual:deployment-defaults';
const resolvedId = `\0${deploymentDefaultsId}`;

export function deploymentDefaultsOf(settings: DeploymentSettings): DeploymentDefaults {
  const { productName, marketingSiteUrl, supportEmail, supportUrl } = settings;
  return { productName, marketingSiteUrl, supportEmail, supportUrl };
}

/** The virtual module's source: the values as JSON, never as code. */
export function deploymentDefaultsSource(settings: DeploymentSettings): string {
  return `export const deploymentDefaults = Object.freeze(${JSON.stringify(deploymentDefaultsOf(settings))});\n`;
}

/**
 * The product name and the support and visit-us addresses the app falls back on when the runtime
 * configuration (GET /api/clientconfig/app) never arrived or left them out: the deployment's
 * build-time settings (deploy/settings.ts: deploy/settings.json or the file of DEPLOY_SETTINGS,
 * then the APP_* variables), the same values the prerendered pages show (decision 117). Read when
 * a build, a dev server or a test run first asks for the module; the settings file is watched.
 */
export function deploymentDefaultsPlugin(env: Record<string, string | undefined> = process.env): Plugin {
  return {
    name: 'deployment-defaults',
    resolveId: {
      filter: { id: /^virtual:deployment-defaults$/ },
      handler: () => resolvedId,
    },
    load: {
      filter: { id: /^\0virtual:deployment-defaults$/ },
      handler() {
        this.addWatchFile(settingsFile(env));
        return deploymentDefaultsSource(readDeploymentSettings(env));
      },
    },
  };
}
