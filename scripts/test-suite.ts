/**
 * `npm test`: every check of the repository, in stages (decision 140). Within a stage the jobs
 * run side by side (at most `--jobs` at a time, two by default, the longest first); a stage starts
 * only when the one before it passed, as the old `a && b && …` chain did. A stage's first job
 * shows its output as it comes, a whole line at a time; the others print theirs whole when they
 * end (never in the middle of a line). Then a table of the jobs' times, one line per stage with its
 * time and its share of the whole run (`stage time: …`, so a slow stage shows in CI's log), and
 * the count of the browser tests' assertions; the exit code is 1 when any job failed (the failed
 * jobs are named).
 *
 *   0. the build: `scripts/ensure-build.ts` (nothing to do after `npm ci`, whose `prepare` built)
 *   1. the checks that need no browser stack of their own: test:unit (Vitest, which itself runs
 *      two files at a time) beside lint, typecheck, i18n:check, diagrams:check, bench:bundle and
 *      html:check one after another
 *   2. test:e2e (Playwright; its global setup finds the build fresh)
 *   3. test:engines (the Firefox and WebKit journeys; beside Playwright they took 649 s instead
 *      of 702 s, but a WebKit journey timed out that way on a fresh clone: decision 140, withdrawn)
 *
 *   tsx scripts/test-suite.ts              all of it (`npm test`)
 *   tsx scripts/test-suite.ts --jobs 1     one job at a time (the old sequential run, to compare)
 *   tsx scripts/test-suite.ts --only lint,typecheck   just these jobs, in their stages
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { assertionSummary } from './e2e-assertions';

const root = join(import.meta.dirname, '..');

interface Job {
  name: string;
  /** The command, run by npm (`npm run <script>`) unless `argv` is given. */
  argv?: string[];
}

/** Stages in order; the first job of a stage is the longest and starts first. */
const stages: Job[][] = [
  [{ name: 'build', argv: [process.execPath, '--import', 'tsx', 'scripts/ensure-build.ts'] }],
  [
    { name: 'test:unit' },
    { name: 'typecheck' },
    { name: 'bench:bundle' },
    { name: 'html:check' },
    { name: 'diagrams:check' },
    { name: 'lint' },
    { name: 'i18n:check' },
  ],
  [{ name: 'test:e2e' }],
  // After Playwright, not beside it: beside it a WebKit journey timed out on a fresh clone
  // (decision 140, withdrawn).
  [{ name: 'test:engines' }],
];

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const jobsLimit = Math.max(1, Number(option('--jobs') ?? 2) || 2);
const only = option('--only')
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);

const running = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(130);
  });
}

interface Result {
  name: string;
  ok: boolean;
  seconds: number;
}

/**
 * Runs a job; its output is kept and printed whole at its end, or shown as it comes (`stream`),
 * a whole line at a time, so that a job beside it printing its output at its end never lands in
 * the middle of a line.
 */
function run(job: Job, stream: boolean): Promise<Result> {
  const started = performance.now();
  const [command, ...args] = job.argv ?? ['npm', 'run', '--silent', job.name];
  if (stream) process.stdout.write(`\n━━ ${job.name}\n`);
  return new Promise((resolve) => {
    const child = spawn(command ?? 'npm', args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    running.add(child);
    const output: Buffer[] = [];
    const partial: Record<'stdout' | 'stderr', string> = { stdout: '', stderr: '' };
    const forward = (from: 'stdout' | 'stderr') => (chunk: Buffer) => {
      if (!stream) {
        output.push(chunk);
        return;
      }
      const text = partial[from] + chunk.toString('utf8');
      const end = text.lastIndexOf('\n') + 1;
      partial[from] = text.slice(end);
      if (end > 0) process[from].write(text.slice(0, end));
    };
    child.stdout?.on('data', forward('stdout'));
    child.stderr?.on('data', forward('stderr'));
    const finish = (ok: boolean, note = '') => {
      running.delete(child);
      for (const from of ['stdout', 'stderr'] as const)
        if (partial[from]) process[from].write(`${partial[from]}\n`);
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(`\n━━ ${job.name} ${ok ? 'passed' : 'FAILED'} (${seconds.toFixed(0)} s)${note}\n`);
      process.stdout.write(Buffer.concat(output));
      resolve({ name: job.name, ok, seconds });
    };
    child.on('error', (error) => finish(false, `: ${error.message}`));
    child.on('close', (code, signal) => finish(code === 0, signal ? `: stopped by ${signal}` : ''));
  });
}

/**
 * Runs a stage's jobs, at most `limit` at a time, in the order given. The stage's first job (its
 * longest) shows its output as it comes, and so does every job with `--jobs 1`; the others print
 * theirs whole when they end.
 */
async function runStage(jobs: Job[], limit: number): Promise<Result[]> {
  const results: Result[] = [];
  const queue = [...jobs];
  const first = jobs[0];
  const lanes = Array.from({ length: Math.min(limit, queue.length) }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      results.push(await run(job, limit === 1 || job === first));
    }
  });
  await Promise.all(lanes);
  return results;
}

const suiteStarted = performance.now();
const results: Result[] = [];
const stageTimes: { name: string; seconds: number }[] = [];
let failed = false;
for (const [index, stage] of stages.entries()) {
  const jobs = only ? stage.filter((job) => only.includes(job.name)) : stage;
  if (jobs.length === 0) continue;
  const started = performance.now();
  process.stdout.write(`\n▶ stage ${index}: ${jobs.map((job) => job.name).join(', ')}\n`);
  const stageResults = await runStage(jobs, jobsLimit);
  results.push(...stageResults);
  stageTimes.push({
    name: `stage ${index} (${jobs.map((job) => job.name).join(', ')})`,
    seconds: (performance.now() - started) / 1000,
  });
  if (stageResults.some((result) => !result.ok)) {
    failed = true;
    break;
  }
}

const total = (performance.now() - suiteStarted) / 1000;
process.stdout.write('\n━━ suite\n');
for (const result of results) {
  process.stdout.write(
    `  ${result.ok ? '✓' : '✘'} ${result.name.padEnd(16)} ${result.seconds.toFixed(0).padStart(5)} s\n`,
  );
}
process.stdout.write(`  total ${total.toFixed(0)} s (--jobs ${jobsLimit})\n`);
// One line per stage, its time and its share of the whole run: a slow stage shows in CI's log.
for (const stage of stageTimes) {
  const share = total > 0 ? (100 * stage.seconds) / total : 0;
  process.stdout.write(
    `stage time: ${stage.seconds.toFixed(0).padStart(5)} s ${share.toFixed(0).padStart(3)} %  ${stage.name}\n`,
  );
}
// The count of the browser tests' assertions (scripts/e2e-assertions.ts), to compare runs.
process.stdout.write(`${assertionSummary()}\n`);
if (failed) {
  const names = results.filter((result) => !result.ok).map((result) => result.name);
  process.stdout.write(`npm test: failed: ${names.join(', ')}; later stages were not run\n`);
  process.exit(1);
}
