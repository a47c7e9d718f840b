/**
 * Formatting validation messages WITHOUT React (the local stack; tests): intl-messageformat, the
 * same engine react-intl uses. The client formats with `intl.formatMessage` instead (src/forms).
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { AnyObject, ObjectSchema } from 'yup';
import type { LocaleCode } from '#machines/domain';
import type { Descriptor } from './messages';
import { formatValidationMessage, type ValidationMessage, validationIssues } from './validation-message';

const cache = new Map<string, IntlMessageFormat>();

/**
 * Formats one descriptor in a locale. `translations` maps ids to the locale's texts (e.g. the
 * en-GB catalog); without an entry the en-AU defaultMessage is used.
 */
export function formatDescriptor(
  descriptor: Descriptor,
  values: Record<string, string | number>,
  locale: LocaleCode = 'en-AU',
  translations: Readonly<Record<string, string>> = {},
): string {
  const translated = translations[descriptor.id];
  const text = translated ?? descriptor.defaultMessage;
  const key = `${locale}\u0000${descriptor.id}\u0000${translated ?? ''}`;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = new IntlMessageFormat(text, locale);
    cache.set(key, formatter);
  }
  return String(formatter.format(values));
}

export function formatMessageText(
  message: ValidationMessage,
  locale: LocaleCode = 'en-AU',
  translations: Readonly<Record<string, string>> = {},
): string {
  return formatValidationMessage(message, (d, v) => formatDescriptor(d, v, locale, translations));
}

/**
 * Field errors keyed by path, formatted in a locale: the `errors` map of a problem-details body
 * (spec §8), e.g. `{ 'practice.businessName': ['Business name is required'] }`.
 */
export async function validationErrorMap(
  schema: Pick<ObjectSchema<AnyObject>, 'validate'>,
  value: unknown,
  options: { strict?: boolean; locale?: LocaleCode; translations?: Readonly<Record<string, string>> } = {},
): Promise<Record<string, string[]>> {
  const issues = await validationIssues(schema, value, options);
  const map: Record<string, string[]> = {};
  for (const issue of issues) {
    const text = formatMessageText(issue.message, options.locale, options.translations);
    const list = map[issue.path] ?? [];
    list.push(text);
    map[issue.path] = list;
  }
  return map;
}
