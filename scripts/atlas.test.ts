import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The atlas is also a visual, accessibility and layout check: run the real generator (`npm run
 * atlas`, i.e. tsx scripts/atlas.ts) on the deliberately broken fixture machines/views
 * (scripts/atlas/fixtures/) and expect a non-zero exit naming each broken state with its reason,
 * while the healthy state is photographed without a complaint. Needs /usr/bin/chromium (skipped
 * without). The app's own machines are checked by scripts/atlas-check.test.ts.
 */
const root = join(import.meta.dirname, '..');
const out = mkdtempSync(join(tmpdir(), 'atlas-test-'));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe.skipIf(!existsSync(chromium))('npm run atlas (visual check)', () => {
  it('fails with the broken states named, and photographs every state at both widths and locales', () => {
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(root, 'scripts', 'atlas.ts'),
        '--only',
        'atlas-fixture-broken,atlas-fixture-unstyled',
        '--out',
        out,
      ],
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
    // Reflow at 320 px and at 200 % text size (WCAG 1.4.10, 1.4.4), naming what sticks out.
    expect(output).toMatch(
      /atlas-fixture-broken state "rigid" \[en-GB, 320 px\]: overflows at 320 px \(scrollWidth 350\): <div> "Fits 375 px, not 320 px"/,
    );
    expect(output).not.toMatch(/state "rigid" \[en-AU, 375 px\]/);
    expect(output).toMatch(
      /atlas-fixture-broken state "bigText" \[en-AU, 375 px\]: overflows at 200 % text size at 375 px \(scrollWidth \d+\): text "A sentence that never wraps"/,
    );
    expect(output).not.toMatch(/state "bigText" \[en-AU, 320 px\]/);
    // axe-core (WCAG 2.0/2.1 A and AA, best practices).
    expect(output).toMatch(
      /atlas-fixture-broken state "unlabelled" \[en-GB, 1280 px\]: axe label \(critical\): Form elements must have labels — input/,
    );
    // The layout check: overlapping text, targets under 24 × 24 px (WCAG 2.5.8).
    expect(output).toMatch(
      /atlas-fixture-broken state "overlap" \[en-AU, 375 px\]: layout \(overlap\): text "The first paragraph" overlaps text "lies under the second"/,
    );
    expect(output).toMatch(
      /atlas-fixture-broken state "tiny" \[en-AU, 1280 px\]: layout \(target\): smaller than 24 × 24 px .*button\[aria-label="Previous"\]/,
    );
    // The broken build (InlineInput's stylesheet missing): the labels drop under their
    // boxes and the classes without styles are named.
    for (const control of [
      'checkbox "I agree to the terms of use"',
      'radio "Basic plan"',
      'switch "Email me about updates"',
    ])
      expect(output).toContain(
        `atlas-fixture-unstyled state "consent" [en-AU, 375 px]: layout (label): the label of the ${control} is not on the same line as its box`,
      );
    expect(output).toMatch(
      /atlas-fixture-unstyled state "consent" \[en-AU, 375 px\]: layout \(unstyled\): no stylesheet styles \.m_[0-9a-f]+ \(mantine-Checkbox-label\)/,
    );
    // Wide is fine on a desktop; the healthy state is never reported.
    expect(output).not.toMatch(/state "wide" \[en-AU, 1280 px\]/);
    expect(output).not.toMatch(/state "fine"/);
    // Every state × width × locale was photographed, and the HTML atlas shows them with the chart.
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    for (const state of [
      'fine',
      'wide',
      'rigid',
      'bigText',
      'broken',
      'noisy',
      'unlabelled',
      'overlap',
      'tiny',
    ])
      for (const locale of ['en-AU', 'en-GB'])
        for (const width of [375, 1280]) {
          const file = join('shots', 'atlas-fixture-broken', `${state}.${locale}.${width}.png`);
          expect(existsSync(join(out, file)), file).toBe(true);
          expect(html).toContain(file);
        }
    expect(html).toMatch(/<strong>\d+ problem\(s\)<\/strong>/);
  }, 180_000);
});
