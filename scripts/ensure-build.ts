/**
 * `npm start` serves the production build: build it only when it is missing or when any of its
 * inputs changed. The inputs are the ones the last build recorded itself (`dist-hosting/build-inputs.json`,
 * scripts/vite-hosting-inputs.ts: every file it loaded, the config and its plugins, package.json,
 * the lockfile, and the deployment settings), so a fresh clone built once starts in about a
 * second, and a changed input is never served stale (docs/decisions/012-local-stack.md).
 *
 *   ensureBuild()                       // from server/main.ts (npm start)
 *   tsx scripts/ensure-build.ts         // alone; `--prepare`: npm's prepare step (skipped by
 *                                       // `npm ci --omit=dev`, a production install builds itself)
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readDeploymentSettings } from '../deploy/settings';
import { settingsDigest } from './vite-hosting';
import { RUNTIME_DIR, RUNTIME_ENTRY, staleReasons } from './vite-hosting-inputs';

const root = join(import.meta.dirname, '..');

/** Why dist/ must be rebuilt (empty: it is up to date). */
export function buildStaleness(distDir = join(root, 'dist')): string[] {
  const reasons = staleReasons(root, distDir, settingsDigest(readDeploymentSettings()));
  // The repository's build also writes the runtime folder (scripts/vite-hosting-runtime.ts).
  if (distDir === join(root, 'dist') && !existsSync(join(root, RUNTIME_DIR, RUNTIME_ENTRY)))
    reasons.push(`no runtime folder (${RUNTIME_DIR}/${RUNTIME_ENTRY})`);
  return reasons;
}

/** Runs `vite build`; a SIGINT/SIGTERM meanwhile stops the build too. */
function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], {
      cwd: root,
      // A production build whatever the caller's NODE_ENV (Vitest sets `test`: React's development
      // build would ship).
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    });
    const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
    const onInt = forward('SIGINT');
    const onTerm = forward('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      if (code === 0) resolve();
      else
        reject(new Error(signal ? `the build was stopped (${signal})` : `the build failed (exit ${code})`));
    });
  });
}

/** Builds when dist/ is missing or stale; says which. */
export async function ensureBuild(log: (line: string) => void = console.log): Promise<void> {
  const reasons = buildStaleness();
  if (reasons.length === 0) {
    log('The build in dist/ is up to date.');
    return;
  }
  const shown =
    reasons.slice(0, 5).join(', ') + (reasons.length > 5 ? `, and ${reasons.length - 5} more` : '');
  log(`Rebuilding the app (${shown})…`);
  await build();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const omitted = (process.env.npm_config_omit ?? '').split(/[\s,]+/);
  if (process.argv.includes('--prepare') && omitted.includes('dev')) {
    console.log(
      'Production install (--omit=dev): not building now; run `npm run build` with the deployment settings.',
    );
  } else {
    ensureBuild().catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
  }
}
