import type { Plugin } from 'vite';

/**
 * The bundler wraps each CommonJS module it bundles (react-dom's client, and a few in the router's
 * and the forms' chunks) in an arrow function, `__commonJSMin(((exports, module) => { … }))`, called
 * when the module is first imported. V8 compiles an arrow function lazily, so the whole module body
 * (react-dom's client: one 203 KB function) was parsed on the main thread at that moment: the
 * longest task after the first paint (measure with
 * tests/bench/long-tasks.ts). Written as a parenthesized function expression, V8 compiles
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

export function eagerCommonJsPlugin(): Plugin {
  return {
    name: 'practice-onboarding:eager-commonjs',
    apply: 'build',
    renderChunk(code) {
      const { code: out, count } = eagerCommonJs(code);
      return count > 0 ? { code: out, map: null } : null;
    },
  };
}
