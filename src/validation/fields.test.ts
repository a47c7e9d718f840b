import { describe, expect, it } from 'vitest';
import type { LocaleCode, RegionKey } from '#machines/domain';
import { buildSchema, type FieldSpec, fieldTypes, initialValuesFor, typeRule } from './fields';
import { validationErrorMap } from './format';
import type { Descriptor } from './messages';

const label = (text: string): Descriptor => ({
  id: `test.${text}`,
  defaultMessage: text,
  description: 'test label',
});

/** The formatted messages a single field produces for a value. */
async function messages(
  field: FieldSpec,
  value: unknown,
  region?: RegionKey,
  locale?: LocaleCode,
): Promise<string[]> {
  const errors = await validationErrorMap(buildSchema([field], region), { [field.name]: value }, { locale });
  return errors[field.name] ?? [];
}

type Row = [string, FieldSpec, unknown, RegionKey | undefined, string[]];

/** Spec §5 'Form messages': '{label} ...', or 'Field' when there is no label. */
const formRows: Row[] = [
  [
    'required',
    { name: 'f', type: 'text', label: label('Name'), required: true },
    '',
    undefined,
    ['Name is required'],
  ],
  [
    'required (whitespace)',
    { name: 'f', type: 'text', label: label('Name'), required: true },
    '   ',
    undefined,
    ['Name is required'],
  ],
  [
    'required (null)',
    { name: 'f', type: 'text', label: label('Name'), required: true },
    null,
    undefined,
    ['Name is required'],
  ],
  [
    'required (missing)',
    { name: 'f', type: 'text', label: label('Name'), required: true },
    undefined,
    undefined,
    ['Name is required'],
  ],
  ['required, no label', { name: 'f', type: 'text', required: true }, '', undefined, ['Field is required']],
  [
    'min',
    { name: 'f', type: 'integer', label: label('Age'), min: 18 },
    '17',
    undefined,
    ['Age must have min value of 18'],
  ],
  ['min ok', { name: 'f', type: 'integer', label: label('Age'), min: 18 }, '18', undefined, []],
  [
    'max',
    { name: 'f', type: 'number', label: label('Weight'), max: 100 },
    '100.5',
    undefined,
    ['Weight must have max value of 100'],
  ],
  [
    'max (money)',
    { name: 'f', type: 'money', label: label('Fee'), max: 1000 },
    '1,000.01',
    undefined,
    ['Fee must have max value of 1000'],
  ],
  [
    'min (date)',
    { name: 'f', type: 'date', label: label('Start'), min: '2024-01-01' },
    '2023-12-31',
    undefined,
    ['Start must have min value of 2024-01-01'],
  ],
  [
    'minLength',
    { name: 'f', type: 'text', label: label('City'), minLength: 3 },
    'ab',
    undefined,
    ['City must be at least 3 characters'],
  ],
  [
    'maxLength',
    { name: 'f', type: 'text', label: label('City'), maxLength: 50 },
    'x'.repeat(51),
    undefined,
    ['City must be 50 characters or less'],
  ],
  [
    'minLength = maxLength',
    { name: 'f', type: 'text', label: label('Code'), minLength: 4, maxLength: 4 },
    '123',
    undefined,
    ['Code must be 4 characters'],
  ],
  [
    'pattern',
    { name: 'f', type: 'text', label: label('Ref'), pattern: /^[A-Z]{3}$/ },
    'abc',
    undefined,
    ['Ref must match the pattern ^[A-Z]{3}$'],
  ],
  [
    'fallback (select)',
    { name: 'f', type: 'select', label: label('Kind'), options: [{ value: 'a', label: 'A' }] },
    'b',
    undefined,
    ['Kind is invalid'],
  ],
  ['fallback (type)', { name: 'f', type: 'text', label: label('Name') }, 42, undefined, []],
  [
    'fallback (object for text)',
    { name: 'f', type: 'text', label: label('Name') },
    { a: 1 },
    undefined,
    ['Name is invalid'],
  ],
  [
    'fallback (boolean)',
    { name: 'f', type: 'checkbox', label: label('Terms') },
    'maybe',
    undefined,
    ['Terms is invalid'],
  ],
  [
    'required checkbox',
    { name: 'f', type: 'checkbox', label: label('Terms'), required: true },
    false,
    undefined,
    ['Terms is required'],
  ],
  ['required switch', { name: 'f', type: 'switch', label: label('On'), required: true }, true, undefined, []],
];

