/**
 * A returning signed-in visitor: the time from opening `/` to arriving at their practice's
 * environment, and every heading shown on the way (a benchmark, not a test: it prints figures).
 * Compares two builds in the same run, alternating, each served by its own local stack.
 *
 *   npx vite build --logLevel error
 *   npx tsx tests/bench/returning-visitor.ts --before /tmp/dist-before [--runs 7] [--rate 4]
 *
 * Each run: a fresh browser profile signs in once with email at the local identity provider
 * (the seed user with an AU practice), then opens `/` again and waits for the environment; the
 * second visit is what is timed. `--rate` throttles the CPU of the timed visit (DevTools).
 */
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { chromiumArgs } from '../../playwright.config';
import { SEED_PASSWORD, seedAccounts } from '../../server/seed';
import { startTestStack, type TestStack } from '../support/stack';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return (i >= 0 ? args[i + 1] : undefined) ?? fallback;
};
const runs = Number(arg('--runs', '7'));
const rate = Number(arg('--rate', '1'));
const builds: Array<{ name: string; dist: string }> = [
  { name: 'before', dist: resolve(arg('--before', '/tmp/dist-before')) },
  { name: 'now', dist: resolve(arg('--dist', join(import.meta.dirname, '../../dist'))) },
];

async function signIn(page: Page, stack: TestStack): Promise<void> {
  await page.goto(stack.appUrl);
  await page.getByRole('button', { name: 'Sign in with Email' }).click();
  await page.getByLabel('Email address').fill(seedAccounts.verified.email);
  await page.getByLabel('Password').fill(SEED_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  const keep = page.getByRole('button', { name: 'Continue with this account' });
  await Promise.race([
    keep
      .waitFor({ state: 'visible', timeout: 20_000 })
      .then(() => keep.click())
      .catch(() => undefined),
    page.waitForURL((url) => url.href.startsWith(stack.environments.au), { timeout: 20_000 }),
  ]);
  await page.waitForURL((url) => url.href.startsWith(stack.environments.au), { timeout: 30_000 });
}

async function timedVisit(browser: Browser, stack: TestStack): Promise<{ ms: number; headings: string[] }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  try {
    const page = await context.newPage();
    await signIn(page, stack);
    const headings: string[] = [];
    await page.exposeFunction('reportHeading', (text: string) => headings.push(text));
    await page.addInitScript(() => {
      let last: string | null = null;
      const watch = () => {
        const heading = document.querySelector('h1');
        const visible = heading && heading.getClientRects().length > 0 ? (heading.textContent ?? '') : '';
        if (visible !== last) {
          last = visible;
          (window as unknown as { reportHeading(text: string): void }).reportHeading(visible);
        }
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const started = Date.now();
    await page.goto(stack.appUrl, { waitUntil: 'commit' });
    await page.waitForURL((url) => url.href.startsWith(stack.environments.au), { timeout: 60_000 });
    return { ms: Date.now() - started, headings: headings.filter((h) => h !== '') };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const stacks = await Promise.all(builds.map((b) => startTestStack({ distDir: b.dist, testHooks: false })));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
});
try {
  const times: number[][] = builds.map(() => []);
  const seen: Array<Set<string>> = builds.map(() => new Set());
  for (let run = 0; run < runs; run += 1) {
    for (const [i, build] of builds.entries()) {
      const { ms, headings } = await timedVisit(browser, stacks[i]!);
      times[i]!.push(ms);
      for (const h of headings) seen[i]!.add(h);
      console.log(
        `run ${run + 1} ${build.name.padEnd(6)} ${String(ms).padStart(6)} ms  headings: ${headings.join(' → ') || '(none)'}`,
      );
    }
  }
  console.log(`\n${rate}× CPU, ${runs} runs each, median time from opening / to the environment:`);
  for (const [i, build] of builds.entries()) {
    console.log(
      `  ${build.name.padEnd(6)} ${String(median(times[i]!)).padStart(6)} ms  (min ${Math.min(...times[i]!)}, max ${Math.max(...times[i]!)}); headings ever shown: ${[...seen[i]!].join(', ') || 'none'}  [${build.dist}]`,
    );
  }
} finally {
  await browser.close();
  await Promise.all(stacks.map((s) => s.dispose()));
}
