import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deploymentDefaults } from 'virtual:deployment-defaults';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { readDeploymentSettings, settingVariables } from '../deploy/settings';
import { defaultProductName } from '../src/app/route-titles';
import { builtInSupport, supportLinksOf } from '../src/ui/support-defaults';
import { deploymentPlugin } from './vite-deployment';

/**
 * Decision 117: the app's fallbacks (product name, support and visit-us addresses) are the
 * deployment's build-time settings, the values its prerendered pages show, not literals of their own.
 */
describe('the app falls back on the deployment settings', () => {
  it('in this run: the built-in support links and product name are the settings of this environment', () => {
    const settings = readDeploymentSettings();
    expect(deploymentDefaults).toEqual({
      productName: settings.productName,
      marketingSiteUrl: settings.marketingSiteUrl,
      supportEmail: settings.supportEmail,
      supportUrl: settings.supportUrl,
    });
    expect(builtInSupport).toEqual({
      marketingSiteUrl: settings.marketingSiteUrl,
      supportEmail: settings.supportEmail,
      supportUrl: settings.supportUrl,
    });
    expect(defaultProductName).toBe(settings.productName);
    // The runtime configuration still wins where it has a value.
    expect(supportLinksOf({ supportEmail: 'desk@clinic.example' }).supportEmail).toBe('desk@clinic.example');
    expect(supportLinksOf({ supportEmail: '  ' }).supportEmail).toBe(settings.supportEmail);
  });
});

describe('the plugin in a Vite build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'deployment-defaults-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function built(env: Record<string, string | undefined>): Promise<string> {
    writeFileSync(
      join(dir, 'main.js'),
      "import { deploymentDefaults } from 'virtual:deployment-defaults';\nglobalThis.defaults = deploymentDefaults;\n",
    );
    const result = await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [deploymentPlugin(env)],
      build: {
        write: false,
        minify: false,
        modulePreload: false,
        rolldownOptions: { input: join(dir, 'main.js') },
      },
    });
    const chunk = (Array.isArray(result) ? result : [result])
      .flatMap((each) => ('output' in each ? each.output : []))
      .find((file) => file.type === 'chunk');
    return chunk?.type === 'chunk' ? chunk.code : '';
  }

  /** Runs the built chunk and returns what it exported to the global. */
  function defaultsOf(code: string): unknown {
    const scope: { defaults?: unknown } = {};
    new Function('globalThis', code)(scope);
    return scope.defaults;
  }

  it('builds in the values of a deployment that sets its own (a settings file, then APP_* variables)', async () => {
    const file = join(dir, 'vethub.json');
    writeFileSync(
      file,
      JSON.stringify({
        ...readDeploymentSettings({}),
        productName: 'Vet Hub',
        marketingSiteUrl: 'https://vethub.example',
      }),
    );
    const code = await built({
      DEPLOY_SETTINGS: file,
      [settingVariables.supportEmail]: 'help@vethub.example',
      [settingVariables.supportUrl]: 'https://vethub.example/help',
    });
    expect(defaultsOf(code)).toEqual({
      productName: 'Vet Hub',
      marketingSiteUrl: 'https://vethub.example',
      supportEmail: 'help@vethub.example',
      supportUrl: 'https://vethub.example/help',
    });
    expect(code).not.toContain('practice-portal.example');
  });

  it('keeps a value as data: quotes and markup in a product name stay text', async () => {
    const name = `Vets "R" Us </script><img src=x onerror=alert(1)>`;
    const code = await built({ [settingVariables.productName]: name });
    expect((defaultsOf(code) as { productName: string }).productName).toBe(name);
  });

  it('refuses settings that do not validate, as the prerender does', async () => {
    await expect(built({ [settingVariables.supportUrl]: 'javascript:alert(1)' })).rejects.toThrow(
      /supportUrl/,
    );
  });
});
