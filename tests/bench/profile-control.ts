/**
 * Where the time of one control's interaction goes: a CPU profile (DevTools `Profiler`, 100 µs
 * sampling) of the renderer while a control of a screen is used, at 4× CPU and 390 px, printed as
 * the functions with the most self time and the most total time (a build with `--minify false
 * --sourcemap true` gives readable names). A tool for finding what interaction-latency.ts reports,
 * not a benchmark of its own.
 *
 *   npx vite build --logLevel error --outDir /tmp/dist-prof --minify false --sourcemap true
 *   npx tsx tests/bench/profile-control.ts --dist /tmp/dist-prof --url /onboarding/register-practice \
 *     --label 'Veterinary type' [--keys ArrowDown,ArrowDown | --click] [--type text] [--rate 4] [--top 30] [--grep '^[A-Z]']
 */
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../../playwright.config';
import { startTestStack } from '../support/stack';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return (i >= 0 ? args[i + 1] : undefined) ?? fallback;
};
const rate = Number(arg('--rate', '4'));
const url = arg('--url', '/onboarding/register-practice');
const label = arg('--label', 'Veterinary type');
const keys = (args.includes('--click') ? '' : arg('--keys', 'ArrowDown,ArrowDown'))
  .split(',')
  .filter(Boolean);
const typed = arg('--type', '');
/** Click the control (a button, checkbox or radio) instead of pressing keys in it. */
const click = args.includes('--click');
const top = Number(arg('--top', '30'));
/** Only the functions whose name matches (e.g. '^[A-Z]' for components). */
const grep = new RegExp(arg('--grep', ''));
const distDir = resolve(arg('--dist', '/tmp/dist-prof'));

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const stack = await startTestStack({ distDir, testHooks: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
});
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-AU' });
  const page = await context.newPage();
  await page.goto(`${stack.appUrl}${url}`);
  await page.locator('#shell').waitFor({ state: 'detached', timeout: 30_000 });
  await page.waitForTimeout(2000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const control = click
    ? page
        .getByRole('button', { name: label })
        .or(page.getByLabel(label, { exact: false }))
        .first()
    : page.getByLabel(label, { exact: false }).first();
  if (!click) await control.focus();
  await page.waitForTimeout(500);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  if (click) await control.click();
  for (const key of keys) await page.keyboard.press(key, { delay: 150 });
  if (typed) await page.keyboard.type(typed, { delay: 150 });
  await page.waitForTimeout(1500);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };

  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const nameOf = (n: Node) => {
    const f = n.callFrame;
    const file = f.url.split('/').pop() ?? '';
    return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
  };
  const selfBy = new Map<string, number>();
  const totalBy = new Map<string, number>();
  for (const [id, ms] of self) {
    const n = byId.get(id);
    if (!n) continue;
    selfBy.set(nameOf(n), (selfBy.get(nameOf(n)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const m = byId.get(cur);
      if (!m) break;
      const name = nameOf(m);
      if (seen.has(name)) continue;
      seen.add(name);
      totalBy.set(name, (totalBy.get(name) ?? 0) + ms);
    }
  }
  const busy = [...selfBy].filter(([k]) => !k.startsWith('(idle)')).reduce((s, [, v]) => s + v, 0);
  console.log(
    `${label}: ${[...keys, typed, click ? 'click' : ''].filter(Boolean).join(' ')} at ${rate}× — busy ${busy.toFixed(0)} ms`,
  );
  const print = (title: string, m: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [k, v] of [...m]
      .filter(([k]) => grep.test(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top))
      console.log(`  ${v.toFixed(1).padStart(8)} ms  ${k}`);
  };
  print('self time', selfBy);
  print('total time', totalBy);
} finally {
  await browser.close();
  await stack.dispose();
}
