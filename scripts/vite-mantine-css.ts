import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

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

export function mantineComponentCss(): Plugin {
  return {
    name: 'mantine-component-css',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id.split('?')[0] ?? '')) return null;
      const names = mantineImportsOf(code);
      if (names.length === 0) return null;
      const styles = mantineStylesFor(names);
      if (styles.length === 0) return null;
      const imports = styles.map((file) => `import '${file}';`).join('\n');
      return { code: `${imports}\n${code}`, map: null };
    },
  };
}
