import { parse } from '@formatjs/icu-messageformat-parser';
import { transform as formatjsTransform } from '@formatjs/unplugin/transform';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { messageText } from '../src/api/client';
import { formMessages } from '../src/validation/messages';
import {
  formatValidationMessage,
  isDescriptor,
  validationMessage,
} from '../src/validation/validation-message';
import { formatjsOptions } from './vite-intl';

const filter = formatjsOptions.filter as {
  id: { include: RegExp; exclude: RegExp };
  code: RegExp;
};

/** Runs formatjs's plugin as the build does: its module filter, then its transform. */
function transform(code: string, id = '/repo/src/views/x/messages.ts'): string | null {
  if (!filter.id.include.test(id) || filter.id.exclude.test(id) || !filter.code.test(code)) return null;
  return formatjsTransform(code, id, formatjsOptions)?.code ?? null;
}

/** Evaluates `export const m = …` of a transformed module. */
function exported(code: string): Record<string, unknown> {
  const body = code.replace(/^import[^\n]*\n/gm, '').replace('export const m =', 'return');
  return new Function('defineMessages', 'jsx', 'FormattedMessage', body)(
    (x: unknown) => x,
    (_: unknown, props: unknown) => props,
    null,
  ) as Record<string, unknown>;
}

describe('formatjs plugin: the en-AU texts precompiled in the build (decisions 181 and 180)', () => {
  it('replaces each descriptor’s defaultMessage with its syntax tree and drops its description', () => {
    const out = transform(
      `export const m = defineMessages({
  a: { id: 'x.a', defaultMessage: 'Hello {name}', description: 'A greeting' },
  b: { description: "first", id: "x.b", defaultMessage: \`Plain\` },
  c: { id: 'x.c', defaultMessage: 'Last', description: 'at the end' }
});`,
    );
    expect(out).not.toBeNull();
    const m = exported(out ?? '') as Record<string, Record<string, unknown>>;
    expect(m.a).toEqual({ id: 'x.a', defaultMessage: parse('Hello {name}') });
    expect(m.b).toEqual({ id: 'x.b', defaultMessage: parse('Plain') });
    expect(m.c).toEqual({ id: 'x.c', defaultMessage: parse('Last') });
    // What react-intl does with it: formats the tree without a parser.
    const tree = m.a?.defaultMessage as ConstructorParameters<typeof IntlMessageFormat>[0];
    expect(new IntlMessageFormat(tree, 'en-AU').format({ name: 'Ada' })).toBe('Hello Ada');
  });

  it('covers FormattedMessage props after JSX and leaves other objects alone', () => {
    const out = transform(
      `export const m = [
  jsx(FormattedMessage, { id: 'x.title', defaultMessage: 'Welcome', description: 'Heading' }),
  { label: 'Phone', description: 'A field hint, not a message' },
  { id: 'x.dynamic', defaultMessage: \`Hi \${1}\`, description: 'kept: not a literal' },
];`,
      '/repo/src/views/x/page.tsx',
    );
    const [title, field, dynamic] = exported(out ?? '') as unknown as Array<Record<string, unknown>>;
    expect(title).toEqual({ id: 'x.title', defaultMessage: parse('Welcome') });
    expect(field).toEqual({ label: 'Phone', description: 'A field hint, not a message' });
    expect(dynamic?.description).toBe('kept: not a literal');
  });

  it('leaves libraries and modules without messages untouched', () => {
    const code = `export const m = { id: 'a', defaultMessage: 'b' };`;
    expect(transform(code, '/repo/node_modules/lib/index.js')).toBeNull();
    expect(transform('export const m = 1;')).toBeNull();
  });

  it('keeps the code that reads a text working on the tree', () => {
    const compiled = {
      ...formMessages.required,
      defaultMessage: parse(formMessages.required.defaultMessage),
    };
    const asBuilt = compiled as unknown as typeof formMessages.required;
    expect(isDescriptor(asBuilt)).toBe(true);
    const text = formatValidationMessage(validationMessage(asBuilt, { label: 'Phone' }), (d, values) =>
      String(new IntlMessageFormat(d.defaultMessage, 'en-AU').format(values)),
    );
    expect(text).toBe('Phone is required');
    const api = {
      id: 'api.error.default',
      defaultMessage: 'An error occurred, please try again',
      description: '',
    };
    const apiBuilt = { ...api, defaultMessage: parse(api.defaultMessage) } as unknown as typeof api;
    expect(messageText(apiBuilt)).toBe('An error occurred, please try again');
    expect(messageText(api)).toBe('An error occurred, please try again');
  });
});
