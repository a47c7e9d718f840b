import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The atlas is also a visual check: run the real generator (`npm run atlas`, i.e. tsx
 * scripts/atlas.ts) on the deliberately broken fixture machine/view (scripts/atlas/fixtures/
 * broken.tsx) and expect a non-zero exit naming each broken state with its reason, while the
 * healthy state is photographed without a complaint. Needs /usr/bin/chromium (skipped without).
 */
const root = join(import.meta.dirname, '..');
const out = mkdtempSync(join(tmpdir(), 'atlas-test-'));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe.skipIf(!existsSync(chromium))('npm run atlas (visual check)', () => {
  it('fails with the broken states named, and photographs every state at both widths and locales', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(root, 'scripts', 'atlas.ts'), '--only', 'atlas-fixture-broken', '--out', out],
      { cwd: root, encoding: 'utf8', timeout: 170_000 },
    );
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status, output).toBe(1);
    expect(output).toMatch(
      /atlas-fixture-broken state "broken" \[en-AU, 375 px\]: the view threw: fixture: the broken state cannot render/,
    );
    expect(output).toMatch(
      /atlas-fixture-broken state "noisy" \[en-GB, 1280 px\]: console error: fixture: something went wrong/,
    );
    expect(output).toMatch(
      /atlas-fixture-broken state "wide" \[en-AU, 375 px\]: overflows at 375 px \(scrollWidth 600\)/,
    );
    // Wide is fine on a desktop; the healthy state is never reported.
    expect(output).not.toMatch(/state "wide" \[en-AU, 1280 px\]/);
    expect(output).not.toMatch(/state "fine"/);
    // Every state × width × locale was photographed, and the HTML atlas shows them with the chart.
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    for (const state of ['fine', 'wide', 'broken', 'noisy'])
      for (const locale of ['en-AU', 'en-GB'])
        for (const width of [375, 1280]) {
          const file = join('shots', 'atlas-fixture-broken', `${state}.${locale}.${width}.png`);
          expect(existsSync(join(out, file)), file).toBe(true);
          expect(html).toContain(file);
        }
    expect(html).toMatch(/<strong>\d+ problem\(s\)<\/strong>/);
  }, 180_000);
});
