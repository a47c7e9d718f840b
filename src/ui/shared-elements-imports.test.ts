/**
 * The shared elements are on the first screen's import graph: they must not pull in formik or yup
 * (nor src/forms or src/validation, which do). Follows relative imports transitively.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const elements = ['step-progress', 'card-grid', 'one-time-code-input', 'pill-input', 'yes-no', 'icon-badge'];
const forbidden = [/^formik$/, /^yup$/, /src\/forms\//, /src\/validation\//];

function resolve(from: string, spec: string): string | null {
  const base = join(dirname(from), spec);
  const found = [`${base}.ts`, `${base}.tsx`, base, join(base, 'index.ts')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
  return found ?? null;
}

function importGraph(entry: string): { modules: Set<string>; packages: Set<string> } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (modules.has(file)) continue;
    modules.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(
      /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    )) {
      const spec = m[1] ?? m[2] ?? '';
      if (spec.startsWith('.')) {
        const resolved = resolve(file, spec);
        if (resolved) queue.push(resolved);
      } else packages.add(spec);
    }
  }
  return { modules, packages };
}

describe('shared elements stay light', () => {
  it.each(elements)('%s imports neither formik nor yup, directly or transitively', (name) => {
    const { modules, packages } = importGraph(join(root, 'src/ui', `${name}.tsx`));
    const names = [...packages, ...[...modules].map((m) => relative(root, m))];
    for (const pattern of forbidden) expect(names.filter((n) => pattern.test(n))).toEqual([]);
    expect(packages.has('@mantine/core')).toBe(true);
  });

  it('the check would see formik and yup (the form field reaches both)', () => {
    const { modules, packages } = importGraph(join(root, 'src/forms/form-field.tsx'));
    expect(packages.has('formik')).toBe(true);
    expect(packages.has('yup')).toBe(true);
    expect([...modules].some((m) => m.includes('src/validation/'))).toBe(true);
  });
});
