import { describe, expect, it } from 'vitest';
import {
  readStoredFields,
  readStoredOptions,
  readStoredPin,
  readStoredPractice,
  readStoredProfile,
} from './stored-draft';

const emptyAddress = { address1: '', city: '', postcode: '', state: '', country: '' };

describe('the stored onboarding draft, read leniently', () => {
  it('keeps a well-formed draft as it is, dropping unknown keys', () => {
    const practice = {
      environment: 'uk',
      terms: true,
      practice: {
        businessName: 'Thames Vets Ltd',
        businessNumber: '09123456',
        name: 'Thames Vets',
        veterinaryType: 2,
        email: 't@v.uk',
        phone: '02079460102',
        address: { address1: '1 Road', city: 'London', postcode: 'SW1A 2AA', state: '', country: 'UK' },
      },
    };
    expect(
      readStoredPractice({ ...practice, extra: 1, practice: { ...practice.practice, devices: [] } }),
    ).toEqual(practice);
    const profile = {
      firstName: 'A',
      lastName: 'L',
      email: 'a@b.c',
      phone: '0412',
      dateOfBirth: '1990-01-02',
    };
    expect(readStoredProfile({ ...profile, admin: true })).toEqual(profile);
    expect(readStoredOptions({ registeredFromDirectoryPracticeKey: 'dir-1' })).toEqual({
      registeredFromDirectoryPracticeKey: 'dir-1',
    });
    expect(readStoredPin('1234')).toBe('1234');
  });

  it('ignores what is malformed, part by part', () => {
    for (const value of [
      null,
      undefined,
      5,
      'x',
      '{"practice":{}}',
      [1, 2],
      { environment: 'uk' },
      { practice: 7 },
    ]) {
      expect(readStoredPractice(value), JSON.stringify(value)).toBeNull();
    }
    expect(
      readStoredPractice({
        environment: 'mars',
        terms: 'true',
        practice: { name: 5, businessName: { toString: 5 }, veterinaryType: '3', address: 'x' },
      }),
    ).toEqual({
      environment: 'au',
      terms: false,
      practice: {
        businessName: '',
        businessNumber: '',
        name: '',
        veterinaryType: 3,
        email: '',
        phone: '',
        address: emptyAddress,
      },
    });
    expect(readStoredPractice({ practice: { veterinaryType: 9 } })?.practice.veterinaryType).toBe(1);
    expect(readStoredProfile([1, 2])).toBeNull();
    expect(readStoredProfile({ firstName: 1 })).toEqual({
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      dateOfBirth: '',
    });
    expect(readStoredOptions({ registeredFromDirectoryPracticeKey: 5 })).toEqual({
      registeredFromDirectoryPracticeKey: null,
    });
    expect(readStoredOptions('x')).toEqual({ registeredFromDirectoryPracticeKey: null });
    for (const pin of ['12ab', 1234, '12345', null]) expect(readStoredPin(pin)).toBeNull();
  });
});

describe("a step's own stored fields (a step table row with fields)", () => {
  it('keeps the named fields that are strings, and nothing else', () => {
    expect(readStoredFields({ area: 'Dentistry', other: 'x', detail: 3 }, ['area', 'detail'])).toEqual({
      area: 'Dentistry',
    });
  });

  it('is null for anything without one of them', () => {
    for (const value of [null, 'area', 42, [], { other: 'x' }, { area: 1 }])
      expect(readStoredFields(value, ['area'])).toBeNull();
  });
});
