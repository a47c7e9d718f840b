import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { hostingDirOf } from '../deploy/hosting-policy';

/**
 * The build's inputs, as the build itself saw them (docs/decisions/012-local-stack.md):
 * `dist-hosting/build-inputs.json` (beside the web root, never served) lists every file the build loaded (the client graph, the prerender's
 * server-side graph, the config and the plugins it imports, package.json and the lockfile, which
 * stand for node_modules) with a hash of its content, and a digest of the deployment settings.
 * `scripts/ensure-build.ts` rebuilds when any of them differs; no list is written by hand.
 */

export const INPUTS_FILE = 'build-inputs.json';

/** The runtime folder the build writes (scripts/vite-hosting-runtime.ts) and its server file. */
export const RUNTIME_DIR = 'build/runtime';
export const RUNTIME_ENTRY = 'server.mjs';

export interface InputManifest {
  version: 1;
  /** Repository-relative path (forward slashes) → sha256 of the content. */
  files: Record<string, string>;
  /** sha256 of the deployment settings the build was made with. */
  settings: string;
}

export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** The repository files among module ids / paths: no virtual modules, queries or node_modules. */
export function inputFilesOf(root: string, ids: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const raw of ids) {
    if (!raw || raw.startsWith('\0') || raw.startsWith('virtual:')) continue;
    const id = raw.split('?')[0] ?? raw;
    if (!isAbsolute(id)) continue;
    const rel = relative(root, id);
    if (rel.startsWith('..') || isAbsolute(rel)) continue;
    const top = rel.split(sep)[0];
    if (
      rel.split(sep).includes('node_modules') ||
      top === 'dist' ||
      top === 'dist-hosting' ||
      top === 'build'
    )
      continue;
    try {
      if (!statSync(id).isFile()) continue;
    } catch {
      continue;
    }
    out.add(rel.split(sep).join('/'));
  }
  return [...out].sort();
}

export function createManifest(root: string, files: string[], settingsDigest: string): InputManifest {
  const entries = [...new Set(files)].sort().map((file) => [file, sha256Hex(readFileSync(join(root, file)))]);
  return { version: 1, files: Object.fromEntries(entries), settings: settingsDigest };
}

/** The manifest of the build in `outDir`, in its hosting folder. */
export function manifestFileOf(outDir: string): string {
  return join(hostingDirOf(outDir), INPUTS_FILE);
}

export function writeManifest(outDir: string, manifest: InputManifest): void {
  mkdirSync(hostingDirOf(outDir), { recursive: true });
  writeFileSync(manifestFileOf(outDir), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Adds files to the manifest of the build in `outDir` (a later build step's own inputs). */
export function addToManifest(root: string, outDir: string, files: string[]): void {
  const manifest = JSON.parse(readFileSync(manifestFileOf(outDir), 'utf8')) as InputManifest;
  const added = createManifest(root, files, manifest.settings);
  const merged = { ...manifest.files, ...added.files };
  const sorted = Object.fromEntries(
    Object.keys(merged)
      .sort()
      .map((file) => [file, merged[file] ?? '']),
  );
  writeManifest(outDir, { ...manifest, files: sorted });
}

/**
 * Why the build in `outDir` is stale, or an empty list when it is up to date: no manifest, a
 * listed file changed or gone, other deployment settings.
 */
export function staleReasons(root: string, outDir: string, settingsDigest: string): string[] {
  const file = manifestFileOf(outDir);
  if (!existsSync(join(outDir, 'index.html'))) return ['no build in dist/'];
  if (!existsSync(file)) return [`no ${INPUTS_FILE} in dist-hosting/ (a build from before it existed)`];
  let manifest: InputManifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as InputManifest;
  } catch {
    return [`${INPUTS_FILE} is not readable`];
  }
  if (manifest.version !== 1 || !manifest.files) return [`${INPUTS_FILE} has an unknown format`];
  const reasons: string[] = [];
  for (const [path, hash] of Object.entries(manifest.files)) {
    let now: string;
    try {
      now = sha256Hex(readFileSync(join(root, path)));
    } catch {
      reasons.push(`${path} is gone`);
      continue;
    }
    if (now !== hash) reasons.push(`${path} changed`);
  }
  if (manifest.settings !== settingsDigest) reasons.push('the deployment settings changed');
  return reasons;
}
