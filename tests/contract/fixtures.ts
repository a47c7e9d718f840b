import type { PracticeRegistration, RegionKey } from '#machines/domain';

/** Valid request bodies for the contract tests (each test changes what it needs). */

let counter = 0;

/** A distinct valid business number per call (AU: 11 digits; UK: 8 digits). */
export function businessNumber(region: RegionKey): string {
  counter += 1;
  const digits = `${Date.now()}${counter}`.slice(-8).padStart(8, '0');
  return region === 'au' ? `51 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}9` : digits;
}

export function registration(region: RegionKey, email: string): PracticeRegistration {
  const au = region === 'au';
  return {
    environment: region,
    practice: {
      businessName: au ? 'Contract Vets Pty Ltd' : 'Contract Vets Ltd',
      businessNumber: businessNumber(region),
      name: au ? 'Contract Vets Sydney' : 'Contract Vets London',
      veterinaryType: au ? 1 : 2,
      email: 'hello@contractvets.example.com',
      phone: au ? '(02) 9555 1234' : '020 7946 0000',
      address: au
        ? { address1: '1 Test Street', city: 'Sydney', postcode: '2000', state: 'NSW', country: 'AU' }
        : { address1: '1 Test Street', city: 'London', postcode: 'NW1 8QP', state: '', country: 'UK' },
      devices: [{ deviceKey: 'dev-hub-1234', name: 'Reception hub', type: 'hub' }],
    },
    profile: {
      firstName: 'Casey',
      lastName: 'Contract',
      email,
      phone: au ? '0412 345 678' : '07700 900123',
      dateOfBirth: '1990-01-31',
    },
    options: { registeredFromDirectoryPracticeKey: null },
    terms: true,
    locale: au ? 'en-AU' : 'en-GB',
  };
}

export const validProfile = (email: string) => ({
  firstName: 'Casey',
  lastName: 'Contract',
  email,
  phone: '0412 345 678',
  dateOfBirth: '1990-01-31',
  verifiedEmail: true,
});

/** Waits until `check` returns a value (polling), or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 5000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