/** Spec §5 'Type rules': each skipped when empty; prefixed with the label (docs/decisions/003-validation-messages.md). */
const typeRows: Row[] = [
  [
    'date',
    { name: 'f', type: 'date', label: label('Date of birth') },
    '2023-02-29',
    undefined,
    ['Date of birth must be a valid date'],
  ],
  [
    'datetime',
    { name: 'f', type: 'datetime', label: label('When') },
    '2023-02-01 25:00',
    undefined,
    ['When must be a valid date time'],
  ],
  [
    'datetime-local',
    { name: 'f', type: 'datetime-local', label: label('When') },
    '2023-02-01',
    undefined,
    ['When must be a valid date time'],
  ],
  ['time', { name: 'f', type: 'time', label: label('At') }, '7:00', undefined, ['At must be a valid time']],
  [
    'email',
    { name: 'f', type: 'email', label: label('Email') },
    'vet@',
    undefined,
    ['Email must be a valid email address'],
  ],
  [
    'integer',
    { name: 'f', type: 'integer', label: label('Count') },
    '1.5',
    undefined,
    ['Count must be a valid whole number'],
  ],
  [
    'decimal',
    { name: 'f', type: 'decimal', label: label('Dose') },
    '2',
    undefined,
    ['Dose must be a valid decimal number'],
  ],
  [
    'number',
    { name: 'f', type: 'number', label: label('Size') },
    '2a',
    undefined,
    ['Size must be a valid number'],
  ],
  [
    'microchipId',
    { name: 'f', type: 'microchipId', label: label('Microchip') },
    '12345',
    undefined,
    ['Microchip must be a valid microchip number'],
  ],
  [
    'mobile',
    { name: 'f', type: 'mobile', label: label('Mobile') },
    '12345',
    undefined,
    ['Mobile must be a valid mobile phone number'],
  ],
  [
    'money',
    { name: 'f', type: 'money', label: label('Fee') },
    '12.5',
    undefined,
    ['Fee must be a valid currency format'],
  ],
  [
    'url',
    { name: 'f', type: 'url', label: label('Website') },
    'vets.com',
    undefined,
    ['Website must be a valid url'],
  ],
  [
    'postcode (no region)',
    { name: 'f', type: 'postcode', label: label('Postcode') },
    '12',
    undefined,
    ['Postcode must be a valid postcode'],
  ],
  [
    'postcode AU',
    { name: 'f', type: 'postcode', label: label('Postcode') },
    'SW1A 1AA',
    'au',
    ['Postcode must be 4 digits'],
  ],
  [
    'postcode UK',
    { name: 'f', type: 'postcode', label: label('Postcode') },
    '2000',
    'uk',
    ['Invalid UK postcode'],
  ],
  [
    'tel AU',
    { name: 'f', type: 'tel', label: label('Phone') },
    '12',
    'au',
    ['Phone must be a valid AU phone number'],
  ],
  [
    'tel AU landline area code',
    { name: 'f', type: 'tel', label: label('Phone') },
    '(05) 9999 9999',
    'au',
    ['Phone must be a valid AU phone number'],
  ],
  [
    'tel AU with UK code',
    { name: 'f', type: 'tel', label: label('Phone') },
    '+44 20 7946 0958',
    'au',
    ['Phone must be a valid AU phone number'],
  ],
  [
    'tel UK',
    { name: 'f', type: 'tel', label: label('Phone') },
    '12',
    'uk',
    ['Phone must be a valid UK phone number'],
  ],
  [
    'tel UK with AU code',
    { name: 'f', type: 'tel', label: label('Phone') },
    '+61 2 9999 9999',
    'uk',
    ['Phone must be a valid UK phone number'],
  ],
  [
    'tel (no region)',
    { name: 'f', type: 'tel', label: label('Phone') },
    'call me',
    undefined,
    ['Phone must be a valid AU or UK phone number'],
  ],
  [
    'business number AU',
    { name: 'f', type: 'businessNumber', label: label('ABN') },
    '12 345 678',
    'au',
    ['ABN must be 11 digits'],
  ],
  [
    'business number AU 14 digits',
    { name: 'f', type: 'businessNumber', label: label('ABN') },
    '12345678901234',
    'au',
    ['ABN must be 11 digits'],
  ],
  [
    'business number UK',
    { name: 'f', type: 'businessNumber', label: label('CRN') },
    'SC12345',
    'uk',
    ['CRN must be either 8 digits, or 2 letters followed by 6 digits'],
  ],
  [
    'business number (no region)',
    { name: 'f', type: 'businessNumber', label: label('Number') },
    'X',
    undefined,
    ['Number must be a valid business number'],
  ],
];

