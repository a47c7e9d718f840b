import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Mantine ships one CSS file per component (`@mantine/core/styles/<Component>.css`). Importing
 * the whole `styles.css` puts ~36 KB gz of CSS in front of the first paint. This plugin adds, to
 * every app module that imports components from '@mantine/core', the CSS files of exactly those
 * components and of the components they are built from (computed from Mantine's own ESM
 * sources, dependencies first), so each lazily loaded screen carries its own styles.
 * The base files (baseline, CSS variables, global) are imported once in src/main.tsx.
 */
export function mantineComponentCss(): Plugin {
  const require = createRequire(import.meta.url);
  // The package's exports map hides package.json; its ESM entry is esm/index.mjs.
  const esmRoot = dirname(require.resolve('@mantine/core').replace(/cjs[\\/]index\.cjs$/, 'esm/index.mjs'));
  const stylesRoot = join(esmRoot, '..', 'styles');

  // Export name → component folder, from the package's index.
  const exportDir = new Map<string, string>();
  const index = readFileSync(join(esmRoot, 'index.mjs'), 'utf8');
  for (const m of index.matchAll(/import\s*\{([^}]+)\}\s*from\s*"\.\/components\/([A-Za-z]+)\//g)) {
    for (const name of m[1]!.split(','))
      exportDir.set(
        name
          .trim()
          .split(/\s+as\s+/)
          .pop()!
          .trim(),
        m[2]!,
      );
  }

  // Component folder → the component folders it imports (direct).
  const directDeps = new Map<string, Set<string>>();
  const depsOf = (dir: string): Set<string> => {
    const cached = directDeps.get(dir);
    if (cached) return cached;
    const deps = new Set<string>();
    directDeps.set(dir, deps);
    const base = join(esmRoot, 'components', dir);
    if (!existsSync(base)) return deps;
    for (const file of readdirSync(base, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.mjs')) continue;
      const full = join(base, file);
      for (const m of readFileSync(full, 'utf8').matchAll(/from\s*"(\.[^"]+)"/g)) {
        const target = resolve(dirname(full), m[1]!);
        const hit = /[\\/]esm[\\/]components[\\/]([A-Za-z]+)[\\/]/.exec(target);
        if (hit && hit[1] !== dir) deps.add(hit[1]!);
      }
    }
    return deps;
  };

  // Dependencies first (post-order), only folders that have a stylesheet.
  const cssFor = (dirs: string[]): string[] => {
    const out: string[] = [];
    const seen = new Set<string>();
    const visit = (dir: string) => {
      if (seen.has(dir)) return;
      seen.add(dir);
      for (const dep of [...depsOf(dir)].sort()) visit(dep);
      if (existsSync(join(stylesRoot, `${dir}.css`))) out.push(`@mantine/core/styles/${dir}.css`);
    };
    for (const dir of dirs.sort()) visit(dir);
    return out;
  };

  return {
    name: 'mantine-component-css',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id.split('?')[0] ?? '')) return null;
      const dirs = new Set<string>();
      for (const m of code.matchAll(/import\s*(?:type\s*)?\{([^}]+)\}\s*from\s*['"]@mantine\/core['"]/g)) {
        if (/import\s+type\s*\{/.test(m[0])) continue;
        for (const raw of m[1]!.split(',')) {
          const name = raw
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!
            .trim();
          const dir = exportDir.get(name);
          if (dir) dirs.add(dir);
        }
      }
      if (dirs.size === 0) return null;
      const imports = cssFor([...dirs])
        .map((file) => `import '${file}';`)
        .join('\n');
      return { code: `${imports}\n${code}`, map: null };
    },
  };
}
