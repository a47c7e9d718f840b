/**
 * Injection seams for the atlas harness, without touching the app's files: a view under
 * src/views/ that imports `src/app/live/onboarding` (useOnboardingActor) or
 * `@tanstack/react-router` (useSearch, useParams, useRouter) gets a wrapper module that re-exports
 * the real one with those hooks replaced by scripts/atlas/seams.ts (the harness's actor, fixed
 * route params). Only modules imported by src/views/** are affected, and only in this dev config
 * (scripts/viewer/vite.config.ts); the app's build never sees it.
 */
import { join, normalize } from 'node:path';
import type { Plugin } from 'vite';

const LIVE = '\0atlas-seam:live-onboarding';
const ROUTER = '\0atlas-seam:router';

export function atlasSeams(rootDir: string): Plugin {
  const viewsDir = normalize(join(rootDir, 'src', 'views'));
  const liveOnboarding = normalize(join(rootDir, 'src', 'app', 'live', 'onboarding.ts'));
  const seams = join(rootDir, 'scripts', 'atlas', 'seams.ts');
  return {
    name: 'atlas-seams',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !normalize(importer).startsWith(viewsDir)) return null;
      if (source === '@tanstack/react-router') return ROUTER;
      if (source.endsWith('/live/onboarding')) {
        const resolved = await this.resolve(source, importer, { skipSelf: true });
        if (resolved && normalize(resolved.id) === liveOnboarding) return LIVE;
      }
      return null;
    },
    load(id) {
      if (id === LIVE) {
        return `export * from ${JSON.stringify(liveOnboarding)};\nexport { useOnboardingActor } from ${JSON.stringify(seams)};\n`;
      }
      if (id === ROUTER) {
        return `export * from '@tanstack/react-router';\nexport { useSearch, useParams, useRouter } from ${JSON.stringify(seams)};\n`;
      }
      return null;
    },
  };
}
