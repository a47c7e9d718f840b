import type { Plugin } from 'vite';

/**
 * Writes `meta.json` (`{ "buildTime": "<ISO date>" }`) into the build output (spec §3 "Version
 * file", §7 GET /meta.json?t=timestamp). The build-check machine compares it with the
 * `appVersion` cookie (docs/decisions/002-build-freshness.md). Build only: in development the
 * local stack answers /meta.json itself.
 *
 *   plugins: [metaJsonPlugin(), …]                         // vite.config.ts
 *   metaJsonPlugin({ buildTime: () => process.env.BUILD_TIME ?? new Date().toISOString() })
 */
export interface MetaJsonOptions {
  /** Build time to publish; default: now, or `BUILD_TIME` from the environment (reproducible builds). */
  buildTime?: () => string;
}

export function metaJsonPlugin(options: MetaJsonOptions = {}): Plugin {
  const buildTime = options.buildTime ?? (() => process.env.BUILD_TIME ?? new Date().toISOString());
  return {
    name: 'practice-onboarding:meta-json',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'meta.json',
        source: `${JSON.stringify({ buildTime: buildTime() })}\n`,
      });
    },
  };
}
