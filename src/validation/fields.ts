/**
 * The field-type system's rules (spec §3 form field types, §5 messages and type rules): a field
 * description, the type rule of each field type (region-aware where the spec says so), and
 * `buildSchema(fields, region)` → a yup object schema. Pure (yup + domain types): the local stack
 * validates with the same schemas. Rendering lives in `src/forms/`.
 */
import { type AnyObject, boolean, number, type ObjectSchema, object, type Schema, string } from 'yup';
import type { RegionKey } from '#machines/domain';
import { type Descriptor, formMessages, typeMessages } from './messages';
import {
  compactPhone,
  decimalPattern,
  emailPattern,
  integerPattern,
  isValidDate,
  isValidDateTime,
  isValidTime,
  isValidUrl,
  microchipIdPattern,
  moneyPattern,
  numberPattern,
  phoneMobileStrictPattern,
  phonePattern,
} from './patterns';
import { type RegionRules, regionKeys, regions } from './regions';
import { type MessageArg, type ValidationMessage, validationMessage } from './validation-message';

export const fieldTypes = [
  'text',
  'email',
  'tel',
  'mobile',
  'postcode',
  'businessNumber',
  'microchipId',
  'money',
  'integer',
  'decimal',
  'number',
  'date',
  'datetime',
  'datetime-local',
  'time',
  'url',
  'select',
  'checkbox',
  'radio',
  'switch',
  'hidden',
] as const;

export type FieldType = (typeof fieldTypes)[number];

/** Select and radio options: a value and a display label (a descriptor, or text such as a name). */
export interface FieldOption {
  value: string | number;
  label: Descriptor | string;
}

/** Which rule produced a message; a field may override the text of any of them. */
export type RuleName =
  | 'required'
  | 'min'
  | 'max'
  | 'minLength'
  | 'maxLength'
  | 'pattern'
  | 'type'
  | 'invalid';

export interface FieldSpec {
  /** Formik/yup path, nested with dots: `practice.address.city`. */
  name: string;
  type: FieldType;
  label?: Descriptor;
  required?: boolean;
  /** Numeric types: smallest value; date/time types: earliest value in the field's own format. */
  min?: number | string;
  max?: number | string;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  options?: readonly FieldOption[];
  /** Region whose rules apply (tel, postcode, businessNumber); otherwise buildSchema's region. */
  region?: RegionKey;
  /** Replaces the message of a rule, e.g. the terms checkbox's required text. */
  messages?: Partial<Record<RuleName, Descriptor>>;
  /** Initial value for forms (see `initialValuesFor`). */
  defaultValue?: string | number | boolean;
  // Presentation hints, used by src/forms only.
  placeholder?: Descriptor | string;
  description?: Descriptor;
  disabled?: boolean;
  /** Text fields: render a textarea (with 'Limit: n / max' when maxLength is set). */
  multiline?: boolean;
  /** Phone inputs: show the region's prefix (+61 / +44). */
  showPrefix?: boolean;
  autoComplete?: string;
  /** Text fields: stored and shown in capitals (the invite code). */
  uppercase?: boolean;
}

/** A type rule: a predicate on a non-empty string and the message when it fails. */
export interface TypeRule {
  test: (value: string) => boolean;
  message: Descriptor;
  /** Extra message values (e.g. the region of a phone number). */
  values?: Record<string, MessageArg>;
}

function telMatches(value: string, region: RegionRules): boolean {
  const compact = compactPhone(value);
  if (!phonePattern.test(compact)) return false;
  const code = /^\+?(61|44)/.exec(compact);
  if (code && code[1] !== region.callingCode) return false;
  const area = /\((0\d)\)/.exec(compact);
  if (area && region.landlineAreaCodes !== null && !region.landlineAreaCodes.includes(area[1] ?? ''))
    return false;
  return true;
}

function businessNumberMatches(value: string, region: RegionRules): boolean {
  const rule = region.businessNumber;
  return rule.lenient.test(value) && rule.strict.test(value.replace(/ /g, ''));
}

const anyRegion = (test: (value: string, region: RegionRules) => boolean) => (value: string) =>
  regionKeys.some((key) => test(value, regions[key]));

/**
 * The type rule of a field type, or null for types without one (text, select, checkbox, radio,
 * switch, hidden: options and booleans are checked elsewhere). Every rule is skipped for empty values.
 */
