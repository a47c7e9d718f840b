import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';
import { hostingDirOf } from '../deploy/hosting-policy';

/**
 * The chunk graph of the client build, for the bundle report (scripts/bundle-report.ts), which
 * reads it beside the build instead of building again (decision 140): every chunk's file, whether
 * it is the entry, its static imports, its CSS, its modules (paths from the repository root) with
 * their rendered sizes, and the module it is the facade of.
 *
 * Written to `dist-hosting/bundle-chunks.json`: beside the web root, never served to browsers
 * (deploy/hosting-policy.ts, `hostingDirOf`).
 */
export const bundleChunksFile = 'bundle-chunks.json';

export interface BundleChunk {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  css: string[];
  modules: string[];
  moduleSizes: Record<string, number>;
  facade: string | null;
}

export function bundleChunksPlugin(root: string): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'bundle-chunks',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir;
      ssr = Boolean(config.build.ssr);
    },
    writeBundle(options, bundle) {
      if (ssr) return;
      const chunks: BundleChunk[] = [];
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const meta = (item as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata;
        chunks.push({
          fileName: item.fileName,
          isEntry: item.isEntry,
          imports: [...item.imports],
          css: [...(meta?.importedCss ?? [])],
          modules: Object.keys(item.modules).map((id) => relative(root, id)),
          moduleSizes: Object.fromEntries(
            Object.entries(item.modules).map(([id, m]) => [relative(root, id), m.renderedLength]),
          ),
          facade: item.facadeModuleId ? relative(root, item.facadeModuleId) : null,
        });
      }
      const dir = hostingDirOf(options.dir ?? join(root, outDir));
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, bundleChunksFile), `${JSON.stringify({ version: 1, chunks }, null, 1)}\n`);
    },
  };
}
