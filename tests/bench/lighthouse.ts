/**
 * Lighthouse figures for the first screens (a benchmark, not a test: it prints numbers and is not
 * part of `npm test`). How to run it and what a good figure is: tests/bench/README.md.
 *
 *   npx vite build --logLevel error   # or npm run build: this script builds nothing itself
 *   npx tsx tests/bench/lighthouse.ts [--runs 3] [--paths /,/onboarding] [--dist dist] [--keep <dir>]
 *                                     [--throttling simulate|devtools] [--cpu-slowdown 4]
 *
 * Starts the local stack on free ports serving dist/, runs Lighthouse 12.8.2 (mobile preset:
 * simulated throttling; categories performance, accessibility, best practices) against each path
 * `runs` times in Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium; Lighthouse never
 * downloads a browser), and prints per path the medians of the three scores, LCP, TBT, CLS and
 * the transferred bytes, the URL Lighthouse ended on (a guarded path redirects to the identity
 * provider's login page), the same figures for a static reference page served by the same stack in
 * the same run (`/bench-reference`: a heading and a line, no script), and the accessibility /
 * best-practice audits that failed in any run.
 *
 * The static floor (issue 26 item 9): for every path with a prerendered page in the build, the same
 * page stripped of its scripts and boot hints (its inline CSS kept; no JavaScript, so nothing after
 * the first paint) is served by the same stack at `/bench-static<path>` and measured right after
 * the app's run of that path, run by run; the script prints its figures and the LCP ratio
 * app / static of every run (`--no-floor` skips it).
 * Lighthouse is fetched from the npm registry by npx on first use (not a dependency of the app;
 * 13.x needs Node 22, this machine has Node 20). `--dist <dir>` serves another build (e.g. a copy
 * kept for a before/after comparison); `--keep <dir>` keeps every JSON report there, and each run's trace beside it
 * (`<path>-<run>.trace.json`, Lighthouse's `--save-assets`).
 * `--throttling devtools` has Lighthouse slow the CPU (4×) and the network for real while it loads
 * the page, instead of simulating both from an unthrottled load (its default, `simulate`): the
 * tasks it counts are then the ones that really ran after the first paint.
 * TBT is noisy on a 2-core machine: read the median of at least 3 runs. Lighthouse's throttling is
 * simulated from the observed CPU time, so other load on the machine lowers the performance score:
 * the script prints the load average and Lighthouse's CPU benchmark index beside the figures.
 */
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromiumArgs } from '../../playwright.config';
import { startTestStack } from '../support/stack';

const LIGHTHOUSE = 'lighthouse@12.8.2';
/** The flags every browser of this repository uses (playwright.config.ts), headless. */
const CHROME_FLAGS = ['--headless', ...chromiumArgs].join(' ');
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type CategoryId = (typeof CATEGORIES)[number];

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  const value = i >= 0 ? args[i + 1] : undefined;
  return value ?? fallback;
};
const root = join(import.meta.dirname, '../..');
const runs = Number(arg('--runs', '3'));
const paths = arg(
  '--paths',
  '/,/onboarding,/onboarding/register-practice,/invite-code,/switch-practice',
).split(',');
/** A static page served by the same stack in the same run: what "fast" means on this machine. */
const REFERENCE = '/bench-reference';
/** Where the static copy of a path's prerendered page is served (`/` → `/bench-static/`). */
const STATIC = '/bench-static';
const floor = !args.includes('--no-floor');
const keep = arg('--keep', '');
/** Lighthouse's throttling method: `simulate` (its default, Lantern) or `devtools` (applied for real). */
const throttling = arg('--throttling', 'simulate');
if (throttling !== 'simulate' && throttling !== 'devtools')
  throw new Error(`--throttling must be simulate or devtools, got ${throttling}`);
/**
 * The CPU slowdown Lighthouse simulates or applies (its mobile preset: 4). A higher one stands for
 * a slower host than this one: `--cpu-slowdown 8` asks how the page fares on a machine half as
 * fast, where the same tasks take twice as long (the headroom of "Lighthouse stays at 1.00").
 */
const cpuSlowdown = Number(arg('--cpu-slowdown', '4'));
if (!(cpuSlowdown >= 1))
  throw new Error(`--cpu-slowdown must be 1 or more, got ${arg('--cpu-slowdown', '')}`);
