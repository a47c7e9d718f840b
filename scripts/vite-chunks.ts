import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';
import { hostingDirOf } from '../deploy/hosting-policy';
import { mantineImportsOf, mantineModulesFor } from './vite-mantine';

/**
 * The chunks of the boot (docs/decisions/181-boot-chunks-from-the-module-graph.md). The entry
 * (src/main.tsx) loads the app after the first paint in layers, one task each: React's renderer,
 * the libraries of the first screen (src/boot/libraries/state, router, ui), then the app
 * (src/boot/start.tsx); a screen with a form first loads the forms' layer
 * (src/boot/libraries/forms.ts). Left to itself, the bundler splits what those layers share with the
 * lazy screens into some thirty small common chunks: thirty requests and modulepreload hints, and
 * gzip working on small files. Here each layer is one chunk, and what goes in it is read from the
 * module graph, never from a list of package names:
 *
 * - `react-dom`, `lib-state`, `lib-router` (the boot's order): each takes, whole, every package its
 *   root reaches statically that no earlier layer took. Whole, because the first screen uses most
 *   of what the app uses of them, and leftovers would be small chunks.
 * - `lib-ui`: Mantine's index re-exports every component, so `@mantine/core` is followed by name:
 *   the modules that the first screen's own imports reach (as scripts/vite-mantine.ts does for
 *   the styles), with what they import.
 * - `machines`: the state machines (machines/) among the app's modules below, with their layer's
 *   root (src/boot/libraries/machines.ts): building a machine is most of what evaluating the app
 *   cost, so they are a layer of their own, evaluated in the task before the app's.
 * - `app`: the app's own modules reached statically from src/boot/start.tsx and the `/` screen,
 *   without the entry's own modules, which stay in the entry, and without the machines.
 * - `forms`: the app's src/forms and src/validation and src/boot/libraries/forms.ts, the libraries
 *   they import themselves (Formik, yup), and every library module whose importers are all in the
 *   layer (what those bring, at whatever version: read from the importers, not from a list). Its
 *   library modules are a chunk of their own, `form-libraries` (with its root,
 *   src/boot/libraries/form-libraries.ts), evaluated in the task before the app's field system.
 * What only a lazy screen imports stays with that screen (SignalR, the identity provider's SDK).
 */

type Layer = 'react-dom' | 'state' | 'router' | 'ui';

/** Each layer's root, in the order the boot evaluates them. */
const layerRoots: ReadonlyArray<readonly [Layer, string]> = [
  ['react-dom', '/node_modules/react-dom/client.js'],
  ['state', '/src/boot/libraries/state.ts'],
  ['router', '/src/boot/libraries/router.ts'],
  ['ui', '/src/boot/libraries/ui.ts'],
];
/** The first screen's own code, besides the entry: the app and the `/` screen. */
const appRoots = ['/src/boot/start.tsx', '/src/app/screens/landing.tsx'];
const entryModule = '/src/main.tsx';
const formsRoot = '/src/boot/libraries/forms.ts';
const machinesRoot = '/src/boot/libraries/machines.ts';
const formLibrariesRoot = '/src/boot/libraries/form-libraries.ts';
/** The machines' own folder, at the repository's top (machines/), not under src/. */
const machineCode = /[\\/]machines[\\/][^\\/]+\.ts$/;
const formsCode = /[\\/]src[\\/](forms|validation)[\\/]/;
const mantine = '@mantine/core';

