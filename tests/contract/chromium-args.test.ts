import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumArgs, playwrightDisabledFeatures } from '../../playwright.config';

/**
 * The suite's Chromium flags (decision 186). Chromium keeps only the last `--disable-features`
 * of its command line, so the one in `chromiumArgs` must repeat every feature Playwright disables
 * itself, or those come back on (network-time queries, HTTPS upgrades, paint holding…).
 */

/** The names in playwright-core's own `disabledFeatures = [ … ]` (its chromiumSwitches.ts). */
function playwrightsOwnList(): string[] {
  const require = createRequire(import.meta.url);
  const core = dirname(require.resolve('playwright-core/package.json'));
  const bundle = readFileSync(join(core, 'lib/coreBundle.js'), 'utf8');
  const start = bundle.indexOf('disabledFeatures = [');
  expect(start, "playwright-core's disabledFeatures list").toBeGreaterThan(0);
  const list = bundle.slice(start, bundle.indexOf('].filter(Boolean)', start));
  return [...list.matchAll(/^\s*"([A-Za-z0-9]+)",?\s*$/gm)].map((m) => m[1] ?? '');
}

describe('chromiumArgs', () => {
  it('repeats every feature Playwright disables, in the one --disable-features switch', () => {
    const own = playwrightsOwnList();
    expect(own.length).toBeGreaterThan(5);
    expect(new Set(playwrightDisabledFeatures)).toEqual(new Set(own));
    const switches = chromiumArgs.filter((arg) => arg.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    const named = switches[0]?.slice('--disable-features='.length).split(',') ?? [];
    for (const feature of own) expect(named).toContain(feature);
    expect(named).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
  });

  it("keeps Playwright's features off in the browser: no network-time query at start-up", () => {
    const executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    const dir = mkdtempSync(join(tmpdir(), 'chromium-args-'));
    try {
      const netLog = join(dir, 'net.json');
      // A headless start with the suite's flags (Playwright adds the same --disable-features,
      // which ours replaces); the net log lists every host the browser asked for.
      execFileSync(
        executable,
        [
          '--headless',
          ...chromiumArgs,
          `--user-data-dir=${join(dir, 'profile')}`,
          `--log-net-log=${netLog}`,
          '--timeout=3000',
          '--dump-dom',
          'about:blank',
        ],
        { stdio: 'ignore', timeout: 30_000 },
      );
      const log = readFileSync(netLog, 'utf8');
      expect(log).not.toContain('clients2.google.com/time');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});
