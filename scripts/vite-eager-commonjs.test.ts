import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { eagerCommonJs, eagerCommonJsPlugin } from './vite-eager-commonjs';

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
      plugins: [eagerCommonJsPlugin()],
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
