import { describe, expect, it } from 'vitest';
import type { PracticeRegistration, Profile } from '#machines/domain';
import { bodyShape, type Shape, unknownFields, validateBody } from './validation';

/** The shape a complete value has: the test's independent view of the domain types' fields. */
function shapeOfValue(value: Record<string, unknown>): Shape {
  const shape: Shape = {};
  for (const [key, child] of Object.entries(value)) {
    if (Array.isArray(child)) shape[key] = [shapeOfValue(child[0] as Record<string, unknown>)];
    else if (typeof child === 'object' && child !== null) {
      shape[key] = shapeOfValue(child as Record<string, unknown>);
    } else shape[key] = true;
  }
  return shape;
}

const profile: Required<Profile> = {
  firstName: 'Casey',
  lastName: 'Contract',
  email: 'casey@example.test',
  phone: '0412 345 678',
  dateOfBirth: '1990-01-31',
  verifiedEmail: true,
};

const registration = (environment: 'au' | 'uk'): Required<PracticeRegistration> => ({
  environment,
  practice: {
    businessName: 'Contract Vets',
    businessNumber: '51 824 753 556',
    name: 'Contract Vets Sydney',
    veterinaryType: 1,
    email: 'hello@contractvets.example.com',
    phone: '(02) 9555 1234',
    address: { address1: '1 Test Street', city: 'Sydney', postcode: '2000', state: 'NSW', country: 'AU' },
    devices: [{ deviceKey: 'dev-hub-1234', name: 'Reception hub', type: 'hub' }],
  },
  profile,
  options: { registeredFromDirectoryPracticeKey: null },
  terms: true,
  locale: 'en-AU',
});

describe('API body shapes come from the shared schemas', () => {
  it('knows exactly the fields of the domain types (machines/domain.ts), in both regions', () => {
    for (const environment of ['au', 'uk'] as const) {
      const body = registration(environment);
      expect(bodyShape('registration', body)).toEqual(shapeOfValue(body));
    }
    expect(bodyShape('profile')).toEqual(shapeOfValue(profile));
    expect(bodyShape('pin')).toEqual({ pin: true });
    expect(bodyShape('inviteCode')).toEqual({ inviteCode: true });
    expect(bodyShape('invite')).toEqual({ practiceKey: true, email: true });
  });

  it('names unknown fields by their path, inside objects and arrays', () => {
    const body = registration('au') as unknown as {
      practice: { colour?: string; devices: Record<string, unknown>[] };
    };
    body.practice.colour = 'blue';
    body.practice.devices.push({ deviceKey: 'x', serial: 1 });
    expect(unknownFields(body, bodyShape('registration', body))).toEqual([
      'practice.devices[1].serial',
      'practice.colour',
    ]);
  });

  it('reports unknown fields before any rule, and a non-object body as such', async () => {
    expect(await validateBody('profile', { ...profile, firstName: '', admin: true })).toEqual({
      admin: ["'admin' is not a known field."],
    });
    expect(await validateBody('pin', ['1234'])).toEqual({ '': ['The request body must be a JSON object.'] });
    expect(await validateBody('profile', { ...profile, verifiedEmail: 'whatever' })).toEqual({});
  });
});
