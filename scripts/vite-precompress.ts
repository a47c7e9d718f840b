import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { HOSTING_FILE, hostingDirOf, isPrivatePath, parseHostingPolicy } from '../deploy/hosting-policy';
import { precompressDir } from '../server/static-compression';

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build (decision 140), after
 * the prerendered pages and the hosting files are written: the static host serves them as they
 * are instead of compressing each file again in every server process (the stack did, once per
 * process: a third of a test worker's CPU). Only the web root: the host files beside it
 * (`dist-hosting/`) are never served, and a private name is skipped even if one is found inside.
 *
 *   plugins: [..., ...hostingPlugin(), precompressPlugin()]   // vite.config.ts, last
 */
export function precompressPlugin(): Plugin {
  let config: ResolvedConfig | null = null;
  return {
    name: 'practice-onboarding:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      // After the hosting plugin's closeBundle, which is also 'post' and comes before it.
      sequential: true,
      handler() {
        if (!config || config.build.ssr) return;
        const outDir = resolve(config.root, config.build.outDir);
        if (!existsSync(join(outDir, 'index.html'))) return;
        // The hosting policy the hosting plugin has just written: its private files get none.
        const policy = parseHostingPolicy(readFileSync(join(hostingDirOf(outDir), HOSTING_FILE), 'utf8'));
        precompressDir(outDir, (pathname) => !isPrivatePath(policy, pathname));
      },
    },
  };
}