/** The package a module belongs to (its innermost node_modules folder), or null for the app's. */
export function packageOf(id: string): string | null {
  const match = /.*[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(id);
  return match ? match[1]!.replace(/\\/g, '/') : null;
}

export interface BootSets {
  /** Package name → the layer that takes it whole. */
  packages: Map<string, Layer>;
  /** Mantine's modules the first screen reaches by name (`lib-ui`). */
  mantine: Set<string>;
  /** Those and the library modules they reach (kept out of the forms' layer). */
  ui: Set<string>;
  /** The entry's own modules (the app's, reached statically from src/main.tsx). */
  entry: Set<string>;
  /** The app's own modules of the first screen (the `app` chunk), the machines excepted. */
  app: Set<string>;
  /** The machines among the app's modules of the first screen, and their layer's root. */
  machines: Set<string>;
  /** The forms' layer: its own code and the library modules imported only from within it. */
  forms: Set<string>;
  /** The forms' layer's library modules (Formik, yup and what they bring), with their root. */
  formLibraries: Set<string>;
}

/**
 * The sets, from the module graph (`imports`: module id → statically imported ids) and the names
 * the first screen imports from Mantine (`mantineNames`). Pure, so a test can give it a graph.
 */
export function bootSets(
  imports: ReadonlyMap<string, readonly string[]>,
  mantineNames: (appModules: Iterable<string>) => string[],
): BootSets {
  const idOf = (suffix: string) => {
    const id = [...imports.keys()].find((candidate) => candidate.endsWith(suffix));
    if (!id) throw new Error(`boot chunks: ${suffix} is not in the module graph`);
    return id;
  };
  /** Modules reached statically from `starts`; `enter` says whether to follow a module. */
  const closure = (starts: Iterable<string>, enter: (id: string) => boolean): Set<string> => {
    const seen = new Set<string>();
    const stack = [...starts];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id) || id.startsWith('\0') || !enter(id)) continue;
      seen.add(id);
      stack.push(...(imports.get(id) ?? []));
    }
    return seen;
  };
  const own = (id: string) => packageOf(id) === null && !id.startsWith('\0');

  const entry = closure([idOf(entryModule)], own);
  const firstScreen = [...closure(appRoots.map(idOf), own)].filter((id) => !entry.has(id));
  const machines = new Set(firstScreen.filter((id) => machineCode.test(id)));
  const machinesRootId = [...imports.keys()].find((id) => id.endsWith(machinesRoot));
  if (machinesRootId) machines.add(machinesRootId);
  const app = new Set(firstScreen.filter((id) => !machines.has(id)));
  const mantineSet = new Set(
    mantineModulesFor([...mantineNames([...app].filter((id) => /\.[jt]sx?$/.test(id))), 'MantineProvider']),
  );

  // Layers in boot order: each takes, whole, the packages its root reaches that no earlier one
  // took. Mantine's layer takes what the name-selected Mantine modules reach, module by module.
  const packages = new Map<string, Layer>();
  const followLibraries = (id: string) =>
    packageOf(id) !== null && (packageOf(id) !== mantine || mantineSet.has(id));
  for (const [layer, root] of layerRoots) {
    if (layer === 'ui') continue;
    for (const id of closure([idOf(root)], (id) => followLibraries(id) || id === idOf(root))) {
      const name = packageOf(id);
      if (name && name !== mantine && !packages.has(name)) packages.set(name, layer);
    }
  }
  // What Mantine's layer reaches: the name-selected modules and the library modules they import
  // (the bundler adds those to `lib-ui` with them); never part of the forms' layer.
  const ui = closure(
    [...mantineSet].filter((id) => imports.has(id)),
    followLibraries,
  );

  // The forms' layer: its own code, the libraries that code imports itself (Formik, yup), and every
  // library module imported only from within the layer (what they bring).
  const importers = new Map<string, string[]>();
  for (const [id, imported] of imports)
    for (const target of imported) importers.set(target, [...(importers.get(target) ?? []), id]);
  const formsLibrary = (id: string) => {
    const name = packageOf(id);
    return name !== null && name !== mantine && !packages.has(name) && !ui.has(id);
  };
  const forms = new Set(
    [...imports.keys()].filter((id) => own(id) && (formsCode.test(id) || id.endsWith(formsRoot))),
  );
  // Mantine's modules that only the forms' code imports by name (its inputs): what only they import
  // belongs to the forms' layer too.
  const code = (ids: Iterable<string>) => [...ids].filter((id) => /\.[jt]sx?$/.test(id));
  const others = [...imports.keys()].filter((id) => own(id) && !forms.has(id));
  const otherMantine = new Set(mantineModulesFor(mantineNames(code(others))));
  const formsMantineAll = mantineModulesFor(mantineNames(code(forms)));
  const formsMantine = new Set(formsMantineAll.filter((id) => !otherMantine.has(id) && !ui.has(id)));
  // Mantine's index imports every module, so the graph holds modules nothing uses: they import
  // nothing that runs, and do not count as importers.
  const usedMantine = new Set([...otherMantine, ...formsMantineAll, ...mantineSet]);
  const counts = (importer: string) =>
    !(packageOf(importer) === mantine && !usedMantine.has(importer) && !importer.endsWith('index.mjs'));
  for (const id of [...forms])
    for (const target of imports.get(id) ?? []) if (formsLibrary(target)) forms.add(target);
  for (let grew = true; grew; ) {
    grew = false;
    for (const id of imports.keys()) {
      const by = importers.get(id) ?? [];
      if (forms.has(id) || !formsLibrary(id) || by.length === 0) continue;
      const live = by.filter(counts);
      if (live.length > 0 && live.every((importer) => forms.has(importer) || formsMantine.has(importer))) {
        forms.add(id);
        grew = true;
      }
    }
  }
  const formLibraries = new Set([...forms].filter((id) => packageOf(id) !== null));
  const formLibrariesRootId = [...imports.keys()].find((id) => id.endsWith(formLibrariesRoot));
  if (formLibrariesRootId) formLibraries.add(formLibrariesRootId);
  return { packages, mantine: mantineSet, ui, entry, app, machines, forms, formLibraries };
}

