import { describe, expect, it } from 'vitest';
import {
  compactPhone,
  decimalPattern,
  emailPattern,
  guidPattern,
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
  strongPasswordPattern,
} from './patterns';
import { regionFor, regions } from './regions';

type Case = { name: string; test: (v: string) => boolean; valid: string[]; invalid: string[] };

const re = (pattern: RegExp) => (v: string) => pattern.test(v);

/** Spec §5 'Shared patterns': valid and invalid examples for every pattern. */
const cases: Case[] = [
  {
    name: 'email',
    test: re(emailPattern),
    valid: ['vet@example.com', 'first.last+tag@clinic.co.uk', 'a_b@sub.domain.com.au', "o'neil@vets.ie"],
    invalid: ['', 'plain', 'a@b', '@example.com', 'a@.com', 'a b@example.com', 'a@example..com', 'a@-x.com'],
  },
  {
    name: 'phone (lenient)',
    test: (v) => phonePattern.test(compactPhone(v)),
    valid: [
      '123456',
      '12345678901',
      '0299999999',
      '(02)99999999',
      '61(02)99999999',
      '+61299999999',
      '44(020)1234567'.replace('(020)', '(02)'),
      '+44 20 7946 0958',
      '(02) 9999-9999',
    ],
    invalid: [
      '12345',
      '123456789012',
      '(00)99999999',
      '(2)99999999',
      '33(02)99999999',
      'abcdefg',
      '02 9999 999a',
      '+6199',
    ],
  },
  {
    name: 'phoneMobileStrict',
    test: (v) => phoneMobileStrictPattern.test(compactPhone(v)),
    valid: [
      '0412345678',
      '412345678',
      '61412345678',
      '+61 412 345 678',
      '07700900123',
      '447700900123',
      '+447700900123',
    ],
    invalid: ['0012345678', '041234567', '04123456789012', '61', '+61 0412', 'mobile', '(04)12345678'],
  },
  {
    name: 'microchipId',
    test: re(microchipIdPattern),
    valid: ['956000012345678', '000000000000000'],
    invalid: ['95600001234567', '9560000123456789', '95600001234567a', '956 000 012 345 678', ''],
  },
  {
    name: 'integer',
    test: re(integerPattern),
    valid: ['0', '42', '-7', '0012'],
    invalid: ['', '-', '1.0', '+5', '1e3', ' 1', '1,000'],
  },
  {
    name: 'decimal',
    test: re(decimalPattern),
    valid: ['1.5', '-0.25', '10.00'],
    invalid: ['1', '.5', '1.', '-.5', '1.2.3', '1,5'],
  },
  {
    name: 'number',
    test: re(numberPattern),
    valid: ['1', '-1', '1.5', '-0.25'],
    invalid: ['', '.5', '1.', 'one', '1e3', '--1'],
  },
  {
    name: 'guid',
    test: re(guidPattern),
    valid: ['123e4567-e89b-12d3-a456-426614174000', 'ABCDEFAB-CDEF-ABCD-EFAB-CDEFABCDEFAB'],
    invalid: [
      '123e4567e89b12d3a456426614174000',
      '123e4567-e89b-12d3-a456-42661417400',
      'g23e4567-e89b-12d3-a456-426614174000',
    ],
  },
  {
    name: 'money',
    test: re(moneyPattern),
    valid: ['0.00', '1234.50', '1,234.50', '-1,234,567.89', '$1,234.50', '-£12.00', '999.99'],
    invalid: ['1234.5', '1234', '1,23.00', '12,34.00', '1,234.567', '$', '1.234,50', '1 234.50', '€1.00'],
  },
  {
    name: 'strong password',
    test: re(strongPasswordPattern),
    valid: ['Passw0rd!', 'aB3$aB3$', 'Correct-Horse-9'],
    invalid: ['Pa0!', 'password1!', 'PASSWORD1!', 'Password!!', 'Password12', 'aB3 aB3 '],
  },
  {
    name: 'date (yyyy-MM-dd)',
    test: isValidDate,
    valid: ['2024-02-29', '1990-01-01', '2000-02-29', '2023-12-31'],
    invalid: [
      '2023-02-29',
      '1900-02-29',
      '2023-13-01',
      '2023-00-10',
      '2023-01-00',
      '2023-04-31',
      '01/02/2023',
      '2023-1-1',
    ],
  },
  {
    name: 'date time',
    test: isValidDateTime,
    valid: [
      '2024-02-29T10:30',
      '2024-02-29T10:30:15',
      '2024-02-29 23:59:59.123',
      '2024-01-01T00:00:00Z',
      '2024-01-01T00:00+10:00',
    ],
    invalid: [
      '2024-02-30T10:30',
      '2024-01-01',
      '2024-01-01T24:00',
      '2024-01-01T10:60',
      '10:30',
      '2024-01-01T10',
    ],
  },
  {
    name: 'time (HH:mm or HH:mm:ss)',
    test: isValidTime,
    valid: ['00:00', '23:59', '09:05:30'],
    invalid: ['24:00', '9:05', '12:60', '12:00:60', '12:00:00.5', '1200'],
  },
  {
    name: 'url',
    test: isValidUrl,
    valid: ['https://example.com', 'http://localhost:4000/path?q=1', 'https://vets.co.uk/a#b'],
    invalid: [
      'example.com',
      'ftp://example.com',
      'javascript:alert(1)',
      'https://',
      'http://exa mple.com',
      '',
    ],
  },
];

