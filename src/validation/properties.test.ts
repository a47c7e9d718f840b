/**
 * Property-based tests (fast-check): no input crashes a validator, and every message produced is
 * one of the spec's (its id is in the known set, its values are plain values or descriptors).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AnyObject, type ObjectSchema, ValidationError } from 'yup';
import type { RegionKey } from '#machines/domain';
import { buildSchema, type FieldSpec, fieldTypes, typeRule } from './fields';
import { formatMessageText } from './format';
import { type Descriptor, validationMessageIds } from './messages';
import * as patterns from './patterns';
import { regions } from './regions';
import {
  inviteCodeSchema,
  pinSchema,
  practiceFields,
  practiceSchema,
  profileFields,
  profileSchema,
  registrationSchema,
} from './schemas';
import { isDescriptor, isValidationMessage, type ValidationIssue } from './validation-message';

const runs = { numRuns: Number(process.env.PROPERTY_RUNS ?? 150) };
const regionArb = fc.constantFrom<RegionKey | undefined>(undefined, 'au', 'uk');
/** Strings that look like the fields' inputs as well as arbitrary (unicode) text. */
const textArb = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...'0123456789 ()+-.,$£:TZ/'.split('')), maxLength: 20 }),
  fc.stringMatching(/^[A-Za-z0-9 ]{0,12}$/),
  fc.constantFrom('', ' ', '\n', '\u0000', '-', '.', '()', '+61', '+44', '(02)', '1,234.50', '2024-02-29'),
);
const valueArb = fc.oneof(textArb, fc.anything({ maxDepth: 2 }));

const labelArb = fc.option(
  fc.constant<Descriptor>({ id: 'test.label', defaultMessage: 'Label', description: 'test' }),
  { nil: undefined },
);

const fieldArb: fc.Arbitrary<FieldSpec> = fc.record({
  name: fc.constant('field'),
  type: fc.constantFrom(...fieldTypes),
  label: labelArb,
  required: fc.boolean(),
  min: fc.option(fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.constant('2024-01-01')), {
    nil: undefined,
  }),
  max: fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: undefined }),
  minLength: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
  maxLength: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
  pattern: fc.option(fc.constantFrom(/^\d+$/, /^[A-Z]{2}/, /x/giy), { nil: undefined }),
  options: fc.option(
    fc.constantFrom(
      [
        { value: 1, label: 'One' },
        { value: 2, label: 'Two' },
      ],
      [{ value: 'a', label: 'A' }],
    ),
    { nil: undefined },
  ),
  region: regionArb,
});

/**
 * Validates and returns the raw yup messages as issues, failing on any message that is not one of
 * ours (a yup default string would otherwise be wrapped as 'is invalid' by `issuesFromError`).
 */
async function validationIssues(
  schema: Pick<ObjectSchema<AnyObject>, 'validate'>,
  value: unknown,
  options: { strict?: boolean } = {},
): Promise<ValidationIssue[]> {
  try {
    await schema.validate(value, { abortEarly: false, strict: options.strict ?? false });
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const inner = error.inner.length > 0 ? error.inner : [error];
    return inner.flatMap((e) =>
      (e.errors as unknown[]).map((raw) => {
        if (!isValidationMessage(raw)) throw new Error(`foreign message at ${e.path}: ${String(raw)}`);
        return { path: e.path ?? '', message: raw };
      }),
    );
  }
}

function expectKnown(issues: ValidationIssue[]): void {
  for (const issue of issues) {
    expect(validationMessageIds.has(issue.message.descriptor.id), issue.message.descriptor.id).toBe(true);
    for (const value of Object.values(issue.message.values)) {
      expect(typeof value === 'string' || typeof value === 'number' || isDescriptor(value)).toBe(true);
    }
    // It formats in both locales without throwing, to a non-empty text.
    expect(formatMessageText(issue.message, 'en-AU').length).toBeGreaterThan(0);
    expect(formatMessageText(issue.message, 'en-GB').length).toBeGreaterThan(0);
  }
}

