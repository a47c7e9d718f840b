import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { bootSets, chunksPlugin, eagerCommonJs, packageOf } from './vite-chunks';

const nm = (path: string) => `/repo/node_modules/${path}`;
const src = (path: string) => `/repo/src/${path}`;

/** A small module graph shaped like the app's: the boot's roots, a screen with a form, libraries. */
function graph(extra: Record<string, string[]> = {}): Map<string, string[]> {
  return new Map(
    Object.entries({
      [src('main.tsx')]: [src('boot/handoff.ts')],
      [src('boot/handoff.ts')]: [],
      [nm('react-dom/client.js')]: [nm('react-dom/index.js'), nm('react/index.js'), nm('scheduler/index.js')],
      [nm('react-dom/index.js')]: [],
      [nm('react/index.js')]: [],
      [nm('scheduler/index.js')]: [],
      [src('boot/libraries/state.ts')]: [nm('xstate/dist/index.js'), nm('react-intl/index.js')],
      [nm('xstate/dist/index.js')]: [],
      [nm('xstate/dist/graph.js')]: [],
      [nm('react-intl/index.js')]: [nm('react/index.js'), nm('hoist-non-react-statics/index.js')],
      [nm('hoist-non-react-statics/index.js')]: [nm('react-is/index.js')],
      [nm('react-is/index.js')]: [],
      [src('boot/libraries/router.ts')]: [nm('@tanstack/react-router/index.js')],
      [nm('@tanstack/react-router/index.js')]: [nm('tiny-warning/index.js')],
      [nm('tiny-warning/index.js')]: [],
      [src('boot/libraries/ui.ts')]: [],
      [src('boot/start.tsx')]: [src('app/app.tsx')],
      [src('app/app.tsx')]: [src('boot/handoff.ts')],
      [src('app/screens/landing.tsx')]: [],
      [src('boot/libraries/forms.ts')]: [src('forms/form-field.tsx')],
      [src('forms/form-field.tsx')]: [nm('formik/index.js'), nm('yup/index.js'), nm('react/index.js')],
      [nm('formik/index.js')]: [
        nm('lodash-es/clone.js'),
        nm('tiny-warning/index.js'),
        nm('deepmerge/index.js'),
      ],
      [nm('yup/index.js')]: [nm('property-expr/index.js'), nm('tiny-case/index.js')],
      [nm('lodash-es/clone.js')]: [],
      [nm('deepmerge/index.js')]: [],
      [nm('property-expr/index.js')]: [],
      [nm('tiny-case/index.js')]: [],
      [src('views/practice.tsx')]: [src('forms/form-field.tsx'), nm('shared-lib/index.js')],
      [nm('shared-lib/index.js')]: [],
      ...extra,
    }),
  );
}