/** Valid values per type and region: no message. */
const validRows: Row[] = [
  ['date', { name: 'f', type: 'date' }, '2024-02-29', undefined, []],
  ['datetime', { name: 'f', type: 'datetime' }, '2024-02-29T10:00', undefined, []],
  ['time', { name: 'f', type: 'time' }, '10:00:05', undefined, []],
  ['email', { name: 'f', type: 'email' }, 'vet@example.com', undefined, []],
  ['integer', { name: 'f', type: 'integer' }, '-12', undefined, []],
  ['decimal', { name: 'f', type: 'decimal' }, '-1.25', undefined, []],
  ['number', { name: 'f', type: 'number' }, '3', undefined, []],
  ['microchipId', { name: 'f', type: 'microchipId' }, '956000012345678', undefined, []],
  ['mobile AU', { name: 'f', type: 'mobile' }, '0412 345 678', 'au', []],
  ['mobile UK', { name: 'f', type: 'mobile' }, '07700 900123', 'uk', []],
  ['money', { name: 'f', type: 'money' }, '-1,234.50', undefined, []],
  ['url', { name: 'f', type: 'url' }, 'https://vets.example', undefined, []],
  ['postcode AU', { name: 'f', type: 'postcode' }, '2000', 'au', []],
  ['postcode UK', { name: 'f', type: 'postcode' }, 'SW1A 1AA', 'uk', []],
  ['postcode (no region) AU', { name: 'f', type: 'postcode' }, '3000', undefined, []],
  ['postcode (no region) UK', { name: 'f', type: 'postcode' }, 'M1 1AE', undefined, []],
  ['tel AU landline', { name: 'f', type: 'tel' }, '(02) 9999 9999', 'au', []],
  ['tel AU +61', { name: 'f', type: 'tel' }, '+61 (03) 9999 9999', 'au', []],
  ['tel AU (07)', { name: 'f', type: 'tel' }, '(07) 3333 3333', 'au', []],
  ['tel AU mobile', { name: 'f', type: 'tel' }, '0412 345 678', 'au', []],
  ['tel UK landline', { name: 'f', type: 'tel' }, '+44 (01) 1234567', 'uk', []],
  ['tel UK', { name: 'f', type: 'tel' }, '020 7946 0958', 'uk', []],
  ['tel (no region)', { name: 'f', type: 'tel' }, '+44 20 7946 0958', undefined, []],
  ['business number AU spaced', { name: 'f', type: 'businessNumber' }, '12 345 678 901', 'au', []],
  ['business number AU', { name: 'f', type: 'businessNumber' }, '12345678901', 'au', []],
  ['business number UK letters', { name: 'f', type: 'businessNumber' }, 'SC123456', 'uk', []],
  ['business number UK digits', { name: 'f', type: 'businessNumber' }, '12 345 678', 'uk', []],
  ['select', { name: 'f', type: 'select', options: [{ value: 'a', label: 'A' }] }, 'a', undefined, []],
  ['radio numeric', { name: 'f', type: 'radio', options: [{ value: 2, label: 'B' }] }, '2', undefined, []],
];

describe.each([
  ['form messages', formRows],
  ['type rules', typeRows],
  ['valid values', validRows],
] as const)('%s', (_group, rows) => {
  it.each(rows)('%s', async (_name, field, value, region, expected) => {
    expect(await messages(field, value, region)).toEqual(expected);
  });
});

describe('type rules are skipped when the value is empty', () => {
  it.each(fieldTypes.filter((t) => t !== 'checkbox' && t !== 'switch'))('%s', async (type) => {
    for (const region of [undefined, 'au', 'uk'] as const) {
      for (const empty of ['', undefined, null]) {
        expect(
          await messages({ name: 'f', type, label: label('X'), minLength: 3, min: 1 }, empty, region),
        ).toEqual([]);
      }
    }
  });

  it('every type with a rule has a message', () => {
    for (const type of fieldTypes) {
      const rule = typeRule(type, 'au');
      if (rule) expect(rule.message.defaultMessage).toMatch(/must|Invalid/);
    }
  });
});

describe('en-GB formatting', () => {
  it('formats the same texts with the en-GB locale', async () => {
    expect(
      await messages({ name: 'f', type: 'postcode', label: label('Postcode') }, '2000', 'uk', 'en-GB'),
    ).toEqual(['Invalid UK postcode']);
    expect(
      await messages({ name: 'f', type: 'money', label: label('Fee'), min: 1000 }, '999.00', 'uk', 'en-GB'),
    ).toEqual(['Fee must have min value of 1000']);
  });
});

describe('buildSchema', () => {
  it('nests dotted names so error paths equal field names', async () => {
    const fields: FieldSpec[] = [
      { name: 'practice.address.city', type: 'text', label: label('City'), required: true },
      { name: 'practice.name', type: 'text', label: label('Name'), required: true },
      { name: 'terms', type: 'checkbox', label: label('Terms'), required: true },
    ];
    const errors = await validationErrorMap(buildSchema(fields), initialValuesFor(fields));
    expect(errors).toEqual({
      'practice.address.city': ['City is required'],
      'practice.name': ['Name is required'],
      terms: ['Terms is required'],
    });
    expect(initialValuesFor(fields)).toEqual({ practice: { address: { city: '' }, name: '' }, terms: false });
  });

  it('a field can replace the text of a rule', async () => {
    const terms: Descriptor = { id: 't', defaultMessage: 'Tick the box.', description: 'x' };
    expect(
      await messages({ name: 'f', type: 'checkbox', required: true, messages: { required: terms } }, false),
    ).toEqual(['Tick the box.']);
  });

  it('min/max wait for the type rule to hold', async () => {
    expect(await messages({ name: 'f', type: 'integer', label: label('Age'), min: 18 }, 'abc')).toEqual([
      'Age must be a valid whole number',
    ]);
  });
});
