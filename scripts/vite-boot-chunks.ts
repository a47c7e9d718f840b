import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { mantineImportsOf, mantineModulesFor } from './vite-mantine-css';

/**
 * The chunks of the boot (docs/decisions/058-boot-chunks.md). The entry (src/main.tsx) loads the
 * app after the first paint in three layers, one task each: React's renderer, the libraries of the
 * first screen (src/boot/libraries/), then the app (src/boot/start.tsx). Left to itself, the
 * bundler splits what those layers share with the lazy screens into some thirty small common
 * chunks (one per Mantine component, one per shared helper): thirty requests, thirty modulepreload
 * hints appended at boot, and gzip working on small files (each compresses worse alone).
 *
 * Here each layer is one chunk:
 * - `react-dom`: react, react-dom and the scheduler;
 * - `lib-state`, `lib-router`, `lib-ui`: one chunk per layer of src/boot/libraries/ (XState and
 *   react-intl; the router; Mantine), each library whole (the first screen uses most of what the
 *   app uses of them) except Mantine: its modules that the first screen's own modules reach through
 *   the names they import (Mantine's index re-exports every component, so it is followed by name,
 *   as scripts/vite-mantine-css.ts does for the styles);
 * - `app`: the app's own modules that src/boot/start.tsx and the `/` screen import, statically.
 * What the entry itself imports statically stays in the entry; what only a lazy screen imports
 * stays with that screen (forms, the SignalR client and the identity provider's SDK included).
 */

/** The first screen's code, besides the entry: the app, its libraries and the `/` screen. */
const roots = [
  '/src/boot/start.tsx',
  ...['state', 'router', 'ui'].map((layer) => `/src/boot/libraries/${layer}.ts`),
  '/src/app/screens/landing.tsx',
];
const entryModule = '/src/main.tsx';
const nodeModule = /[\\/]node_modules[\\/]/;
const reactDom = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/** Libraries taken whole into `libraries`. */
const wholeLibraries =
  /[\\/]node_modules[\\/](@tanstack[\\/](router-core|react-router|history|store|react-store)|xstate|@xstate[\\/]react|react-intl|@formatjs[\\/][^\\/]+|intl-messageformat|use-sync-external-store|clsx)[\\/]/;

/** Form libraries (Formik, yup and what they bring). */
const formLibraries =
  /[\\/]node_modules[\\/](formik|yup|lodash-es|lodash|react-number-format|property-expr|tiny-case|toposort|deepmerge|react-fast-compare|hoist-non-react-statics|tiny-warning)[\\/]/;
const bootLayer = /[\\/]src[\\/]boot[\\/]libraries[\\/](state|router|ui)\.ts$/;
/** The boot layer (src/boot/libraries/<layer>.ts) a library module belongs to. */
function layerOf(id: string): string {
  const own = bootLayer.exec(id)?.[1];
  if (own) return own;
  if (
    /[\\/]node_modules[\\/](xstate|@xstate|use-sync-external-store|react-intl|@formatjs|intl-messageformat)[\\/]/.test(
      id,
    )
  )
    return 'state';
  if (/[\\/]node_modules[\\/]@tanstack[\\/]/.test(id)) return 'router';
  return 'ui';
}

export function bootChunks() {
  const imports = new Map<string, readonly string[]>();
  let sets: { entry: Set<string>; app: Set<string>; mantine: Set<string> } | undefined;

  /** The app's own modules reached statically from `starts` (libraries are not followed). */
  const appClosure = (starts: string[]): Set<string> => {
    const seen = new Set<string>();
    const stack = [...starts];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id) || nodeModule.test(id) || id.startsWith('\0')) continue;
      seen.add(id);
      stack.push(...(imports.get(id) ?? []));
    }
    return seen;
  };
  const idOf = (suffix: string) => {
    const id = [...imports.keys()].find((candidate) => candidate.endsWith(suffix));
    if (!id) throw new Error(`boot chunks: ${suffix} is not in the module graph`);
    return id;
  };
  /** Computed once, when the bundler first asks: the module graph is complete by then. */
  const known = () => {
    if (!sets) {
      const entry = appClosure([idOf(entryModule)]);
      const app = new Set([...appClosure(roots.map(idOf))].filter((id) => !entry.has(id)));
      const names = new Set<string>();
      for (const id of app) {
        if (!/\.[jt]sx?$/.test(id)) continue;
        for (const name of mantineImportsOf(readFileSync(id, 'utf8'))) names.add(name);
      }
      sets = { entry, app, mantine: new Set(mantineModulesFor([...names, 'MantineProvider'])) };
    }
    return sets;
  };

  const plugin: Plugin = {
    name: 'boot-chunks',
    apply: 'build',
    moduleParsed(info) {
      imports.set(info.id, info.importedIds);
    },
  };

  const groups = [
    { name: 'react-dom', priority: 3, test: (id: string) => reactDom.test(id) },
    {
      // One chunk per layer of src/boot/libraries/ (each evaluated in a task of its own).
      name: (id: string) => `lib-${layerOf(id)}`,
      priority: 2,
      test: (id: string) => wholeLibraries.test(id) || known().mantine.has(id) || bootLayer.test(id),
    },
    {
      // The forms' layer (src/boot/libraries/forms.ts): loaded before a screen with a form, as one
      // chunk, never on the first screen's path.
      name: 'forms',
      priority: 1,
      includeDependenciesRecursively: false,
      test: (id: string) =>
        (formLibraries.test(id) ||
          /[\\/]src[\\/](forms|validation)[\\/]/.test(id) ||
          id.endsWith('/src/boot/libraries/forms.ts')) &&
        !known().app.has(id) &&
        !known().entry.has(id),
    },
    // The app's modules only: what they share with the entry stays in the entry (already loaded).
    {
      name: 'app',
      priority: 1,
      includeDependenciesRecursively: false,
      test: (id: string) => known().app.has(id),
    },
  ];
  return { plugin, groups };
}
