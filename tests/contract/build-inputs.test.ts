import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDeploymentSettings } from '../../deploy/settings';
import { buildStaleness } from '../../scripts/ensure-build';
import { settingsDigest } from '../../scripts/vite-hosting';
import {
  createManifest,
  INPUTS_FILE,
  type InputManifest,
  inputFilesOf,
  manifestFileOf,
  staleReasons,
  writeManifest,
} from '../../scripts/vite-hosting-inputs';
import { DIST_DIR } from '../support/stack';

/**
 * `npm start` rebuilds when a build input changed, by the list the build wrote itself
 * (dist-hosting/build-inputs.json; docs/decisions/012-local-stack.md).
 */

describe('staleReasons', () => {
  let root: string;
  let out: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'inputs-'));
    out = join(root, 'dist');
    mkdirSync(join(root, 'src'), { recursive: true });
    mkdirSync(join(root, 'node_modules/x'), { recursive: true });
    mkdirSync(out);
    writeFileSync(join(root, 'src/a.ts'), 'a');
    writeFileSync(join(root, 'package.json'), '{}');
    writeFileSync(join(root, 'node_modules/x/index.js'), 'x');
    writeFileSync(join(out, 'index.html'), '<!doctype html>');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('keeps repository files only (no node_modules, queries stripped, virtual ids dropped)', () => {
    expect(
      inputFilesOf(root, [
        join(root, 'src/a.ts?import'),
        join(root, 'node_modules/x/index.js'),
        '\0virtual:x',
        join(root, 'package.json'),
        join(root, 'src/missing.ts'),
        '/elsewhere/file.ts',
      ]),
    ).toEqual(['package.json', 'src/a.ts']);
  });

  it('is empty when nothing changed, names a changed or removed input and other settings', () => {
    expect(staleReasons(root, out, 's1')).toEqual([
      `no ${INPUTS_FILE} in dist-hosting/ (a build from before it existed)`,
    ]);
    writeManifest(out, createManifest(root, ['src/a.ts', 'package.json'], 's1'));
    expect(staleReasons(root, out, 's1')).toEqual([]);
    writeFileSync(join(root, 'package.json'), '{"name":"x"}');
    expect(staleReasons(root, out, 's1')).toEqual(['package.json changed']);
    expect(staleReasons(root, out, 's2')).toEqual([
      'package.json changed',
      'the deployment settings changed',
    ]);
    rmSync(join(root, 'src/a.ts'));
    expect(staleReasons(root, out, 's1')).toContain('src/a.ts is gone');
    rmSync(join(out, 'index.html'));
    expect(staleReasons(root, out, 's1')).toEqual(['no build in dist/']);
  });
});

describe('the build in dist/ lists its own inputs', () => {
  const manifestFile = manifestFileOf(DIST_DIR);

  it('covers the config, every build plugin, the prerender, package.json and the lockfile', () => {
    expect(existsSync(manifestFile), 'run `npm run build` first').toBe(true);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as InputManifest;
    const listed = Object.keys(manifest.files);
    // Every local module vite.config.ts imports is a plugin of the build.
    const config = readFileSync(join(DIST_DIR, '../vite.config.ts'), 'utf8');
    const plugins = [...config.matchAll(/from '\.\/(scripts\/[\w-]+)'/g)].map((m) => `${m[1]}.ts`);
    expect(plugins.length).toBeGreaterThanOrEqual(7);
    expect(listed).toEqual(
      expect.arrayContaining(['vite.config.ts', 'package.json', 'package-lock.json', ...plugins]),
    );
    // Loaded only by the prerender's server-side render, not by the client bundle.
    expect(listed).toEqual(
      expect.arrayContaining([
        'src/prerender/render.tsx',
        'src/prerender/build-config.ts',
        'deploy/settings.ts',
      ]),
    );
    expect(listed).toEqual(expect.arrayContaining(['index.html', 'src/main.tsx']));
    expect(listed.some((file) => file.includes('node_modules'))).toBe(false);
  });

  it('ensure-build finds a build of the current inputs fresh, and one changed input stale', () => {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as InputManifest;
    const root = join(DIST_DIR, '..');
    // The same inputs hashed as they are now: what a build made this moment would list.
    const out = mkdtempSync(join(tmpdir(), 'fresh-dist-'));
    try {
      writeFileSync(join(out, 'index.html'), '<!doctype html>');
      const fresh = createManifest(
        root,
        Object.keys(manifest.files),
        settingsDigest(readDeploymentSettings()),
      );
      writeManifest(out, fresh);
      expect(buildStaleness(out)).toEqual([]);
      fresh.files['package.json'] = 'a-different-hash';
      fresh.files['vite.config.ts'] = 'another-hash';
      writeManifest(out, fresh);
      expect(buildStaleness(out)).toEqual(['package.json changed', 'vite.config.ts changed']);
      writeManifest(out, { ...fresh, settings: 'other' });
      expect(buildStaleness(out)).toContain('the deployment settings changed');
    } finally {
      rmSync(out, { recursive: true, force: true });
      rmSync(`${out}-hosting`, { recursive: true, force: true });
    }
  });
});
