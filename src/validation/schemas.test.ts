import { describe, expect, it } from 'vitest';
import type { PracticeRegistration } from '#machines/domain';
import { validationErrorMap } from './format';
import {
  inviteCodeSchema,
  pinSchema,
  practiceFields,
  practiceInitialValues,
  practiceSchema,
  profileInitialValues,
  profileSchema,
  registrationSchema,
} from './schemas';

const validProfile = {
  firstName: 'Sam',
  lastName: 'Vet',
  email: 'sam@example.com',
  phone: '0412 345 678',
  dateOfBirth: '1990-05-17',
  privacy: true,
};

const auPractice = {
  practice: {
    businessName: 'Happy Paws Pty Ltd',
    businessNumber: '12 345 678 901',
    name: 'Happy Paws',
    veterinaryType: 1,
    email: 'hello@happypaws.example',
    phone: '(02) 9999 9999',
    address: { address1: '1 Main Street', city: 'Sydney', postcode: '2000', state: 'NSW', country: 'AU' },
  },
  terms: true,
};

const ukPractice = {
  practice: {
    businessName: 'Hedgehog Vets Ltd',
    businessNumber: 'SC123456',
    name: 'Hedgehog Vets',
    veterinaryType: 3,
    email: 'hello@hedgehog.example',
    phone: '020 7946 0958',
    address: {
      address1: '10 Downing Street',
      city: 'London',
      postcode: 'SW1A 2AA',
      state: '',
      country: 'UK',
    },
  },
  terms: true,
};

const registration = (overrides: Partial<PracticeRegistration> = {}): PracticeRegistration => ({
  environment: 'au',
  practice: {
    ...auPractice.practice,
    veterinaryType: 1,
    devices: [{ deviceKey: 'd1', name: 'Hub', type: 'hub' }],
  },
  profile: {
    firstName: 'Sam',
    lastName: 'Vet',
    email: 'sam@example.com',
    phone: '0412345678',
    dateOfBirth: '1990-05-17',
  },
  options: { registeredFromDirectoryPracticeKey: null },
  terms: true,
  locale: 'en-AU',
  ...overrides,
});

describe('profileSchema (spec §5 Profile)', () => {
  it('requires firstName, lastName, phone, dateOfBirth and the privacy box; email is not required', async () => {
    expect(await validationErrorMap(profileSchema(), profileInitialValues())).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      phone: ['Phone is required'],
      dateOfBirth: ['Date of birth is required'],
      privacy: ['You must agree to the privacy policy in order to continue.'],
    });
  });

  it('accepts a complete profile', async () => {
    expect(await validationErrorMap(profileSchema(), validProfile)).toEqual({});
  });

  it('checks the phone and date formats', async () => {
    expect(
      await validationErrorMap(profileSchema(), { ...validProfile, phone: '123', dateOfBirth: '17/05/1990' }),
    ).toEqual({
      phone: ['Phone must be a valid AU or UK phone number'],
      dateOfBirth: ['Date of birth must be a valid date'],
    });
  });
});

describe('practiceSchema (spec §5 Practice)', () => {
  it('AU: every field required, state included, terms message', async () => {
    expect(await validationErrorMap(practiceSchema('au'), practiceInitialValues('au'))).toEqual({
      'practice.businessName': ['Business name is required'],
      'practice.businessNumber': ['ABN is required'],
      'practice.name': ['Practice name is required'],
      'practice.email': ['Email is required'],
      'practice.phone': ['Phone is required'],
      'practice.address.address1': ['Address is required'],
      'practice.address.city': ['City is required'],
      'practice.address.postcode': ['Postcode is required'],
      'practice.address.state': ['State is required'],
      terms: ['You must agree to the Terms & Conditions in order to continue.'],
    });
  });

  it('initial values: veterinary type 1 and the region country', () => {
    expect(practiceInitialValues('au').practice.veterinaryType).toBe(1);
    expect(practiceInitialValues('au').practice.address.country).toBe('AU');
    expect(practiceInitialValues('uk').practice.address.country).toBe('UK');
  });

  it('UK: no state field, CRN label', async () => {
    const errors = await validationErrorMap(practiceSchema('uk'), practiceInitialValues('uk'));
    expect(errors['practice.address.state']).toBeUndefined();
    expect(errors['practice.businessNumber']).toEqual(['CRN is required']);
    expect(practiceFields('uk').map((f) => f.name)).not.toContain('practice.address.state');
  });

  it('accepts valid practices of each region', async () => {
    expect(await validationErrorMap(practiceSchema('au'), auPractice)).toEqual({});
    expect(await validationErrorMap(practiceSchema('uk'), ukPractice)).toEqual({});
  });

  it.each([
    'practice.businessName',
    'practice.name',
    'practice.email',
    'practice.address.address1',
    'practice.address.city',
  ])('%s has length 3-50', async (path) => {
    const set = (value: string) => {
      const copy = structuredClone(auPractice) as Record<string, unknown>;
      const segments = path.split('.');
      let node = copy;
      for (const s of segments.slice(0, -1)) node = node[s] as Record<string, unknown>;
      node[segments[segments.length - 1] as string] = value;
      return copy;
    };
    const field = practiceFields('au').find((f) => f.name === path);
    const name = field?.label?.defaultMessage;
    const short = await validationErrorMap(practiceSchema('au'), set('ab'));
    expect(short[path]).toContain(`${name} must be at least 3 characters`);
    const long = await validationErrorMap(practiceSchema('au'), set(`${'a'.repeat(45)}@x.com`));
    expect(long[path]).toContain(`${name} must be 50 characters or less`);
  });

  it('region rules: AU phone area codes, ABN, postcode, states', async () => {
    const bad = structuredClone(auPractice);
    bad.practice.phone = '(05) 9999 9999';
    bad.practice.businessNumber = 'SC123456';
    bad.practice.address.postcode = 'SW1A 2AA';
    bad.practice.address.state = 'XX';
    bad.practice.address.country = 'UK';
    bad.practice.veterinaryType = 4;
    expect(await validationErrorMap(practiceSchema('au'), bad)).toEqual({
      'practice.phone': ['Phone must be a valid AU phone number'],
      'practice.businessNumber': ['ABN must be 11 digits'],
      'practice.address.postcode': ['Postcode must be 4 digits'],
      'practice.address.state': ['State is invalid'],
      'practice.address.country': ['Country is invalid'],
      'practice.veterinaryType': ['Veterinary type is invalid'],
    });
  });

  it('veterinary type accepts the select value as text', async () => {
    const form = structuredClone(auPractice) as unknown as { practice: { veterinaryType: unknown } };
    form.practice.veterinaryType = '2';
    expect(await validationErrorMap(practiceSchema('au'), form)).toEqual({});
    expect(practiceSchema('au').cast(form).practice.veterinaryType).toBe(2);
  });
});