const distDir = resolve(arg('--dist', join(root, 'dist')));
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a positive integer, got ${arg('--runs', '')}`);

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
}
interface Report {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
  environment: { benchmarkIndex: number };
  categories: Record<CategoryId, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, Audit>;
}
interface Run {
  scores: Record<CategoryId, number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  finalUrl: string;
  failures: string[];
  benchmarkIndex: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The accessibility and best-practice audits that count towards the score and did not pass. */
function failures(report: Report): string[] {
  const failed: string[] = [];
  for (const category of ['accessibility', 'best-practices'] as const) {
    for (const ref of report.categories[category].auditRefs) {
      const audit = report.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode !== 'binary' && audit.scoreDisplayMode !== 'numeric') continue;
      failed.push(`${category}: ${audit.id} (${audit.title})`);
    }
  }
  return failed;
}

// The stack runs in this process, so Lighthouse must run asynchronously: a synchronous child
// process (execFileSync) blocks the event loop that serves the app, and Lighthouse then waits
// for a page that never arrives.
const run = promisify(execFile);
const MAX_ATTEMPTS = 3;
const retries: string[] = [];

/** One Lighthouse run of `url`; the JSON report is written to `out`. Throws when it fails. */
async function lighthouse(url: string, out: string): Promise<Report> {
  try {
    await run(
      'npx',
      [
        '--yes',
        LIGHTHOUSE,
        url,
        '--quiet',
        `--only-categories=${CATEGORIES.join(',')}`,
        '--output=json',
        `--output-path=${out}`,
        `--chrome-flags=${CHROME_FLAGS}`,
        `--throttling-method=${throttling}`,
        `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`,
        // With --keep, the trace too (`<report>-0.trace.json`): which tasks Lighthouse counted.
        ...(keep ? ['--save-assets'] : []),
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
        timeout: 180_000,
        // chrome-launcher closes Chromium on SIGINT; on SIGTERM it would be left running.
        killSignal: 'SIGINT',
        maxBuffer: 16 * 1024 * 1024,
      },
    );
  } catch (error) {
    const detail = error instanceof Error && 'stderr' in error ? String(error.stderr).trim() : String(error);
    const lines = detail.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm warn'));
    throw new Error(`Lighthouse failed on ${url}: ${lines.slice(-3).join(' ')}`);
  }
  const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
  if (report.runtimeError) {
    throw new Error(`Lighthouse on ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  }
  return report;
}

// The build, plus the static reference page, served from a copy.
const servedDir = mkdtempSync(join(tmpdir(), 'lighthouse-dist-'));
cpSync(distDir, servedDir, { recursive: true });
mkdirSync(join(servedDir, REFERENCE), { recursive: true });
writeFileSync(
  join(servedDir, REFERENCE, 'index.html'),
  `<!doctype html><html lang="en-AU"><head><meta charset="UTF-8"><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1.0"><title>Reference</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem}h1{font-size:2.1rem}</style></head>
<body><main><h1>Welcome</h1><p>Sign in to continue to your practice.</p></main></body></html>\n`,
);
/**
 * A prerendered page without JavaScript: no script element, no module preload, no boot-hint
 * template; what is left is the page's HTML and its inline (critical) CSS, the floor of its first
 * paint on this server.
 */
function staticCopy(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/g, '')
    .replace(/<template id="boot-preloads"[\s\S]*?<\/template>\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
}
/** The paths measured against their static floor, and the floor's path for each. */
const floors = new Map<string, string>();
if (floor) {
  for (const path of paths) {
    let html: string;
    try {
      html = readFileSync(join(distDir, path, 'index.html'), 'utf8');
    } catch {
      continue; // not prerendered (e.g. /switch-practice): no floor
    }
    const copy = staticCopy(html);
    if (/<script\b/.test(copy)) throw new Error(`the static copy of ${path} still has a script`);
    const floorPath = `${STATIC}${path === '/' ? '' : path}`;
    mkdirSync(join(servedDir, floorPath), { recursive: true });
    writeFileSync(join(servedDir, floorPath, 'index.html'), copy);
    floors.set(path, floorPath);
  }
}
// The shared test-stack start (free ports, a temporary data directory that also holds the reports).
const stack = await startTestStack({ distDir: servedDir, testHooks: false });
const dataDir = stack.dataDir;
/** A URL with this run's origins shortened to app / idp and the provider's random interaction id elided. */
const shortUrl = (url: string) =>
  url
    .replace(stack.appUrl, 'app')
    .replace(stack.idpUrl, 'idp')
    .replace(/\/interaction\/[\w-]+/, '/interaction/…');
