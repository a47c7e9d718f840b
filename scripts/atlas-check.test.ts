import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultAtlasEntries } from './atlas/names';

/**
 * The reduced atlas of `npm test` (decision 070): every state of every machine with a screen, in
 * one locale (en-AU) at 375 px, with the same checks as the full `npm run atlas` — the view
 * renders without errors, 0 axe-core violations, 0 layout findings, no horizontal scrolling at
 * 375 px, 320 px and 200 % text size; without the photographs and the HTML atlas (`--checks-only`).
 * Needs /usr/bin/chromium (skipped without).
 */
const root = join(import.meta.dirname, '..');
const out = mkdtempSync(join(tmpdir(), 'atlas-check-'));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe.skipIf(!existsSync(chromium))('the atlas of every machine with a screen (en-AU, 375 px)', () => {
  it('finds no problem in any state', () => {
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(root, 'scripts', 'atlas.ts'),
        '--locales',
        'en-AU',
        '--widths',
        '375',
        // The checks only: the photographs are the designers' (npm run atlas), not the test's.
        '--checks-only',
        '--out',
        out,
      ],
      { cwd: root, encoding: 'utf8', timeout: 290_000 },
    );
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status, output).toBe(0);
    for (const machine of defaultAtlasEntries) expect(output).toContain(machine);
  }, 300_000);
});