describe('boot chunks read from the module graph (decision 181)', () => {
  it('names a module’s package, scoped or not, the innermost node_modules winning', () => {
    expect(packageOf(nm('@tanstack/react-router/dist/esm/index.js'))).toBe('@tanstack/react-router');
    expect(packageOf(nm('formik/node_modules/deepmerge/index.js'))).toBe('deepmerge');
    expect(packageOf(src('app/app.tsx'))).toBeNull();
  });

  it('gives each layer, whole, the packages its root reaches first, in the boot’s order', () => {
    const sets = bootSets(graph(), () => []);
    expect(Object.fromEntries(sets.packages)).toEqual({
      'react-dom': 'react-dom',
      react: 'react-dom',
      scheduler: 'react-dom',
      xstate: 'state',
      'react-intl': 'state',
      'hoist-non-react-statics': 'state',
      'react-is': 'state',
      '@tanstack/react-router': 'router',
      'tiny-warning': 'router',
    });
    expect([...sets.entry]).toEqual([src('main.tsx'), src('boot/handoff.ts')]);
    expect(sets.app).toEqual(
      new Set([src('boot/start.tsx'), src('app/app.tsx'), src('app/screens/landing.tsx')]),
    );
  });

  it('gives the first screen’s machines a layer of their own, with its root, out of the app’s', () => {
    const machine = (name: string) => `/repo/machines/${name}`;
    const sets = bootSets(
      graph({
        [src('app/app.tsx')]: [src('boot/handoff.ts'), machine('session.machine.ts')],
        [machine('session.machine.ts')]: [machine('constants.ts'), nm('xstate/dist/index.js')],
        [machine('constants.ts')]: [],
        // A machine only a lazy screen imports stays with that screen.
        [src('views/practice.tsx')]: [src('forms/form-field.tsx'), machine('onboarding.machine.ts')],
        [machine('onboarding.machine.ts')]: [machine('constants.ts')],
        [src('boot/libraries/machines.ts')]: [machine('session.machine.ts')],
      }),
      () => [],
    );
    expect(sets.machines).toEqual(
      new Set([machine('session.machine.ts'), machine('constants.ts'), src('boot/libraries/machines.ts')]),
    );
    expect(sets.app).toEqual(
      new Set([src('boot/start.tsx'), src('app/app.tsx'), src('app/screens/landing.tsx')]),
    );
  });

  /** The library modules of the forms' layer in the graph above: Formik, yup and what they bring. */
  const formsLibraryModules = [
    nm('formik/index.js'),
    nm('yup/index.js'),
    nm('lodash-es/clone.js'),
    nm('deepmerge/index.js'),
    nm('property-expr/index.js'),
    nm('tiny-case/index.js'),
  ];

  it('puts in the forms’ layer what only it imports, whatever the libraries bring', () => {
    const { forms } = bootSets(graph(), () => []);
    for (const id of [src('boot/libraries/forms.ts'), src('forms/form-field.tsx'), ...formsLibraryModules])
      expect(forms.has(id), id).toBe(true);
    // Taken by an earlier layer, or imported from outside the forms' layer: not in it.
    for (const id of [nm('react/index.js'), nm('tiny-warning/index.js'), nm('shared-lib/index.js')])
      expect(forms.has(id), id).toBe(false);
  });

  it('gives the forms’ libraries a chunk of their own, with its root, evaluated before the forms’ code', () => {
    const { forms, formLibraries } = bootSets(
      graph({ [src('boot/libraries/form-libraries.ts')]: [nm('formik/index.js'), nm('yup/index.js')] }),
      () => [],
    );
    expect(formLibraries).toEqual(new Set([...formsLibraryModules, src('boot/libraries/form-libraries.ts')]));
    // The app's own forms code stays in the forms' layer.
    expect(formLibraries.has(src('forms/form-field.tsx'))).toBe(false);
    expect(forms.has(src('forms/form-field.tsx'))).toBe(true);
  });

  it('keeps a library out of the forms’ layer once a module outside it imports the library too', () => {
    const { forms } = bootSets(graph({ [src('views/other.tsx')]: [nm('deepmerge/index.js')] }), () => []);
    expect(forms.has(nm('deepmerge/index.js'))).toBe(false);
    expect(forms.has(nm('formik/index.js'))).toBe(true);
  });

  it('fails the build when a root is missing from the graph', () => {
    const broken = graph();
    broken.delete(src('boot/libraries/router.ts'));
    expect(() => bootSets(broken, () => [])).toThrow(
      '/src/boot/libraries/router.ts is not in the module graph',
    );
  });
});

describe('eagerCommonJs', () => {
  it('writes each CommonJS wrapper as a function expression, whatever its parameters', () => {
    const code = [
      'var require_a = /* @__PURE__ */ __commonJSMin(((exports) => {',
      '  exports.a = () => 1;',
      '}));',
      'var require_b = /* @__PURE__ */ __commonJSMin(((exports, module) => {',
      '  module.exports = (x) => x;',
      '}));',
    ].join('\n');
    const { code: out, count } = eagerCommonJs(code);
    expect(count).toBe(2);
    expect(out).toContain('__commonJSMin((function(exports) {');
    expect(out).toContain('__commonJSMin((function(exports, module) {');
    // Other arrow functions stay as they are.
    expect(out).toContain('exports.a = () => 1;');
    expect(out).toContain('module.exports = (x) => x;');
  });

  it('leaves a chunk without CommonJS alone', () => {
    expect(eagerCommonJs('export const f = (a) => a;')).toEqual({
      code: 'export const f = (a) => a;',
      count: 0,
    });
  });
});

describe('the plugin in a Vite build (minified, as in dist/)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eager-cjs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the minified chunk calls its CommonJS module through a parenthesized function expression', async () => {
    writeFileSync(join(dir, 'dep.cjs'), "'use strict';\nexports.twice = function (x) { return x * 2; };\n");
    writeFileSync(join(dir, 'main.js'), "import { twice } from './dep.cjs';\nconsole.log(twice(21));\n");
    const result = await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [chunksPlugin(dir).plugin],
      build: {
        write: false,
        minify: true,
        modulePreload: false,
        rolldownOptions: { input: join(dir, 'main.js') },
      },
    });
    const chunk = (Array.isArray(result) ? result : [result])
      .flatMap((each) => ('output' in each ? each.output : []))
      .find((file) => file.type === 'chunk');
    const code = chunk?.type === 'chunk' ? chunk.code : '';
    // Without the plugin the wrapper is an arrow function: `((e=>{`.
    expect(code).toMatch(/\(\(function\([\w$]+(,[\w$]+)*\)\{/);
    expect(code).not.toMatch(/\(\(\(?[\w$]+(,[\w$]+)*\)?=>\{[^}]*twice/);
  });
});
