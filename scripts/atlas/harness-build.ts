import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

/**
 * The atlas harness build (scripts/viewer/vite.config.ts), built once per state of the
 * repository and shared (decision 140): scripts/atlas-check.test.ts and scripts/atlas.test.ts
 * run the atlas side by side in one Vitest run, and each built the same harness before.
 *
 * The key is the content of the repository's files as git sees them (the index's blobs, the working
 * tree's changes, every untracked file that is not ignored; all but docs, Markdown and the
 * browser specs), with the lockfile: any change to them gives a new key, so a stale harness is
 * never used; outside a git checkout (or with
 * ATLAS_FRESH_HARNESS=1) the harness is built afresh into the run's own folder as before.
 *
 * The builds live in node_modules/.cache/atlas-harness/<key>/; the first process to want a key
 * builds it (a lock folder keeps the others waiting) and moves it into place whole, so a reader
 * never sees half a build. Builds of other keys older than a day are removed.
 */

const CACHE = 'node_modules/.cache/atlas-harness';
/** Every file of the repository but the ones no harness build reads (docs, the browser specs). */
const inputs = ['.', ':(exclude)docs', ':(exclude)*.md', ':(exclude)tests/e2e', ':(exclude)tests/engines'];
const STALE_LOCK_MS = 10 * 60_000;
const KEEP_MS = 24 * 60 * 60_000;

function repositoryKey(root: string): string | null {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: root, encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 });
    const hash = createHash('sha256');
    // Content only (a commit of the same files keeps the key): the index's blobs, the working
    // tree's changes to them, and the untracked files.
    hash.update(git('ls-files', '-s', '--', ...inputs));
    hash.update(git('diff', '--binary', '--', ...inputs));
    const untracked = git('ls-files', '-z', '--others', '--exclude-standard', '--', ...inputs)
      .toString('utf8')
      .split('\0')
      .filter(Boolean)
      .sort();
    for (const file of untracked) {
      hash.update(`\0${file}\0`);
      hash.update(readFileSync(join(root, file)));
    }
    hash.update(readFileSync(join(root, 'package-lock.json')));
    // The build differs by NODE_ENV (Vitest sets 'test': React's development build, whose
    // StrictMode stops and restarts effects; Playwright builds for production): one key each.
    hash.update(`\0NODE_ENV=${process.env.NODE_ENV ?? ''}`);
    return hash.digest('hex').slice(0, 24);
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function buildInto(configFile: string, outDir: string): Promise<void> {
  await build({ configFile, logLevel: 'error', build: { outDir, emptyOutDir: true } });
}

function prune(cache: string, keep: string): void {
  for (const name of readdirSync(cache)) {
    if (name === keep || name.endsWith('.lock') || name.includes('.building-')) continue;
    const dir = join(cache, name);
    if (Date.now() - statSync(dir).mtimeMs > KEEP_MS) rmSync(dir, { recursive: true, force: true });
  }
}

/** The folder of a harness build for the repository as it is now (`fallbackDir` when uncached). */
export async function harnessBuild(root: string, configFile: string, fallbackDir: string): Promise<string> {
  const key = process.env.ATLAS_FRESH_HARNESS ? null : repositoryKey(root);
  if (!key) {
    await buildInto(configFile, fallbackDir);
    return fallbackDir;
  }
  const cache = join(root, CACHE);
  const dir = join(cache, key);
  const lock = `${dir}.lock`;
  mkdirSync(cache, { recursive: true });
  for (;;) {
    if (existsSync(join(dir, '.complete'))) return dir;
    try {
      mkdirSync(lock);
    } catch {
      // Another process builds this key: wait for it (or take over a lock left by a crash).
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS)
        rmSync(lock, { recursive: true, force: true });
      await sleep(500);
      continue;
    }
    try {
      if (existsSync(join(dir, '.complete'))) return dir;
      const building = `${dir}.building-${process.pid}`;
      await buildInto(configFile, building);
      mkdirSync(join(building, '.complete'));
      rmSync(dir, { recursive: true, force: true });
      renameSync(building, dir);
      prune(cache, key);
      return dir;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
