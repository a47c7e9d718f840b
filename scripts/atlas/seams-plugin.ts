/**
 * Injection seams for the atlas harness, without touching the app's files: a view under
 * src/views/ that imports `@tanstack/react-router` (useSearch, useParams, useRouter) gets a
 * wrapper module that re-exports the real one with those hooks replaced by scripts/atlas/seams.ts
 * (fixed route params). The onboarding steps need no seam: OnboardingView hands them the
 * harness's actor through their context (src/views/onboarding/onboarding-actor.ts). Only modules imported by src/views/** are affected, and only in this dev config
 * (scripts/viewer/vite.config.ts); the app's build never sees it.
 */
import { join, normalize } from 'node:path';
import type { Plugin } from 'vite';

const ROUTER = '\0atlas-seam:router';

export function atlasSeams(rootDir: string): Plugin {
  const viewsDir = normalize(join(rootDir, 'src', 'views'));
  const seams = join(rootDir, 'scripts', 'atlas', 'seams.ts');
  return {
    name: 'atlas-seams',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !normalize(importer).startsWith(viewsDir)) return null;
      if (source === '@tanstack/react-router') return ROUTER;
      return null;
    },
    load(id) {
      if (id === ROUTER) {
        return `export * from '@tanstack/react-router';\nexport { useSearch, useParams, useRouter } from ${JSON.stringify(seams)};\n`;
      }
      return null;
    },
  };
}