export function typeRule(type: FieldType, region?: RegionKey): TypeRule | null {
  const rules = region ? regions[region] : undefined;
  switch (type) {
    case 'email':
      return { test: (v) => emailPattern.test(v), message: typeMessages.email };
    case 'tel':
      return rules
        ? { test: (v) => telMatches(v, rules), message: typeMessages.tel, values: { region: rules.key } }
        : { test: anyRegion(telMatches), message: typeMessages.tel, values: { region: 'any' } };
    case 'mobile':
      return { test: (v) => phoneMobileStrictPattern.test(compactPhone(v)), message: typeMessages.mobile };
    case 'postcode':
      return rules
        ? { test: (v) => rules.postcode.pattern.test(v), message: rules.postcode.message }
        : {
            test: anyRegion((v, r) => r.postcode.pattern.test(v)),
            message: typeMessages.postcode,
          };
    case 'businessNumber':
      return rules
        ? { test: (v) => businessNumberMatches(v, rules), message: rules.businessNumber.message }
        : { test: anyRegion(businessNumberMatches), message: typeMessages.businessNumber };
    case 'microchipId':
      return { test: (v) => microchipIdPattern.test(v), message: typeMessages.microchipId };
    case 'money':
      return { test: (v) => moneyPattern.test(v), message: typeMessages.money };
    case 'integer':
      return { test: (v) => integerPattern.test(v), message: typeMessages.integer };
    case 'decimal':
      return { test: (v) => decimalPattern.test(v), message: typeMessages.decimal };
    case 'number':
      return { test: (v) => numberPattern.test(v), message: typeMessages.number };
    case 'date':
      return { test: isValidDate, message: typeMessages.date };
    case 'datetime':
    case 'datetime-local':
      return { test: isValidDateTime, message: typeMessages.datetime };
    case 'time':
      return { test: isValidTime, message: typeMessages.time };
    case 'url':
      return { test: isValidUrl, message: typeMessages.url };
    default:
      return null;
  }
}

const numericTypes: ReadonlySet<FieldType> = new Set(['money', 'integer', 'decimal', 'number']);
const booleanTypes: ReadonlySet<FieldType> = new Set(['checkbox', 'switch']);