if (keep) mkdirSync(resolve(keep), { recursive: true });
let version = '';
const warnings = new Set<string>();
try {
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  console.log(`app ${stack.appUrl}, identity provider ${stack.idpUrl}; ${runs} run(s) per path, medians`);
  console.log(`${new Date().toISOString()} load average ${load()} (${cpus().length} CPUs)\n`);
  console.log(
    'path'.padEnd(32),
    ' perf',
    ' a11y',
    '   bp',
    '  FCP ms',
    '  LCP ms',
    '  TBT ms',
    '   CLS',
    '    bytes',
    ' cpu idx',
    ' ended on',
  );
  const allFailures = new Map<string, Set<string>>();
  /** One Lighthouse run of a path (retried when it loses its trace), as figures. */
  const measure = async (path: string, i: number): Promise<Run> => {
    let report: Report | undefined;
    for (let attempt = 1; !report; attempt += 1) {
      try {
        report = await lighthouse(`${stack.appUrl}${path}`, join(dataDir, `lh-${i}.json`));
      } catch (error) {
        // Under load Lighthouse sometimes loses its trace (NO_NAVSTART, NO_FCP): run it again.
        if (attempt >= MAX_ATTEMPTS) throw error;
        retries.push(
          `${path} run ${i + 1}: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
        );
      }
    }
    if (keep) {
      const name = `${path.replace(/\W+/g, '_') || '_'}-${i + 1}`;
      copyFileSync(join(dataDir, `lh-${i}.json`), join(resolve(keep), `${name}.json`));
      const trace = join(dataDir, `lh-${i}-0.trace.json`);
      if (existsSync(trace)) copyFileSync(trace, join(resolve(keep), `${name}.trace.json`));
    }
    version = report.lighthouseVersion;
    for (const warning of report.runWarnings)
      warnings.add(shortUrl(warning.split(/\.(?:\s|$)/)[0] ?? warning));
    const numeric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
    const score = (id: CategoryId) => report.categories[id].score ?? Number.NaN;
    return {
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
      },
      fcp: numeric('first-contentful-paint'),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      bytes: numeric('total-byte-weight'),
      finalUrl: report.finalDisplayedUrl,
      failures: failures(report),
      benchmarkIndex: report.environment.benchmarkIndex,
    };
  };
  /** Per path, the LCP ratio app / static floor of each run. */
  const ratios = new Map<string, number[]>();
  const print = (path: string, results: Run[]) => {
    const ended = [...new Set(results.map((r) => shortUrl(r.finalUrl)))];
    const fixed = (value: number, digits: number, width: number) => value.toFixed(digits).padStart(width);
    console.log(
      path.padEnd(32),
      fixed(median(results.map((r) => r.scores.performance)), 2, 5),
      fixed(median(results.map((r) => r.scores.accessibility)), 2, 5),
      fixed(median(results.map((r) => r.scores['best-practices'])), 2, 5),
      fixed(median(results.map((r) => r.fcp)), 0, 8),
      fixed(median(results.map((r) => r.lcp)), 0, 8),
      fixed(median(results.map((r) => r.tbt)), 0, 8),
      fixed(median(results.map((r) => r.cls)), 3, 6),
      fixed(median(results.map((r) => r.bytes)), 0, 9),
      fixed(median(results.map((r) => r.benchmarkIndex)), 0, 8),
      ` ${ended.join(' | ')}`,
    );
    allFailures.set(path, new Set(results.flatMap((r) => r.failures)));
  };
  for (const path of [...paths, REFERENCE]) {
    const results: Run[] = [];
    const floorPath = floors.get(path);
    const floorResults: Run[] = [];
    for (let i = 0; i < runs; i += 1) {
      results.push(await measure(path, i));
      // The floor right after the app's run of the same path: the same moment of the machine.
      if (floorPath) {
        const app = results[i];
        const bottom = await measure(floorPath, i);
        floorResults.push(bottom);
        // Printed as it comes: a run on a loaded machine may not live to the table.
        if (app)
          console.log(
            `  ${path} run ${i + 1}: LCP app ${app.lcp.toFixed(0)} ms, static ${bottom.lcp.toFixed(0)} ms, ratio ${(app.lcp / bottom.lcp).toFixed(2)} (cpu idx ${app.benchmarkIndex.toFixed(0)} / ${bottom.benchmarkIndex.toFixed(0)})`,
          );
      }
    }
    print(path, results);
    if (floorPath) {
      print(floorPath, floorResults);
      ratios.set(
        path,
        results.map((r, i) => r.lcp / (floorResults[i]?.lcp ?? Number.NaN)),
      );
    }
  }
  if (ratios.size > 0) {
    console.log('\nLCP app / static floor (the prerendered page without scripts), per run, and the median:');
    for (const [path, values] of ratios)
      console.log(
        `  ${path.padEnd(32)} ${values.map((v) => v.toFixed(2)).join('  ')}   median ${median(values).toFixed(2)}`,
      );
  }
  console.log(
    `\nLighthouse ${version}, mobile preset (${throttling === 'simulate' ? 'simulated' : 'applied (devtools)'} throttling, CPU ${cpuSlowdown}×), Chromium at ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}`,
  );
  console.log(`${new Date().toISOString()} load average ${load()}`);
  console.log('cpu idx: Lighthouse benchmarkIndex (higher is faster; it expects ~1000+ on a desktop)');
  for (const warning of warnings) console.log(`warning: ${warning}`);
  for (const retry of retries) console.log(`retried: ${retry}`);
  console.log('\nAccessibility and best-practice audits failed (in any run):');
  for (const [path, failed] of allFailures) {
    console.log(`  ${path}: ${failed.size === 0 ? 'none' : ''}`);
    for (const failure of failed) console.log(`    ${failure}`);
  }
} finally {
  await stack.dispose();
  rmSync(servedDir, { recursive: true, force: true });
}
