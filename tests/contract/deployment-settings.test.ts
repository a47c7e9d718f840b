import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '#machines/domain';
import { readDeploymentSettings, settingsFile, settingVariables } from '../../deploy/settings';
import { startTestStack, type TestStack } from '../support/stack';

/**
 * The build-time deployment settings (what the prerendered first screens show: product name,
 * regions, support links) against the runtime configuration, the source of truth
 * (GET /api/clientconfig/app), as the local stack serves it (docs/decisions/117-deployment-settings.md).
 */

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.dispose();
});

describe('build-time settings and the runtime configuration agree', () => {
  it('product name, domain, support links and every region', async () => {
    // As the build and the stack read them (this process's environment).
    const settings = readDeploymentSettings();
    const answer = await stack.api('/api/clientconfig/app');
    expect(answer.status).toBe(200);
    const runtime = answer.json as AppConfig;
    expect({
      productName: runtime.productName,
      productDomain: runtime.productDomain,
      marketingSiteUrl: runtime.marketingSiteUrl,
      supportEmail: runtime.supportEmail,
      supportUrl: runtime.supportUrl,
    }).toEqual({
      productName: settings.productName,
      productDomain: settings.productDomain,
      marketingSiteUrl: settings.marketingSiteUrl,
      supportEmail: settings.supportEmail,
      supportUrl: settings.supportUrl,
    });
    // The regions the practice form offers before the configuration arrives are the configured ones.
    expect(runtime.portals.map(({ url: _url, ...region }) => region)).toEqual(settings.regions);
    // The legal documents: the local stack serves its own copies (decision 006); both are links.
    expect(runtime.termsUrl).toMatch(/^https?:\/\//);
    expect(runtime.privacyUrl).toMatch(/^https?:\/\//);
  });
});

describe('one place a deployment sets', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'settings-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads deploy/settings.json, or the file of DEPLOY_SETTINGS, then APP_* variables', () => {
    expect(settingsFile({})).toMatch(/deploy\/settings\.json$/);
    const file = join(dir, 'uk-only.json');
    const base = readDeploymentSettings({});
    writeFileSync(
      file,
      JSON.stringify({
        ...base,
        productName: 'Vet Hub',
        regions: base.regions.filter((r) => r.key === 'uk'),
      }),
    );
    const fromFile = readDeploymentSettings({ DEPLOY_SETTINGS: file });
    expect(fromFile.productName).toBe('Vet Hub');
    expect(fromFile.regions.map((r) => r.key)).toEqual(['uk']);
    const overridden = readDeploymentSettings({
      DEPLOY_SETTINGS: file,
      [settingVariables.supportEmail]: 'help@vethub.example',
      [settingVariables.idpOrigin]: 'https://id.vethub.example/',
    });
    expect(overridden.supportEmail).toBe('help@vethub.example');
    expect(overridden.idpOrigin).toBe('https://id.vethub.example');
    expect(overridden.productName).toBe('Vet Hub');
  });

  it('refuses settings a deployment got wrong, naming the field', () => {
    const file = join(dir, 'bad.json');
    const base = readDeploymentSettings({});
    writeFileSync(file, JSON.stringify({ ...base, supportUrl: 'support page' }));
    expect(() => readDeploymentSettings({ DEPLOY_SETTINGS: file })).toThrow(
      /supportUrl must be an absolute URL/,
    );
    writeFileSync(file, JSON.stringify({ ...base, regions: [{ ...base.regions[0], key: 'nz' }] }));
    expect(() => readDeploymentSettings({ DEPLOY_SETTINGS: file })).toThrow(/key must be one of au, uk/);
    expect(() =>
      readDeploymentSettings({ [settingVariables.idpOrigin]: 'https://id.example/login' }),
    ).toThrow(/idpOrigin must be an origin/);
  });
});
