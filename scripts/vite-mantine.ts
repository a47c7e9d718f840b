import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { type Plugin, runnerImport } from 'vite';

/**
 * Mantine in the build (`practice-onboarding:mantine`): each module's component stylesheets, the
 * app's theme as a stylesheet, and Mantine's `useId` without its second render.
 */

// ───────────────────────────── component stylesheets ─────────────────────────────

/**
 * Mantine ships one CSS file per style module (`@mantine/core/styles/<Name>.css`, documented in
 * https://mantine.dev/styles/css-files-list as the replacement for the whole `styles.css`).
 * Each stylesheet belongs to exactly one `<Name>.module.mjs` class map in Mantine's ESM build
 * (components, and the shared ones under `utils/`, e.g. `InlineInput` for Checkbox and Radio).
 *
 * This plugin adds, to every app module that imports from '@mantine/core', the stylesheets of
 * every class map those exports reach through Mantine's own import graph (all of it: components,
 * utils, core), dependencies first. The styles are complete by construction: whatever class
 * names the code can render, their stylesheet is imported next to it, and a class map without a
 * stylesheet fails the build. With `cssCodeSplit: false` they all end in the app's one stylesheet
 * (decision 123). The base files (baseline, CSS variables, global) are imported once in
 * src/main.tsx.
 */
export function mantineStylesFor(names: readonly string[]): string[] {
  return graph().stylesFor(names);
}

/** The files of Mantine's ESM build that the given exports reach (their own import graph). */
export function mantineModulesFor(names: readonly string[]): string[] {
  return graph().modulesFor(names);
}

interface MantineGraph {
  stylesFor: (names: readonly string[]) => string[];
  modulesFor: (names: readonly string[]) => string[];
}

let cached: MantineGraph | null = null;

function graph(): MantineGraph {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  // The package's exports map hides package.json; its ESM entry is esm/index.mjs.
  const esmRoot = dirname(require.resolve('@mantine/core').replace(/cjs[\\/]index\.cjs$/, 'esm/index.mjs'));
  const stylesRoot = join(esmRoot, '..', 'styles');

  const importsOf = new Map<string, string[]>();
  const relativeImports = (file: string): string[] => {
    const known = importsOf.get(file);
    if (known) return known;
    const found: string[] = [];
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*"(\.[^"]+)"/g)) {
      found.push(resolve(dirname(file), m[1]!));
    }
    importsOf.set(file, found);
    return found;
  };

  // Export name → the module that defines it, from the package's index.
  const exportFile = new Map<string, string>();
  const index = join(esmRoot, 'index.mjs');
  for (const m of readFileSync(index, 'utf8').matchAll(/import\s*\{([^}]+)\}\s*from\s*"(\.[^"]+)"/g)) {
    for (const name of m[1]!.split(',')) {
      const local = name
        .trim()
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (local) exportFile.set(local, resolve(esmRoot, m[2]!));
    }
  }

  const stylesheetOf = (moduleFile: string): string => {
    const name = basename(moduleFile).replace(/\.module\.mjs$/, '');
    if (!existsSync(join(stylesRoot, `${name}.css`))) {
      throw new Error(`@mantine/core: ${moduleFile} has no stylesheet styles/${name}.css`);
    }
    return `@mantine/core/styles/${name}.css`;
  };

  cached = {
    modulesFor(names) {
      const seen = new Set<string>();
      const visit = (file: string) => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const dep of relativeImports(file)) visit(dep);
      };
      for (const name of names) {
        const file = exportFile.get(name);
        if (file) visit(file);
      }
      return [...seen];
    },
    stylesFor(names) {
      const out: string[] = [];
      const seen = new Set<string>();
      // Post-order: a module's dependencies' styles come before its own.
      const visit = (file: string) => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const dep of relativeImports(file)) visit(dep);
        if (file.endsWith('.module.mjs')) out.push(stylesheetOf(file));
      };
      for (const name of [...names].sort()) {
        const file = exportFile.get(name);
        if (file) visit(file);
      }
      return out;
    },
  };
  return cached;
}

