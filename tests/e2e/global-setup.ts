import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Builds the app once for the whole run (skip with E2E_SKIP_BUILD=1 when dist/ is fresh). */
export default function globalSetup(): void {
  const root = join(import.meta.dirname, '../..');
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync(join(root, 'dist/index.html'))) return;
  execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
  });
}