/** The number a numeric field's text stands for ('-$1,234.50' → -1234.5). */
export function numericValue(value: string): number {
  return Number(value.replace(/[,$£]/g, ''));
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function hasNumericOptions(field: FieldSpec): boolean {
  return (field.options?.length ?? 0) > 0 && (field.options ?? []).every((o) => typeof o.value === 'number');
}

/** The yup schema of one field. */
export function fieldSchema(field: FieldSpec, region?: RegionKey): Schema {
  const label: Descriptor = field.label ?? formMessages.defaultLabel;
  const message =
    (rule: RuleName, fallback: Descriptor, values: Record<string, MessageArg> = {}) =>
    (): ValidationMessage =>
      validationMessage(field.messages?.[rule] ?? fallback, { label, ...values });
  const invalid = message('invalid', formMessages.invalid);

  if (booleanTypes.has(field.type)) {
    // A required box with its own text (terms, privacy) uses it for wrong types too.
    let schema = boolean()
      .nullable()
      .transform((value: unknown, original: unknown) => (original === '' ? null : value))
      .typeError(field.messages?.required ? message('required', formMessages.required) : invalid);
    if (field.required)
      schema = schema.test('required', message('required', formMessages.required), (v) => v === true);
    return schema;
  }

  if ((field.type === 'select' || field.type === 'radio') && hasNumericOptions(field)) {
    const allowed = (field.options ?? []).map((o) => o.value);
    let schema = number()
      .nullable()
      .transform((value: unknown, original: unknown) =>
        typeof original === 'string' ? (original.trim() === '' ? undefined : Number(original)) : value,
      )
      .typeError(invalid)
      .test('oneOf', invalid, (v) => v === undefined || v === null || allowed.includes(v));
    if (field.required)
      schema = schema.test('required', message('required', formMessages.required), (v) => !isEmpty(v));
    return schema;
  }

  let schema = string().nullable().typeError(invalid);
  if (field.uppercase)
    schema = schema.transform((v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v));
  if (field.required)
    schema = schema.test('required', message('required', formMessages.required), (v) => !isEmpty(v));

  if (field.type === 'select' || field.type === 'radio') {
    const allowed = (field.options ?? []).map((o) => String(o.value));
    if (allowed.length > 0)
      schema = schema.test('oneOf', invalid, (v) => isEmpty(v) || allowed.includes(v ?? ''));
  }

  const rule = typeRule(field.type, field.region ?? region);
  if (rule) {
    schema = schema.test(
      'type',
      message('type', rule.message, rule.values),
      (v) => isEmpty(v) || rule.test(v ?? ''),
    );
  }

  const { minLength, maxLength } = field;
  if (minLength !== undefined && minLength === maxLength) {
    schema = schema.test(
      'length',
      message('minLength', formMessages.exactLength, { length: minLength }),
      (v) => isEmpty(v) || (v ?? '').length === minLength,
    );
  } else {
    if (minLength !== undefined) {
      schema = schema.test(
        'minLength',
        message('minLength', formMessages.minLength, { min: minLength }),
        (v) => isEmpty(v) || (v ?? '').length >= minLength,
      );
    }
    if (maxLength !== undefined) {
      schema = schema.test(
        'maxLength',
        message('maxLength', formMessages.maxLength, { max: maxLength }),
        (v) => isEmpty(v) || (v ?? '').length <= maxLength,
      );
    }
  }

  const { pattern } = field;
  if (pattern) {
    schema = schema.test(
      'pattern',
      message('pattern', formMessages.pattern, { pattern: pattern.source }),
      (v) => isEmpty(v) || new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')).test(v ?? ''),
    );
  }

  const { min, max } = field;
  const numeric = numericTypes.has(field.type);
  // Compared only once the type rule holds, so a min/max message never hides the type message.
  const comparable = (v: string | null | undefined): v is string =>
    !isEmpty(v) && (!rule || rule.test(v ?? ''));
  const below = (v: string, bound: number | string) =>
    numeric ? numericValue(v) < Number(bound) : v < String(bound);
  const above = (v: string, bound: number | string) =>
    numeric ? numericValue(v) > Number(bound) : v > String(bound);
  if (min !== undefined) {
    schema = schema.test(
      'min',
      message('min', formMessages.min, { min }),
      (v) => !comparable(v) || !below(v, min),
    );
  }
  if (max !== undefined) {
    schema = schema.test(
      'max',
      message('max', formMessages.max, { max }),
      (v) => !comparable(v) || !above(v, max),
    );
  }
  return schema;
}

interface ShapeTree {
  [segment: string]: Schema | ShapeTree;
}

function isSchemaNode(node: Schema | ShapeTree): node is Schema {
  return typeof (node as { validate?: unknown }).validate === 'function';
}

/**
 * Drops keys that name Object.prototype members ('constructor', 'valueOf', '__proto__'…) unless
 * they are fields: yup looks fields up in a plain object, so such a key in a request body would
 * crash its cast with a TypeError instead of failing validation.
 */
export function withoutPrototypeKeys(shape: Record<string, unknown>) {
  return (value: unknown): unknown => {
    if (!isPlainRecord(value)) return value;
    const keys = Object.keys(value);
    const shadowing = keys.some((k) => k in Object.prototype && !Object.hasOwn(shape, k));
    if (!shadowing && !keys.some((k) => hasHostileConversion(value[k]))) return value;
    const copy: Record<string, unknown> = {};
    for (const k of keys) {
      if (!(k in Object.prototype) || Object.hasOwn(shape, k)) copy[k] = harmless(value[k]);
    }
    return copy;
  };
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object whose own `toString` / `valueOf` is not a function: yup's string cast calls it. */
function hasHostileConversion(value: unknown): boolean {
  return (
    isPlainRecord(value) &&
    (['toString', 'valueOf'] as const).some((k) => Object.hasOwn(value, k) && typeof value[k] !== 'function')
  );
}

/** A field value as yup can cast it: such an object loses its prototype-named keys (a type error). */
function harmless(value: unknown): unknown {
  if (!hasHostileConversion(value) || !isPlainRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !(k in Object.prototype)));
}

function toObject(tree: ShapeTree, invalid: () => ValidationMessage): ObjectSchema<AnyObject> {
  const shape: Record<string, Schema> = {};
  for (const [key, node] of Object.entries(tree)) {
    shape[key] = isSchemaNode(node) ? node : toObject(node, invalid);
  }
  return object(shape).transform(withoutPrototypeKeys(shape)).typeError(invalid).nonNullable(invalid);
}

/**
 * A yup object schema for a list of fields. Dotted names nest (`practice.address.city` →
 * `{ practice: { address: { city } } }`), so error paths equal the field names.
 */
export function buildSchema(fields: readonly FieldSpec[], region?: RegionKey): ObjectSchema<AnyObject> {
  const tree: ShapeTree = {};
  for (const field of fields) {
    const segments = field.name.split('.');
    let node: ShapeTree = tree;
    for (const segment of segments.slice(0, -1)) {
      const next = node[segment];
      if (next === undefined || isSchemaNode(next)) {
        const created: ShapeTree = {};
        node[segment] = created;
        node = created;
      } else {
        node = next;
      }
    }
    node[segments[segments.length - 1] ?? field.name] = fieldSchema(field, region);
  }
  return toObject(tree, () => validationMessage(formMessages.invalid, { label: formMessages.defaultLabel }));
}

/** Nested initial values for a form: defaultValue, else false for booleans, else ''. */
export function initialValuesFor(fields: readonly FieldSpec[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const field of fields) {
    const segments = field.name.split('.');
    let node = root;
    for (const segment of segments.slice(0, -1)) {
      const next = node[segment];
      if (typeof next === 'object' && next !== null) node = next as Record<string, unknown>;
      else {
        const created: Record<string, unknown> = {};
        node[segment] = created;
        node = created;
      }
    }
    const leaf = segments[segments.length - 1] ?? field.name;
    node[leaf] = field.defaultValue ?? (booleanTypes.has(field.type) ? false : '');
  }
  return root;
}