/** The value imports of '@mantine/core' in a module's source (type-only imports skipped). */
export function mantineImportsOf(code: string): string[] {
  const names: string[] = [];
  for (const m of code.matchAll(/import\s*(type\s*)?\{([^}]+)\}\s*from\s*['"]@mantine\/core['"]/g)) {
    if (m[1]) continue;
    for (const raw of m[2]!.split(',')) {
      const trimmed = raw.trim();
      if (!trimmed || trimmed.startsWith('type ')) continue;
      names.push(trimmed.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return names;
}

// ───────────────────────────── Mantine's useId ─────────────────────────────

/**
 * Mantine's `useId` (`@mantine/hooks`, `esm/use-id/use-id.mjs`) starts from React's `useId` and,
 * in a layout effect on mount, replaces it with a random id (`setUuid(randomId())`). Every Mantine
 * control that names its label, description or error with it (41 modules of `@mantine/core`:
 * inputs, selects, checkboxes, radios, the pin boxes, the stepper…) therefore sets state in the
 * commit that mounts it, and React renders and commits all of them again, synchronously, in the same
 * task: on the practice step, most of the task that commits the screen (measured with
 * tests/bench/interaction-latency.ts). The pin boxes, keyed by that id, were even
 * created twice.
 *
 * The module is replaced by `src/ui/mantine-use-id.ts`: Mantine's first id, kept (decision 150).
 * Server rendering is unchanged: effects never ran there, so the prerendered pages had that id.
 *
 * The build fails when the module is not where it was or no longer sets a random id after mount: an
 * upgrade of Mantine must be looked at, not patched blindly. The development server's prebundled
 * Mantine gets the same module (`optimizeDeps` in vite.config.ts); unit tests run Mantine as
 * published (tests/e2e/first-paint.spec.ts checks the build's ids).
 */
const target = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
const hooksEntry = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/;
/** What the original does after mount; the module is replaced only where this is found. */
const randomAfterMount = /useIsomorphicEffect\([\s\S]*setUuid\(randomId\(\)\)/;
export const replacement = join(import.meta.dirname, '../src/ui/mantine-use-id.ts');
/** A module id without its query (`?v=…`). */
const fileOf = (id: string): string => id.split('?')[0] ?? id;

/** The code of Mantine's `use-id.mjs` in the app, or null for any other module. */
export function patchMantineUseId(id: string, original: string): string | null {
  if (!target.test(fileOf(id))) return null;
  if (!randomAfterMount.test(original))
    throw new Error(
      `mantine-use-id: ${id} no longer sets a random id after mount; check scripts/vite-mantine.ts against this Mantine`,
    );
  return `export { useId } from ${JSON.stringify(replacement)};\n`;
}

/** The same, reading the module (for Vite's and Rolldown's `load` hooks). */
export async function loadMantineUseId(id: string): Promise<string | null> {
  const file = fileOf(id);
  return target.test(file) ? patchMantineUseId(file, await readFile(file, 'utf8')) : null;
}

// ───────────────────────────── the theme's stylesheet ─────────────────────────────

/** The stylesheet of the app's theme: `import 'virtual:app-theme.css'` (src/main.tsx). */
export const themeCssId = 'virtual:app-theme.css';

/**
 * The plugin. The theme's CSS variables and responsive classes are a stylesheet of the build
 * (decision 123), built from src/app/theme-css.ts when a build or dev server first asks for it.
 * They end in the app's one stylesheet, after Mantine's base files: a prerendered page inlines
 * what its screen reads (scripts/vite-prerender.ts), and the app adds nothing to the document when
 * it starts (rendering them into `<head>` at start made the whole page's style be computed again
 * while the prerendered screen showed).
 */
export function mantinePlugin(root: string): Plugin {
  let css: Promise<string> | undefined;
  let patched = false;
  let hooksBundled = false;
  return {
    name: 'practice-onboarding:mantine',
    enforce: 'pre',
    resolveId: {
      filter: { id: /^virtual:app-theme\.css$/ },
      handler: () => `/${themeCssId}`,
    },
    async load(id) {
      if (id === `/${themeCssId}`) {
        css ??= runnerImport<typeof import('../src/app/theme-css')>('/src/app/theme-css.ts', {
          configFile: false,
          root,
          logLevel: 'error',
        }).then(({ module }) => module.themeCss());
        return css;
      }
      if (hooksEntry.test(fileOf(id))) hooksBundled = true;
      const code = await loadMantineUseId(id);
      if (code) patched = true;
      return code;
    },
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id.split('?')[0] ?? '')) return null;
      const names = mantineImportsOf(code);
      if (names.length === 0) return null;
      const styles = mantineStylesFor(names);
      if (styles.length === 0) return null;
      const imports = styles.map((file) => `import '${file}';`).join('\n');
      return { code: `${imports}\n${code}`, map: null };
    },
    buildEnd(error) {
      if (!error && hooksBundled && !patched)
        this.error(
          'mantine-use-id: @mantine/hooks was bundled without esm/use-id/use-id.mjs; check scripts/vite-mantine.ts against this Mantine',
        );
    },
  };
}
