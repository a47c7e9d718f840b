import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * No locale negotiation at start-up (docs/decisions/180-formatjs-build-plugin.md).
 *
 * `@formatjs/intl` (createIntl) and `intl-messageformat` (every message with arguments) ask
 * `Intl.NumberFormat.supportedLocalesOf` whether the locale is supported. The first such call in a
 * page makes the browser load its number-format locale data: one native call of 30–200 ms
 * (4× that on a slow phone) that cannot be split, on the first screen, which formats no number.
 * The app only ever asks for the locales it ships a catalog for (src/i18n/catalogs/*.json), all
 * of which every browser supports; for those the answer is known at build time. Any other request
 * still goes to the browser.
 *
 * The browser build rewrites those calls in the two packages to a check against the shipped
 * locales. The rewrite fails the build when a package no longer contains the expected call (an
 * upgrade changed it), so the saving can never silently disappear.
 */
const targets: Array<{ file: RegExp; calls: string[] }> = [
  {
    file: /node_modules\/@formatjs\/intl\/index\.js$/,
    calls: ['Intl.NumberFormat.supportedLocalesOf(', 'Intl.DateTimeFormat.supportedLocalesOf('],
  },
  { file: /node_modules\/intl-messageformat\/index\.js$/, calls: ['Intl.NumberFormat.supportedLocalesOf('] },
];

export function shippedLocales(catalogDir = join(import.meta.dirname, '../src/i18n/catalogs')): string[] {
  return readdirSync(catalogDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

export function intlShippedLocales(): Plugin {
  const locales = shippedLocales();
  const helper = `const __shippedLocales = new Set(${JSON.stringify(locales)});
const __supportedLocalesOf = (native, requested) => {
  const list = typeof requested === 'string' ? [requested] : requested == null ? [] : [...requested];
  return list.length > 0 && list.every((l) => __shippedLocales.has(l)) ? list : native(requested);
};
`;
  return {
    name: 'intl-shipped-locales',
    apply: 'build',
    transform(code, id, options) {
      if (options?.ssr) return null;
      const target = targets.find((t) => t.file.test(id.split('?')[0] ?? id));
      if (!target) return null;
      let out = code;
      for (const call of target.calls) {
        if (!out.includes(call)) {
          this.error(
            `intl-shipped-locales: ${call} not found in ${id}; the package changed, update the rewrite`,
          );
        }
        const native = call.slice(0, -1);
        out = out.split(call).join(`__supportedLocalesOf((l) => ${native}(l), `);
      }
      return { code: helper + out, map: null };
    },
  };
}