describe('properties: no input crashes a validator', () => {
  it('pattern predicates return a boolean for any string', () => {
    const predicates: Array<(v: string) => boolean> = [
      (v) => patterns.emailPattern.test(v),
      (v) => patterns.phonePattern.test(patterns.compactPhone(v)),
      (v) => patterns.phoneMobileStrictPattern.test(patterns.compactPhone(v)),
      (v) => patterns.moneyPattern.test(v),
      (v) => patterns.strongPasswordPattern.test(v),
      (v) => patterns.guidPattern.test(v),
      patterns.isValidDate,
      patterns.isValidDateTime,
      patterns.isValidTime,
      patterns.isValidUrl,
    ];
    fc.assert(
      fc.property(textArb, (v) => {
        for (const p of predicates) expect(typeof p(v)).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });

  it('every type rule of every region answers for any string', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fieldTypes), regionArb, textArb, (type, region, v) => {
        const rule = typeRule(type, region);
        if (rule) {
          expect(typeof rule.test(v)).toBe('boolean');
          expect(validationMessageIds.has(rule.message.id)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('any field description with any value yields only known messages', async () => {
    await fc.assert(
      fc.asyncProperty(fieldArb, valueArb, regionArb, fc.boolean(), async (field, value, region, strict) => {
        const issues = await validationIssues(buildSchema([field], region), { field: value }, { strict });
        expectKnown(issues);
        // Empty values only ever fail `required` ('' is a wrong type for a checkbox in strict mode).
        const typed =
          field.type === 'checkbox' ||
          field.type === 'switch' ||
          ((field.type === 'select' || field.type === 'radio') &&
            (field.options ?? []).length > 0 &&
            (field.options ?? []).every((o) => typeof o.value === 'number'));
        const wrongType = strict && value === '' && typed;
        if ((value === '' || value === undefined || value === null) && !wrongType) {
          for (const i of issues) expect(i.message.descriptor.id).toBe('validation.field.required');
        }
      }),
      runs,
    );
  });

  it('a value whose own toString is not a function is a type error, not a crash (a found counterexample)', async () => {
    const hostile = { toString: -5e-324 };
    for (const payload of [
      { environment: 'au', practice: { businessName: hostile, address: { city: { valueOf: 1 } } }, terms: 0 },
      { practice: hostile },
    ]) {
      const issues = await validationIssues(registrationSchema, payload);
      expect(issues.length).toBeGreaterThan(0);
      expectKnown(issues);
    }
    const profile = await validationIssues(profileSchema(), { firstName: hostile });
    expectKnown(profile);
    expect(profile.some((i) => i.path === 'firstName')).toBe(true);
  });

  it('the product schemas yield only known messages for any payload', async () => {
    const schemas = [
      profileSchema(),
      practiceSchema('au'),
      practiceSchema('uk'),
      pinSchema,
      inviteCodeSchema,
      registrationSchema,
    ];
    // Keys that name Object.prototype members used to crash yup's cast (see withoutPrototypeKeys).
    const keyArb = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom(
        'constructor',
        'valueOf',
        'toString',
        '__proto__',
        'hasOwnProperty',
        'practice',
        'profile',
      ),
    );
    const payloadArb = fc.oneof(
      fc.anything({ maxDepth: 3 }),
      fc.anything({ maxDepth: 3, key: keyArb }),
      fc.record({
        environment: fc.oneof(fc.constantFrom('au', 'uk', 'AU', ''), textArb),
        practice: fc.oneof(
          fc.anything({ maxDepth: 1 }),
          fc.record({
            businessName: valueArb,
            businessNumber: textArb,
            phone: textArb,
            veterinaryType: fc.oneof(fc.integer(), textArb),
            address: fc.oneof(fc.anything({ maxDepth: 1 }), fc.record({ postcode: textArb, state: textArb })),
            devices: fc.oneof(fc.anything({ maxDepth: 2 }), fc.array(fc.record({ deviceKey: valueArb }))),
          }),
        ),
        profile: fc.anything({ maxDepth: 2 }),
        terms: fc.anything({ maxDepth: 0 }),
        pin: textArb,
        inviteCode: valueArb,
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...schemas),
        payloadArb,
        fc.boolean(),
        async (schema, payload, strict) => {
          expectKnown(await validationIssues(schema, payload, { strict }));
        },
      ),
      runs,
    );
  });
});

describe('properties: generated valid values pass', () => {
  const pass = async (field: FieldSpec, value: string, region?: RegionKey) =>
    expect(await validationIssues(buildSchema([field], region), { [field.name]: value })).toEqual([]);

  it('AU postcodes, ABNs (spaced or not) and landlines', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^\d{4}$/),
        fc.stringMatching(/^\d{11}$/),
        fc.constantFrom(...(regions.au.landlineAreaCodes ?? [])),
        fc.stringMatching(/^\d{8}$/),
        async (postcode, abn, area, local) => {
          await pass({ name: 'p', type: 'postcode' }, postcode, 'au');
          await pass({ name: 'b', type: 'businessNumber' }, abn, 'au');
          await pass(
            { name: 'b', type: 'businessNumber' },
            `${abn.slice(0, 2)} ${abn.slice(2, 5)} ${abn.slice(5, 8)} ${abn.slice(8)}`,
            'au',
          );
          await pass({ name: 't', type: 'tel' }, `(${area}) ${local.slice(0, 4)} ${local.slice(4)}`, 'au');
        },
      ),
      { numRuns: 60 },
    );
  });

  it('UK postcodes and CRNs', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/),
        fc.stringMatching(/^(?:[A-Z]{2}|\d{2})\d{6}$/),
        async (postcode, crn) => {
          await pass({ name: 'p', type: 'postcode' }, postcode, 'uk');
          await pass({ name: 'b', type: 'businessNumber' }, crn, 'uk');
        },
      ),
      { numRuns: 60 },
    );
  });

  it('money: any amount formatted with comma thousands and 2 decimals', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -1e11, max: 1e11 }), async (cents) => {
        const text = (cents / 100).toLocaleString('en-AU', {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        });
        await pass({ name: 'm', type: 'money' }, text);
        await pass({ name: 'm', type: 'money' }, text.replace(/,/g, ''));
      }),
      { numRuns: 200 },
    );
  });

  it('dates: every calendar day of 1900-2100', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2100-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        async (d) => {
          const iso = d.toISOString();
          await pass({ name: 'd', type: 'date' }, iso.slice(0, 10));
          await pass({ name: 'd', type: 'datetime' }, iso);
          await pass({ name: 'd', type: 'datetime-local' }, iso.slice(0, 16));
          await pass({ name: 'd', type: 'time' }, iso.slice(11, 19));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('profile and practice field lists only produce known messages for their own empty form', async () => {
    for (const fields of [profileFields, practiceFields('au'), practiceFields('uk')]) {
      expectKnown(await validationIssues(buildSchema(fields), {}));
    }
  });
});
