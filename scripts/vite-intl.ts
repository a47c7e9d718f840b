import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Options as FormatjsOptions } from '@formatjs/unplugin/transform';
import type { Plugin } from 'vite';

/**
 * The messages (`practice-onboarding:intl`): catalogs precompiled at build time and no locale
 * negotiation at start-up. formatjs's own plugin (`formatjsOptions`, vite.config.ts) precompiles
 * the messages in the code.
 */

/**
 * Precompiled message catalogs (docs/decisions/180-formatjs-build-plugin.md).
 *
 * - `import('./catalogs/en-AU.json?ast')` gives the catalog with every message already parsed into
 *   the ICU syntax tree, at build time: the browser never parses a message.
 * - In the browser build the ICU parser is replaced by the package's own `no-parser` entry, so it
 *   is not shipped at all. The prerender (SSR) and the tests keep the parser.
 */
const astSuffix = '?ast';

/**
 * The default locale's messages live in the code (decisions 181, 180): formatjs's own build plugin
 * (`@formatjs/unplugin/vite`, vite.config.ts) replaces each message descriptor's `defaultMessage`
 * (the en-AU text, which the en-AU catalog is extracted from) by its precompiled ICU syntax tree
 * and drops its `description`, as babel-plugin-formatjs does. react-intl formats the tree without
 * a parser; en-AU needs no catalog request, and each screen's chunk carries just its own messages.
 * Descriptors are found where the extractor finds them: `defineMessages`/`defineMessage`,
 * `formatMessage` arguments and `<FormattedMessage>` props.
 */
export const formatjsOptions: FormatjsOptions = {
  ast: true,
  // The texts exactly as written (the catalogs are extracted the same way); no ICU rewriting.
  preserveWhitespace: true,
  flatten: false,
  // The app's own modules with a message: everything else is not parsed at all.
  filter: {
    id: { include: /[\\/](src|machines)[\\/].*\.[jt]sx?$/, exclude: /node_modules/ },
    code: /defaultMessage/,
  },
};

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

/**
 * `?ast` catalogs and the parser left out of the browser build (decision 180); in the browser
 * build, `supportedLocalesOf` answered for the shipped locales (decision 180).
 */
export function intlPlugin(): Plugin {
  const locales = shippedLocales();
  const helper = `const __shippedLocales = new Set(${JSON.stringify(locales)});
const __supportedLocalesOf = (native, requested) => {
  const list = typeof requested === 'string' ? [requested] : requested == null ? [] : [...requested];
  return list.length > 0 && list.every((l) => __shippedLocales.has(l)) ? list : native(requested);
};
`;
  let build = false;
  return {
    name: 'practice-onboarding:intl',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
    },
    async resolveId(source, importer, options) {
      if (source === '@formatjs/icu-messageformat-parser' && !options?.ssr) {
        return this.resolve('@formatjs/icu-messageformat-parser/no-parser.js', importer, {
          ...options,
          skipSelf: true,
        });
      }
      if (!source.endsWith(`.json${astSuffix}`)) return null;
      const resolved = await this.resolve(source.slice(0, -astSuffix.length), importer, {
        ...options,
        skipSelf: true,
      });
      return resolved ? `${resolved.id}${astSuffix}` : null;
    },
    load(id) {
      if (!id.endsWith(astSuffix)) return null;
      const file = id.slice(0, -astSuffix.length);
      this.addWatchFile(file);
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
      // JSON.parse of a string literal is faster to evaluate than the same object literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
    transform(code, id, options) {
      if (!build || options?.ssr) return null;
      const target = targets.find((t) => t.file.test(id.split('?')[0] ?? id));
      if (!target) return null;
      let out = code;
      for (const call of target.calls) {
        if (!out.includes(call)) {
          this.error(
            `practice-onboarding:intl: ${call} not found in ${id}; the package changed, update the rewrite`,
          );
        }
        const native = call.slice(0, -1);
        out = out.split(call).join(`__supportedLocalesOf((l) => ${native}(l), `);
      }
      return { code: helper + out, map: null };
    },
  };
}
