import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One name per flow, and one suffix per role (docs/architecture.md, "Names"; decision 170): a flow
 * is named after its machine (`machines/<flow>.machine.ts`) from the route's screen to the view:
 *
 * - `src/app/screens/<flow>[-<variant>].tsx` exports `<Flow>[<Variant>]Screen` (it creates the actor);
 * - `src/app/live/<flow>.ts` exports `provide<Flow>` (and `use<Flow>Actor` when a screen holds it);
 * - `src/views/<flow>/<flow>[-<variant>]-view.tsx` exports `<Flow>[<Variant>]View` (it renders it);
 *   every component a `*-view.tsx` file exports ends in `View`;
 * - no other file of src/views exports a component ending in `View`, `Screen` or `Page`.
 */

const root = join(import.meta.dirname, '../..');
const screensDir = join(root, 'src/app/screens');
const liveDir = join(root, 'src/app/live');
const viewsDir = join(root, 'src/views');
const machinesDir = join(root, 'machines');

/** Screens without a machine of their own, and where their view lives. */
const screensWithoutMachine: Record<string, string> = {
  'server-error': 'src/views/errors/server-error-view.tsx',
};

const pascal = (kebab: string) =>
  kebab
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Exported components (and hooks, functions): `export function Name` and `export const Name =`. */
function exportedNames(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^export (?:function|const) (\w+)/gm)].map((m) => m[1] as string);
}

const isComponent = (name: string) => /^[A-Z]/.test(name);

const machines = readdirSync(machinesDir)
  .filter((f) => f.endsWith('.machine.ts'))
  .map((f) => f.replace(/\.machine\.ts$/, ''));

/** The machine a screen or view is named after: the longest machine name it starts with. */
function flowOf(name: string): string | null {
  const matches = machines.filter((m) => name === m || name.startsWith(`${m}-`));
  return matches.sort((a, b) => b.length - a.length)[0] ?? null;
}

const screens = readdirSync(screensDir)
  .filter((f) => f.endsWith('.tsx') && !f.includes('.test.'))
  .map((f) => f.replace(/\.tsx$/, ''));

const viewFiles = filesUnder(viewsDir)
  .filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))
  .map((f) => relative(root, f));

describe('one name per flow (decision 170)', () => {
  it.each(screens)(
    'screens/%s.tsx: named after its machine, exports its Screen, and its view is named alike',
    (screen) => {
      const flow = flowOf(screen);
      const ownView = screensWithoutMachine[screen];
      expect(
        flow !== null || ownView !== undefined,
        `${screen}: no machines/<flow>.machine.ts it is named after`,
      ).toBe(true);
      expect(exportedNames(join(screensDir, `${screen}.tsx`)).filter(isComponent)).toEqual([
        `${pascal(screen)}Screen`,
      ]);
      const view = ownView ?? `src/views/${flow}/${screen}-view.tsx`;
      expect(existsSync(join(root, view)), `${screen}: its view ${view}`).toBe(true);
      expect(exportedNames(join(root, view))).toContain(`${pascal(screen)}View`);
    },
  );

  it.each(machines.filter((m) => existsSync(join(liveDir, `${m}.ts`))))(
    'live/%s.ts: provides its machine as provide<Flow>',
    (flow) => {
      expect(exportedNames(join(liveDir, `${flow}.ts`))).toContain(`provide${pascal(flow)}`);
    },
  );

  it('a live hook that creates an actor is use<Flow>Actor of its own file', () => {
    const misnamed = readdirSync(liveDir)
      .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
      .flatMap((f) =>
        exportedNames(join(liveDir, f))
          .filter((name) => /^use\w+Actor$/.test(name))
          .filter((name) => name !== `use${pascal(basename(f, '.ts'))}Actor`)
          .map((name) => `${f}: ${name}`),
      );
    expect(misnamed).toEqual([]);
  });

  it('a *-view.tsx file exports components ending in View (one named after the file); no other view file does', () => {
    const wrong = viewFiles.flatMap((file) => {
      const components = exportedNames(join(root, file)).filter(isComponent);
      if (file.endsWith('-view.tsx')) {
        const own = `${pascal(basename(file, '.tsx'))}`;
        const problems = components.filter((c) => !c.endsWith('View')).map((c) => `${file}: ${c}`);
        if (!components.includes(own)) problems.push(`${file}: no ${own}`);
        return problems;
      }
      return components.filter((c) => /(View|Screen|Page)$/.test(c)).map((c) => `${file}: ${c}`);
    });
    expect(wrong).toEqual([]);
  });

  it('a folder of src/views that is named after a machine holds only that flow', () => {
    const folders = readdirSync(viewsDir).filter((d) => machines.includes(d));
    const strangers = folders.flatMap((folder) =>
      readdirSync(join(viewsDir, folder))
        .filter((f) => f.endsWith('-view.tsx'))
        .filter((f) => flowOf(basename(f, '-view.tsx')) !== folder)
        .map((f) => `${folder}/${f}`),
    );
    expect(strangers).toEqual([]);
  });
});
