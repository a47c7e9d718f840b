/**
 * Injection seams for the atlas harness, without touching the app's files: a view under
 * src/views/ that imports `@tanstack/react-router` (useSearch, useParams, useRouter) gets a
 * wrapper module that re-exports the real one with those hooks replaced by scripts/atlas/seams.ts
 * (fixed route params). The onboarding steps need no seam: OnboardingView hands them the
 * harness's actor through their context (src/views/onboarding/onboarding-actor.ts). Modules under
 * src/ that import the busy-indicator or loading machine get it with its pop-in delay from
 * seams.ts (`TIMED` below). Only modules imported by src/ are affected, and only in this dev
 * config (scripts/viewer/vite.config.ts); the app's build never sees it.
 */
import { join, normalize, sep } from 'node:path';
import type { Plugin } from 'vite';

const ROUTER = '\0atlas-seam:router';
/**
 * The machines whose delays only time what a screen shows (the loading pop-in): in the harness
 * their pop-in comes from seams.ts, so the atlas photographs a busy screen without waiting the
 * real 500 ms, while the viewer's live walk keeps the real delay.
 */
const TIMED: Record<string, string> = {
  '#machines/busy-indicator.machine': 'busyIndicatorMachine',
  '#machines/loading.machine': 'loadingMachine',
};
/**
 * The id names the machine's file (`\0atlas-seam-timed/loading.machine`), never the `#machines/…`
 * import it replaces: the dev server serves a virtual module at `/@id/__x00__<id>`, and a `#` there
 * would begin the URL's fragment, so the browser would ask for a module with no name.
 */
const TIMED_PREFIX = '\0atlas-seam-timed/';
const MACHINES_IMPORT = '#machines/';

export function atlasSeams(rootDir: string): Plugin {
  // With the separator: `src/` must not also match a sibling such as `src-old/`.
  const viewsDir = normalize(join(rootDir, 'src', 'views')) + sep;
  const srcDir = normalize(join(rootDir, 'src')) + sep;
  const seams = join(rootDir, 'scripts', 'atlas', 'seams.ts');
  return {
    name: 'atlas-seams',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      if (source in TIMED && normalize(importer).startsWith(srcDir))
        return `${TIMED_PREFIX}${source.slice(MACHINES_IMPORT.length)}`;
      if (!normalize(importer).startsWith(viewsDir)) return null;
      if (source === '@tanstack/react-router') return ROUTER;
      return null;
    },
    load(id) {
      if (id.startsWith(TIMED_PREFIX)) {
        const name = id.slice(TIMED_PREFIX.length);
        const machine = TIMED[`${MACHINES_IMPORT}${name}`];
        if (!machine) return null;
        const file = JSON.stringify(join(rootDir, 'machines', `${name}.ts`));
        return [
          `export * from ${file};`,
          `import { ${machine} as real } from ${file};`,
          `import { popInDelay } from ${JSON.stringify(seams)};`,
          `export const ${machine} = real.provide({ delays: { popInDelay } });`,
          '',
        ].join('\n');
      }
      if (id === ROUTER) {
        return `export * from '@tanstack/react-router';\nexport { useSearch, useParams, useRouter } from ${JSON.stringify(seams)};\n`;
      }
      return null;
    },
  };
}
