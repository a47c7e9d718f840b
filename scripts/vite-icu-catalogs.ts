import { readFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Options as FormatjsOptions } from '@formatjs/unplugin/transform';
import type { Plugin } from 'vite';

/**
 * Precompiled message catalogs (docs/decisions/180-formatjs-build-plugin.md).
 *
 * - `import('./catalogs/en-AU.json?ast')` gives the catalog with every message already parsed into
 *   the ICU syntax tree, at build time: the browser never parses a message.
 * - In the browser build the ICU parser is replaced by the package's own `no-parser` entry, so it
 *   is not shipped at all. The prerender (SSR) and the tests keep the parser.
 */
const astSuffix = '?ast';

export function icuCatalogs(): Plugin {
  return {
    name: 'icu-catalogs',
    enforce: 'pre',
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
  };
}

/**
 * The default locale's messages live in the code (decisions 181 and 180): formatjs's own build plugin
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
