import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuild } from '../../scripts/ensure-build';

/**
 * Builds the app once for the whole run, and only when dist/ is missing or stale: the same check
 * as `npm start`, `npm run html:check` and `npm run test:engines` (scripts/ensure-build.ts, the
 * inputs the last build recorded in dist-hosting/build-inputs.json), so `npm ci` (whose `prepare` builds)
 * followed by `npm test` builds the app once, not once per phase (decision 140).
 * `E2E_SKIP_BUILD=1` skips even the check when dist/ exists.
 */
export default async function globalSetup(): Promise<void> {
  const root = join(import.meta.dirname, '../..');
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync(join(root, 'dist/index.html'))) return;
  await ensureBuild((line) => console.log(line));
}
