/**
 * Lighthouse performance figures for the first screens (not a test: it prints numbers).
 *
 *   npx tsx tests/bench/lighthouse.ts [--runs 3] [--paths /,/onboarding]
 *
 * Builds nothing itself: run `npm run build` first. Starts the local stack on free ports serving
 * dist/, runs Lighthouse (mobile, performance only) against each path `runs` times in Debian's
 * Chromium, and prints the median score, LCP, TBT, CLS and transferred bytes. Lighthouse is
 * fetched from the npm registry by npx on first use (it is not a dependency of the app).
 * TBT is noisy on a 2-core machine: read the median of at least 3 runs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from '../../server/stack';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const runs = Number(arg('--runs', '3'));
const paths = arg('--paths', '/,/onboarding,/switch-practice').split(',');
const root = join(import.meta.dirname, '../..');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-stack-'));
const stack = await startStack({
  appPort: 0,
  idpPort: 0,
  mailboxPort: 0,
  auPort: 0,
  ukPort: 0,
  dataDir,
  distDir: join(root, 'dist'),
  quiet: true,
});
try {
  console.log(`path`.padEnd(24), 'score', '   LCP ms', '   TBT ms', '   CLS', '   bytes');
  for (const path of paths) {
    const results: Array<{ score: number; lcp: number; tbt: number; cls: number; bytes: number }> = [];
    for (let i = 0; i < runs; i += 1) {
      const out = join(dataDir, `lh-${i}.json`);
      execFileSync(
        'npx',
        [
          '--yes',
          'lighthouse@12.8.2',
          `${stack.appUrl}${path}`,
          '--quiet',
          '--only-categories=performance',
          '--output=json',
          `--output-path=${out}`,
          '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
        ],
        {
          env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
          stdio: 'ignore',
        },
      );
      const report = JSON.parse(readFileSync(out, 'utf8')) as {
        categories: { performance: { score: number } };
        audits: Record<string, { numericValue?: number }>;
      };
      results.push({
        score: report.categories.performance.score,
        lcp: report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbt: report.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        cls: report.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        bytes: report.audits['total-byte-weight']?.numericValue ?? Number.NaN,
      });
    }
    console.log(
      path.padEnd(24),
      median(results.map((r) => r.score)).toFixed(2),
      median(results.map((r) => r.lcp))
        .toFixed(0)
        .padStart(9),
      median(results.map((r) => r.tbt))
        .toFixed(0)
        .padStart(9),
      median(results.map((r) => r.cls))
        .toFixed(3)
        .padStart(7),
      median(results.map((r) => r.bytes))
        .toFixed(0)
        .padStart(9),
    );
  }
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
