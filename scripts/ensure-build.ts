/**
 * `npm start` serves the production build. Build it only when it is missing or older than the
 * sources it is made from, so a fresh clone (built once by `npm ci`'s prepare step) starts the
 * whole stack in about a second, and a changed source is never served stale.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const built = join(root, 'dist/index.html');

function newestIn(path: string): number {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full, { recursive: true, encoding: 'utf8' })) {
    newest = Math.max(newest, statSync(join(full, entry)).mtimeMs);
  }
  return newest;
}

const sources = [
  'src',
  'machines',
  'index.html',
  'vite.config.ts',
  'scripts/vite-mantine-css.ts',
  'scripts/vite-meta-plugin.ts',
  'package-lock.json',
];
const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newestIn));
if (builtAt === 0 || sourcesAt > builtAt) {
  console.log(
    builtAt === 0 ? 'No build yet: building the app…' : 'Sources changed since the last build: rebuilding…',
  );
  execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
  });
} else {
  console.log('The build in dist/ is up to date.');
}
