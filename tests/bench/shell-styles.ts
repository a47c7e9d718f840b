/**
 * Whether two builds show the prerendered shells alike: the computed style of every element of
 * `#shell` on every prerendered page, with scripts off (only the inlined critical CSS applies), at
 * 375 and 1280 px, at rest, with each focus Tab reaches and with the pointer on each button, link
 * and label. Prints the states that differ and the first differing property. A tool for a change of
 * the critical CSS (decision 198), not a test: transitions caught mid-way differ between two loads
 * of the same build too (compare a build with itself to see that spread).
 *
 *   npx tsx tests/bench/shell-styles.ts <dist before> <dist after> [--only /onboarding]
 */
import { readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';

const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args.splice(onlyAt, 2)[1] : undefined;
const [before = '/tmp/dist-base', after = 'dist'] = args;
const abs = (dir: string) => (isAbsolute(dir) ? dir : resolve(dir));

const pages: string[] = [];
const walk = (dir: string, rel = '') => {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'assets') walk(full, `${rel}/${name}`);
    } else if (name === 'index.html') pages.push(rel || '/');
  }
};
walk(abs(after));

/** One line per element and pseudo-element: its computed style, custom properties and transitions left out. */
const styles = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('#shell, #shell *')).flatMap((element, index) =>
      [null, '::before', '::after', '::placeholder'].map((pseudo) => {
        const style = getComputedStyle(element, pseudo);
        const properties: string[] = [];
        for (let i = 0; i < style.length; i++) {
          const name = style[i] ?? '';
          if (!name.startsWith('--') && !name.startsWith('transition'))
            properties.push(`${name}:${style.getPropertyValue(name)}`);
        }
        return `${index} ${element.tagName}${pseudo ?? ''} ${properties.join(';')}`;
      }),
    ),
  );

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
let states = 0;
let different = 0;
try {
  for (const width of [375, 1280]) {
    for (const path of only ? [only] : pages) {
      const seen: Record<string, string[][]> = {};
      for (const dist of [before, after]) {
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          javaScriptEnabled: false,
        });
        const page = await context.newPage();
        await page.goto(`file://${join(abs(dist), path, 'index.html')}`);
        // The page as a browser with JavaScript paints it: without what its <noscript> says to a
        // browser with JavaScript off (src/prerender/browser-notices.tsx).
        await page.evaluate(() => {
          for (const element of document.querySelectorAll('noscript')) element.remove();
          (document.activeElement as HTMLElement | null)?.blur();
        });
        const record = async (state: string) => {
          seen[state] ??= [];
          seen[state].push(await styles(page));
        };
        await record('at rest');
        const focusable = await page.locator('#shell :is(a, button, input, select, textarea)').count();
        for (let tab = 1; tab <= Math.min(focusable + 1, 25); tab++) {
          await page.keyboard.press('Tab');
          await record(`Tab ×${tab}`);
        }
        const pointed = page.locator('#shell :is(button, a, label)');
        const count = Math.min(await pointed.count(), 15);
        for (let i = 0; i < count; i++) {
          if (!(await pointed.nth(i).isVisible())) continue;
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          await pointed
            .nth(i)
            .hover({ force: true, timeout: 2000 })
            .catch(() => undefined);
          await record(`pointer on #${i}`);
        }
        await context.close();
      }
      for (const [state, [a = [], b = []]] of Object.entries(seen)) {
        states += 1;
        const lines = a.map((line, i) => (line === b[i] ? -1 : i)).filter((i) => i >= 0);
        if (lines.length === 0 && a.length === b.length) continue;
        different += 1;
        const first = lines[0] ?? 0;
        const x = a[first] ?? '';
        const y = b[first] ?? '';
        let at = 0;
        while (at < x.length && x[at] === y[at]) at += 1;
        console.log(`${width} ${path} ${state}: ${lines.length} element(s) differ, the first:`);
        console.log(`    ${x.slice(0, 24)}… ${x.slice(Math.max(0, at - 40), at + 60)}`);
        console.log(`    ${' '.repeat(24)}→ ${y.slice(Math.max(0, at - 40), at + 60)}`);
      }
    }
  }
} finally {
  await browser.close();
}
console.log(`${states} states compared, ${different} differ`);