describe('registrationSchema (the whole PracticeRegistration payload, for the server)', () => {
  it('accepts a valid AU and UK payload in strict mode', async () => {
    expect(await validationErrorMap(registrationSchema, registration(), { strict: true })).toEqual({});
    const uk = registration({
      environment: 'uk',
      practice: { ...ukPractice.practice, veterinaryType: 3, devices: [] },
      locale: 'en-GB',
    });
    expect(await validationErrorMap(registrationSchema, uk, { strict: true })).toEqual({});
  });

  it('follows the environment for the region rules', async () => {
    const errors = await validationErrorMap(registrationSchema, registration({ environment: 'uk' }), {
      strict: true,
    });
    expect(errors['practice.businessNumber']).toEqual([
      'CRN must be either 8 digits, or 2 letters followed by 6 digits',
    ]);
    expect(errors['practice.address.postcode']).toEqual(['Invalid UK postcode']);
  });

  it('reports payload paths, wrong types and a missing profile', async () => {
    const payload = {
      ...registration(),
      environment: 'nz',
      terms: 'yes',
      practice: { ...registration().practice, veterinaryType: '1', devices: 'none' },
      profile: null,
    };
    expect(await validationErrorMap(registrationSchema, payload, { strict: true })).toEqual({
      environment: ['Region is invalid'],
      terms: ['You must agree to the Terms & Conditions in order to continue.'],
      'practice.veterinaryType': ['Veterinary type is invalid'],
      'practice.devices': ['Field is invalid'],
      profile: ['Field is invalid'],
    });
  });

  it('keys naming Object.prototype members fail validation instead of crashing yup', async () => {
    const body = JSON.parse(
      '{"__proto__":{"x":1},"constructor":1,"valueOf":"x","practice":{"toString":2,"devices":[{"hasOwnProperty":1}]}}',
    );
    for (const strict of [true, false]) {
      const errors = await validationErrorMap(registrationSchema, body, { strict });
      expect(errors.environment).toEqual(['Region is required']);
    }
    expect(await validationErrorMap(practiceSchema('au'), { valueOf: 1 })).toHaveProperty('terms');
  });

  it('refuses a body that is not an object', async () => {
    const nullDevices = { ...registration(), practice: { ...registration().practice, devices: null } };
    expect(await validationErrorMap(registrationSchema, nullDevices, { strict: true })).toEqual({
      'practice.devices': ['Field is invalid'],
    });
    for (const body of [null, 'x', 42, []]) {
      expect(await validationErrorMap(registrationSchema, body, { strict: true })).toEqual({
        '': ['Field is invalid'],
      });
    }
  });

  it('formats the server messages in en-GB too', async () => {
    const errors = await validationErrorMap(
      registrationSchema,
      { ...registration(), terms: false },
      { strict: true, locale: 'en-GB' },
    );
    expect(errors).toEqual({ terms: ['You must agree to the Terms & Conditions in order to continue.'] });
  });
});

describe('pinSchema and inviteCodeSchema', () => {
  it.each([
    ['1234', {}],
    ['', { pin: ['Code is required'] }],
    ['123', { pin: ['Code must be 4 characters'] }],
    ['12345', { pin: ['Code must be 4 characters'] }],
    ['12a4', { pin: ['Code is invalid'] }],
  ])('pin %j', async (pin, expected) => {
    expect(await validationErrorMap(pinSchema, { pin })).toEqual(expected);
  });

  it('invite code is required and uppercased', async () => {
    expect(await validationErrorMap(inviteCodeSchema, { inviteCode: '' })).toEqual({
      inviteCode: ['Invite code is required'],
    });
    expect(inviteCodeSchema.cast({ inviteCode: ' joinau01 ' })).toEqual({ inviteCode: 'JOINAU01' });
    expect(await validationErrorMap(inviteCodeSchema, { inviteCode: 'joinau01' })).toEqual({});
  });
});
