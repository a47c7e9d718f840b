import { readFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * Precompiled message catalogs (docs/decisions/054-precompiled-catalogs.md).
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

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** A string literal, or a template literal without expressions: its text. */
function textOf(node: Node | undefined): string | null {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && (node.expressions as Node[]).length === 0) {
    const quasi = (node.quasis as Array<{ value: { cooked: string | null } }>)[0];
    return quasi?.value.cooked ?? null;
  }
  return null;
}

function keyName(property: Node): string | null {
  const key = property.key as Node;
  if (property.computed) return null;
  if (key.type === 'Identifier') return key.name as string;
  return textOf(key);
}

/**
 * The default locale's messages live in the code (docs/decisions/058-boot-chunks.md): in the
 * browser build, every message descriptor's `defaultMessage` (the en-AU text, which the en-AU
 * catalog is extracted from) is replaced by its precompiled ICU syntax tree, and its
 * `description` (for translators) is dropped, as babel-plugin-formatjs does. react-intl formats the
 * syntax tree without a parser; en-AU needs no catalog request, and each screen's chunk carries
 * just its own messages. A descriptor is an object literal with an `id` and a `defaultMessage`
 * (defineMessages entries, formatMessage arguments, FormattedMessage props after JSX).
 */
export function messagesInCode(): Plugin {
  return {
    name: 'icu-messages-in-code',
    enforce: 'post',
    apply: 'build',
    transform(code, id, options) {
      if (options?.ssr || id.includes('node_modules') || !/\/(src|machines)\/.*\.[jt]sx?$/.test(id))
        return null;
      if (!code.includes('defaultMessage')) return null;
      const program = this.parse(code) as unknown as Node;
      const edits = new MagicString(code);
      let changed = false;
      const visit = (node: Node) => {
        if (node.type === 'ObjectExpression') {
          const properties = (node.properties as Node[]).filter((p) => p.type === 'Property');
          const byName = new Map(properties.map((p) => [keyName(p), p]));
          const message = byName.get('defaultMessage');
          const text = textOf(message?.value as Node | undefined);
          if (message && text !== null && byName.has('id')) {
            const value = message.value as Node;
            edits.overwrite(value.start, value.end, JSON.stringify(parse(text)));
            const description = byName.get('description');
            if (description && textOf(description.value as Node) !== null) {
              // The property and the comma after it (or before it, when it is the last one).
              const after = /^\s*,/.exec(code.slice(description.end));
              if (after) edits.remove(description.start, description.end + after[0].length);
              else {
                const before = /,\s*$/.exec(code.slice(0, description.start));
                edits.remove(
                  before ? description.start - before[0].length : description.start,
                  description.end,
                );
              }
            }
            changed = true;
          }
        }
        for (const value of Object.values(node)) {
          if (Array.isArray(value)) {
            for (const item of value) if (isNode(item)) visit(item);
          } else if (isNode(value)) visit(value);
        }
      };
      visit(program);
      if (!changed) return null;
      return { code: edits.toString(), map: edits.generateMap({ hires: true, source: id }) };
    },
  };
}
