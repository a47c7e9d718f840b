/**
 * Test data shared by the practice and invite machine tests (machines/practice-flows.test.ts) and
 * their path specs (tests/model/practice-flow-paths.ts). Pure data; not imported by the app.
 */
import type { ActivePracticeResponse, Invite, SessionUser, UserPractice } from './domain';
import type { CallFailure } from './practice-flow';
import type { UserStateView } from './switch-practice.machine';

export const fixtures = {
  verifiedUser: {
    sub: 'auth0|olivia',
    email: 'olivia.nguyen@example.com',
    email_verified: true,
    name: 'Olivia Nguyen',
    given_name: 'Olivia',
    family_name: 'Nguyen',
  } satisfies SessionUser,
  unverifiedUser: {
    sub: 'auth0|sam',
    email: 'sam.taylor@example.com',
    email_verified: false,
    name: 'Sam Taylor',
  } satisfies SessionUser,
  bondi: {
    practiceKey: 'au-bondi',
    practiceName: 'Bondi Beach Vets',
    environment: 'au',
    environmentUrl: 'http://au.example.test/practice/au-bondi',
  } satisfies UserPractice,
  camden: {
    practiceKey: 'uk-camden',
    practiceName: 'Camden Town Vets',
    environment: 'uk',
    environmentUrl: 'http://uk.example.test/practice/uk-camden',
  } satisfies UserPractice,
  harbourside: {
    practiceKey: 'au-harbourside',
    practiceName: 'Harbourside Veterinary Clinic',
    environment: 'au',
    environmentUrl: 'http://au.example.test/practice/au-harbourside',
  } satisfies UserPractice,
  inviteBondi: { practiceKey: 'au-bondi', practiceName: 'Bondi Beach Vets' } satisfies Invite,
  inviteCamden: { practiceKey: 'uk-camden', practiceName: 'Camden Town Vets' } satisfies Invite,
  active: {
    activePractice: {
      hasActivePractice: true,
      practiceKey: 'au-harbourside',
      environmentUrl: 'http://au.example.test/practice/au-harbourside',
    },
  } satisfies ActivePracticeResponse,
  noActive: {
    activePractice: { hasActivePractice: false, practiceKey: null, environmentUrl: null },
  } satisfies ActivePracticeResponse,
  profile: {
    firstName: 'Noah',
    lastName: 'Brown',
    email: 'noah.brown@example.com',
    phone: '0412 345 678',
    dateOfBirth: '1990-01-31',
  },
};

export const failure = (
  status: number,
  message: string | null = null,
  fieldErrors: Record<string, string[]> = {},
) => ({ status, message, fieldErrors }) satisfies CallFailure;

const loadedState = (overrides: Partial<UserStateView> = {}): UserStateView => ({
  practices: [fixtures.harbourside, fixtures.bondi],
  practicesHasLoaded: true,
  invites: [fixtures.inviteCamden],
  email: { address: fixtures.verifiedUser.email, verified: true },
  ...overrides,
});

export const userStates = {
  loading: loadedState({ practices: [], invites: [], practicesHasLoaded: false }),
  verified: loadedState(),
  unverified: loadedState({ email: { address: fixtures.unverifiedUser.email, verified: false } }),
};