const au = regions.au;
const uk = regions.uk;
const regional: Case[] = [
  {
    name: 'AU business number (lenient: 11-14 digits or spaces)',
    test: re(au.businessNumber.lenient),
    valid: ['12345678901', '12 345 678 901', '1234567890123', '12345678901234'],
    invalid: ['1234567890', '123456789012345', '12-345-678-901', 'AB345678901'],
  },
  {
    name: 'AU business number (strict: exactly 11 digits)',
    test: re(au.businessNumber.strict),
    valid: ['12345678901'],
    invalid: ['12 345 678 901', '1234567890', '123456789012'],
  },
  {
    name: 'AU postcode (exactly 4 digits)',
    test: re(au.postcode.pattern),
    valid: ['2000', '0800', '6000'],
    invalid: ['200', '20000', '2OOO', ' 2000', 'SW1A 1AA'],
  },
  {
    name: 'UK business number (lenient: 2 letters or digits then 6-8 digits or spaces)',
    test: re(uk.businessNumber.lenient),
    valid: ['SC123456', '12345678', '12 345 678', 'NI12345678', 'oc123456'],
    invalid: ['S1234567', '1234567', 'SC12345', 'SC1234567890', '123-456-78', 'SCX23456'],
  },
  {
    name: 'UK business number (strict: 2 letters or digits then exactly 6 digits)',
    test: re(uk.businessNumber.strict),
    valid: ['SC123456', '12345678'],
    invalid: ['SC1234567', '12 345 678', '1234567'],
  },
  {
    name: 'UK postcode (outward code, space, digit and two letters)',
    test: re(uk.postcode.pattern),
    valid: ['SW1A 1AA', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'EC1A 1BB', 'sw1a 1aa'],
    invalid: ['SW1A1AA', '2000', 'SW1A 1A', 'SW1A 11A', '1W1A 1AA', 'SW1A  1AA', 'SW1A 1AAA'],
  },
];

describe.each([...cases, ...regional])('pattern: $name', ({ test, valid, invalid }) => {
  it.each(valid)('accepts %j', (v) => expect(test(v)).toBe(true));
  it.each(invalid)('rejects %j', (v) => expect(test(v)).toBe(false));
});

describe('regions table', () => {
  it('AU: ABN 2-3-3-3, 8 states with keys, Australia, +61, en-AU', () => {
    expect(au.businessNumber.label.defaultMessage).toBe('ABN');
    expect(au.businessNumber.placeholder.defaultMessage).toBe('12 345 678 901');
    expect(au.businessNumber.placeholder.defaultMessage.split(' ').map((g) => g.length)).toEqual([
      2, 3, 3, 3,
    ]);
    expect(au.states.map((s) => s.key)).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
    expect(au.states.map((s) => s.name.defaultMessage)).toEqual([
      'Australian Capital Territory',
      'New South Wales',
      'Northern Territory',
      'Queensland',
      'South Australia',
      'Tasmania',
      'Victoria',
      'Western Australia',
    ]);
    expect(au.countries.map((c) => [c.key, c.name.defaultMessage])).toEqual([['AU', 'Australia']]);
    expect([au.phonePrefix, au.locale]).toEqual(['+61', 'en-AU']);
    expect(au.landlineAreaCodes).toEqual(['02', '03', '04', '07', '08']);
  });

  it('UK: CRN 2-3-3, no states, United Kingdom, +44, en-GB', () => {
    expect(uk.businessNumber.label.defaultMessage).toBe('CRN');
    expect(uk.businessNumber.placeholder.defaultMessage.split(' ').map((g) => g.length)).toEqual([2, 3, 3]);
    expect(uk.states).toEqual([]);
    expect(uk.countries.map((c) => [c.key, c.name.defaultMessage])).toEqual([['UK', 'United Kingdom']]);
    expect([uk.phonePrefix, uk.locale]).toEqual(['+44', 'en-GB']);
  });

  it('region ids are keyed by region code', () => {
    for (const region of [au, uk]) {
      expect(region.businessNumber.label.id).toBe(`region.${region.key}.businessNumber.label`);
      expect(region.businessNumber.placeholder.id).toBe(`region.${region.key}.businessNumber.placeholder`);
      for (const s of region.states) expect(s.name.id).toBe(`region.${region.key}.state.${s.key}`);
      for (const c of region.countries) expect(c.name.id).toBe(`region.${region.key}.country.${c.key}`);
    }
  });

  it('AU is the fallback', () => {
    expect(regionFor('UK').key).toBe('uk');
    expect(regionFor('nz').key).toBe('au');
    expect(regionFor(undefined).key).toBe('au');
  });
});