// ───────────────────────────── CommonJS wrappers ─────────────────────────────

/**
 * The bundler wraps each CommonJS module it bundles (react-dom's client, and a few in the router's
 * and the forms' chunks) in an arrow function, `__commonJSMin(((exports, module) => { … }))`, called
 * when the module is first imported. V8 compiles an arrow function lazily, so the whole module body
 * (react-dom's client: one 203 KB function) was parsed on the main thread at that moment: the
 * longest task after the first paint (137–235 ms at 4× CPU; tests/bench/README.md, "CommonJS
 * wrappers compiled with their chunk"). Written as a parenthesized function expression, V8 compiles
 * it eagerly with the rest of the chunk, which the browser does off the main thread while the chunk
 * streams in.
 *
 * Same behaviour: the wrapper is called as a plain function in strict (module) code, so `this` is
 * undefined either way, and CommonJS module bodies do not read a top-level `arguments`.
 */
const wrapper = /__commonJSMin\(\(\(([\w$]+(?:, [\w$]+)*)\) => \{/g;

export function eagerCommonJs(code: string): { code: string; count: number } {
  let count = 0;
  const out = code.replace(wrapper, (_match, params: string) => {
    count += 1;
    return `__commonJSMin((function(${params}) {`;
  });
  return { code: out, count };
}

// ───────────────────────────── the chunk graph ─────────────────────────────

/**
 * The chunk graph of the client build, for the bundle report (scripts/bundle-report.ts), which
 * reads it beside the build instead of building again (decision 140): every chunk's file, whether
 * it is the entry, its static imports, its CSS, its modules (paths from the repository root) with
 * their rendered sizes, and the module it is the facade of.
 *
 * Written to `dist/hosting/bundle-chunks.json`: dist/hosting/ is one of the build's private
 * folders (deploy/hosting-policy.ts), never served to browsers.
 */
export const bundleChunksFile = 'bundle-chunks.json';

export interface BundleChunk {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  css: string[];
  modules: string[];
  moduleSizes: Record<string, number>;
  facade: string | null;
}

/**
 * The plugin (`practice-onboarding:chunks`): the boot's chunks (`groups`, for the bundler's
 * `codeSplitting`), the CommonJS wrappers compiled with their chunk, and the chunk graph written
 * for the bundle report.
 */
export function chunksPlugin(root: string) {
  const imports = new Map<string, readonly string[]>();
  let sets: BootSets | undefined;
  /** Computed once, when the bundler first asks: the module graph is complete by then. */
  const known = (): BootSets => {
    sets ??= bootSets(imports, (modules) => {
      const names = new Set<string>();
      for (const id of modules)
        for (const name of mantineImportsOf(readFileSync(id, 'utf8'))) names.add(name);
      return [...names];
    });
    return sets;
  };
  const layerOf = (id: string): Layer | null => {
    const name = packageOf(id);
    if (name && known().packages.has(name)) return known().packages.get(name) ?? null;
    if (known().mantine.has(id)) return 'ui';
    if (name) return null;
    const own = /[\\/]src[\\/]boot[\\/]libraries[\\/](state|router|ui)\.ts$/.exec(id)?.[1];
    return (own as Layer | undefined) ?? null;
  };

  let outDir = '';
  let ssr = false;
  const plugin: Plugin = {
    name: 'practice-onboarding:chunks',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      ssr = Boolean(config.build.ssr);
    },
    moduleParsed(info) {
      imports.set(info.id, info.importedIds);
    },
    renderChunk(code) {
      const { code: out, count } = eagerCommonJs(code);
      return count > 0 ? { code: out, map: null } : null;
    },
    writeBundle: {
      order: 'post',
      handler(options, bundle) {
        if (ssr) return;
        const chunks: BundleChunk[] = [];
        for (const item of Object.values(bundle)) {
          if (item.type !== 'chunk') continue;
          const meta = (item as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata;
          chunks.push({
            fileName: item.fileName,
            isEntry: item.isEntry,
            imports: [...item.imports],
            css: [...(meta?.importedCss ?? [])],
            modules: Object.keys(item.modules).map((id) => relative(root, id)),
            moduleSizes: Object.fromEntries(
              Object.entries(item.modules).map(([id, m]) => [relative(root, id), m.renderedLength]),
            ),
            facade: item.facadeModuleId ? relative(root, item.facadeModuleId) : null,
          });
        }
        const dir = hostingDirOf(options.dir ?? join(root, outDir));
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, bundleChunksFile), `${JSON.stringify({ version: 1, chunks }, null, 1)}\n`);
      },
    },
  };

  const groups = [
    // One chunk per layer, in the boot's order of priority: a group also takes the dependencies of
    // what it matched, so a later layer must never get to a module an earlier one needs (the
    // router's store reaches use-sync-external-store, which XState's hooks import too: with one
    // priority for all layers lib-state imported lib-router, and both were evaluated in one task).
    ...layerRoots.map(([layer], index) => ({
      name: layer === 'react-dom' ? 'react-dom' : `lib-${layer}`,
      priority: 2 + layerRoots.length - index,
      test: (id: string) => layerOf(id) === layer,
    })),
    {
      // The forms' libraries: evaluated in the task before the forms' own code.
      name: 'form-libraries',
      priority: 2,
      includeDependenciesRecursively: false,
      test: (id: string) => known().formLibraries.has(id),
    },
    {
      // The forms' layer: loaded before a screen with a form, as one chunk, never on the first
      // screen's path.
      name: 'forms',
      priority: 1,
      includeDependenciesRecursively: false,
      test: (id: string) => known().forms.has(id) && !known().app.has(id) && !known().entry.has(id),
    },
    // The machines of the first screen: evaluated in a task of their own, before the app's.
    {
      name: 'machines',
      priority: 2,
      includeDependenciesRecursively: false,
      test: (id: string) => known().machines.has(id),
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
