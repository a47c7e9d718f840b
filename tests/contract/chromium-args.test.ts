import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumArgs, playwrightDisabledFeatures } from '../../playwright.config';

/**
 * The suite's Chromium flags (decision 140). Chromium keeps only the last `--disable-features`
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

  it('starts no spare renderer: a page with one site has one renderer process (decision 140)', async () => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto('data:text/html,<p>one site');
      await page.waitForTimeout(1000);
      // The renderers among this process's descendants (the browser Playwright started).
      const parentOf = new Map<number, number>();
      for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          parentOf.set(Number(pid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
        } catch {
          // The process ended meanwhile.
        }
      }
      const descends = (pid: number) => {
        for (let at = pid; at > 1; at = parentOf.get(at) ?? 0) if (at === process.pid) return true;
        return false;
      };
      const renderers = [...parentOf.keys()].filter((pid) => {
        try {
          return descends(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
        } catch {
          return false;
        }
      });
      // With Chromium's spare renderer (150 and 156 alike) there are two.
      expect(renderers).toHaveLength(1);
    } finally {
      await browser.close();
    }
  }, 40_000);
});
