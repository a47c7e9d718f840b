import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, type SnapshotFrom, waitFor } from 'xstate';
import { onboardingDelays } from './constants';
import type {
  Device,
  DirectoryPractice,
  LoginConnection,
  PracticeRegistration,
  Profile,
  SessionUser,
  UserPractice,
} from './domain';
import {
  createOnboardingMachine,
  type OnboardingInput,
  type OnboardingRoute,
  type OnboardingStep,
  onboardingMachine,
  selectActivation,
  selectCanCompleteProfile,
  selectRestarts,
  selectStep,
  selectSubmitLocked,
  stepTag,
} from './onboarding.machine';
import { emptyDraft, type OnboardingDraft, type PracticeDraft, stripApiPrefix } from './onboarding-draft';
import { type OnboardingStepRow, onboardingStepTable, requireNextStep, stepRow } from './onboarding-steps';

/** The step the profile moves on to (the step table's). */
const afterProfile = stepRow(requireNextStep('profile'));

import { practiceActivationMachine, selectTakingLong } from './practice-activation.machine';
import type { CallFailure, NavigateParams } from './practice-flow';

const user: SessionUser = {
  sub: 'u1',
  email: 'vet@example.com',
  email_verified: true,
  given_name: 'Ada',
  family_name: 'Vet',
  phone_number: '0412345678',
  birthdate: '1990-01-02',
};
const profile: Profile = {
  firstName: 'Ada',
  lastName: 'Vet',
  email: 'vet@example.com',
  phone: '0412345678',
  dateOfBirth: '1990-01-02',
};
const practice: PracticeDraft = {
  environment: 'au',
  terms: true,
  practice: {
    businessName: 'Happy Paws Pty Ltd',
    businessNumber: '51824753556',
    name: 'Happy Paws',
    veterinaryType: 1,
    email: 'admin@happypaws.example',
    phone: '0298765432',
    address: { address1: '1 Main St', city: 'Sydney', postcode: '2000', state: 'NSW', country: 'AU' },
  },
};
const devices: Device[] = [{ deviceKey: 'd1', name: 'Hub', type: 'hub' }];
const regions: OnboardingInput['regions'] = [
  { key: 'au', locale: 'en-AU' },
  { key: 'uk', locale: 'en-GB' },
];

interface Recorded {
  navigations: NavigateParams[];
  /** Navigations and drops of the pending ones, in order. */
  routing: string[];
  persisted: OnboardingDraft[];
  cleared: number;
  locales: string[];
  redirects: string[];
  calls: Array<{ src: string; input: unknown }>;
}

type Impl<I, O> = (input: I) => Promise<O>;

interface Fakes {
  verifyPin?: Impl<{ pin: string }, void>;
  getSessionUser?: Impl<unknown, SessionUser | null>;
  signUp?: Impl<{ connection: LoginConnection; returnTo: string }, void>;
  signIn?: Impl<{ returnTo: string }, void>;
  loadProfile?: Impl<unknown, { user: SessionUser | null; profile: Profile | null }>;
  createProfile?: Impl<{ profile: Profile }, void>;
  fetchDevices?: Impl<{ pin: string }, Device[]>;
  registerPractice?: Impl<PracticeRegistration, string>;
  fetchUserPractices?: Impl<unknown, UserPractice[]>;
  loadDirectoryPractice?: Impl<{ key: string }, DirectoryPractice>;
  watch?: (send: (e: { type: string; practices?: UserPractice[] }) => void) => void;
}

const never = <T>(): Promise<T> => new Promise<T>(() => {});

/** The thank-you step's wait: the activation child (its own snapshots; the parent's do not change). */
const activationOf = (actor: { getSnapshot(): SnapshotFrom<typeof onboardingMachine> }) => {
  const child = selectActivation(actor.getSnapshot());
  if (!child) throw new Error('no activation child');
  return child;
};

/** The thank-you step's wait (the activation child) is in `state` (of its `waiting` regions). */
const waitingIn = (s: SnapshotFrom<typeof onboardingMachine>, state: object): boolean =>
  selectActivation(s)
    ?.getSnapshot()
    .matches({ waiting: state } as never) ?? false;

function start(
  input: Partial<OnboardingInput> & Pick<OnboardingInput, 'step'>,
  fakes: Fakes = {},
  base: typeof onboardingMachine = onboardingMachine,
) {
  const rec: Recorded = {
    navigations: [],
    routing: [],
    persisted: [],
    cleared: 0,
    locales: [],
    redirects: [],
    calls: [],
  };
  const wrap =
    <I, O>(src: string, impl: Impl<I, O> | undefined) =>
    ({ input }: { input: I }) => {
      rec.calls.push({ src, input });
      return impl ? impl(input) : never<O>();
    };
  const machine = base.provide({
    actors: {
      verifyPin: fromPromise(wrap('verifyPin', fakes.verifyPin)),
      getSessionUser: fromPromise(wrap('getSessionUser', fakes.getSessionUser)),
      signUp: fromPromise(wrap('signUp', fakes.signUp)),
      signIn: fromPromise(wrap('signIn', fakes.signIn)),
      loadProfile: fromPromise(wrap('loadProfile', fakes.loadProfile)),
      createProfile: fromPromise(wrap('createProfile', fakes.createProfile)),
      fetchDevices: fromPromise(wrap('fetchDevices', fakes.fetchDevices)),
      registerPractice: fromPromise(wrap('registerPractice', fakes.registerPractice)),
      loadDirectoryPractice: fromPromise(wrap('loadDirectoryPractice', fakes.loadDirectoryPractice)),
      practiceActivation: practiceActivationMachine.provide({
        actors: {
          fetchUserPractices: fromPromise(wrap('fetchUserPractices', fakes.fetchUserPractices)),
          watchUserPractices: fromCallback(({ sendBack }) => {
            fakes.watch?.((e) => sendBack(e as never));
          }),
        },
      }),
    },
    actions: {
      navigate: (_, params) => {
        rec.navigations.push(params);
        rec.routing.push(`navigate ${params.to}`);
      },
      dropPendingNavigations: () => {
        rec.routing.push('drop');
      },
      persistDraft: (_, params) => rec.persisted.push(params.draft),
      clearDraft: () => {
        rec.cleared += 1;
      },
      applyLocale: (_, params) => rec.locales.push(params.locale),
      redirectToEnvironment: (_, params) => rec.redirects.push(params.url),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, {
    input: { draft: emptyDraft(), regions, ...input },
    clock,
  });
  actor.start();
  return { actor, rec, clock };
}

const validation = (fieldErrors: Record<string, string[]>): CallFailure => ({
  status: 400,
  message: null,
  fieldErrors,
});
const callFailure = (status: number, message: string | null, retryAfterSeconds?: number): CallFailure => ({
  status,
  message,
  fieldErrors: {},
  ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
});
const signedOutFailure: CallFailure = { status: 401, message: null, fieldErrors: {} };

describe('onboarding machine', () => {
  it('verifies the pin, stores it, and moves to account creation', async () => {
    const { actor, rec } = start({ step: 'pin' }, { verifyPin: async () => undefined });
    expect(actor.getSnapshot().matches({ pin: 'entering' })).toBe(true);
    actor.send({ type: 'pin.submit', pin: '1234' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('account'));
    expect(rec.calls[0]).toEqual({ src: 'verifyPin', input: { pin: '1234' } });
    expect(rec.persisted.at(-1)?.pin).toBe('1234');
    expect(rec.navigations).toContainEqual({ to: '/onboarding/register-account' });
  });

  it('shows the validation messages of a rejected pin, or the invalid-pin code', async () => {
    const { actor } = start(
      { step: 'pin' },
      { verifyPin: async () => Promise.reject(validation({ hub: ['Unknown hub'], pin: ['Pin expired'] })) },
    );
    actor.send({ type: 'pin.submit', pin: '1234' });
    await waitFor(actor, (s) => s.matches({ pin: 'entering' }));
    expect(actor.getSnapshot().context.error).toEqual({
      code: 'pinRejected',
      messages: ['Unknown hub', 'Pin expired'],
    });

    const other = start({ step: 'pin' }, { verifyPin: async () => Promise.reject(new Error('boom')) });
    other.actor.send({ type: 'pin.submit', pin: '9999' });
    await waitFor(other.actor, (s) => s.matches({ pin: 'entering' }) && s.context.error !== null);
    expect(other.actor.getSnapshot().context.error).toEqual({ code: 'pinInvalid' });
    expect(other.actor.getSnapshot().context.draft.pin).toBeNull();
  });

  it('skipping the pin clears it and continues to account creation', () => {
    const { actor, rec } = start({ step: 'pin', draft: { ...emptyDraft(), pin: '4321' } });
    actor.send({ type: 'pin.skip' });
    expect(actor.getSnapshot().matches('account')).toBe(true);
    expect(rec.persisted.at(-1)?.pin).toBeNull();
  });

  it('account: signed out shows the chooser, and sign-up starts a redirect back to register-account', async () => {
    const { actor, rec } = start(
      { step: 'account' },
      { getSessionUser: async () => null, signUp: () => never() },
    );
    await waitFor(actor, (s) => s.matches({ account: 'choosing' }));
    actor.send({ type: 'account.create', connection: 'google-oauth2' });
    expect(actor.getSnapshot().matches({ account: 'signingUp' })).toBe(true);
    expect(rec.calls.at(-1)).toEqual({
      src: 'signUp',
      input: { connection: 'google-oauth2', returnTo: '/onboarding/register-account' },
    });
  });

  it('account: a failed sign-up returns to the chooser with a code', async () => {
    const { actor } = start(
      { step: 'account' },
      { getSessionUser: async () => null, signUp: async () => Promise.reject(new Error('x')) },
    );
    await waitFor(actor, (s) => s.matches({ account: 'choosing' }));
    actor.send({ type: 'account.create', connection: null });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ code: 'signUpFailed' });
  });

  it('account: an unverified email goes to the unverified-email page returning here', async () => {
    const { actor, rec } = start(
      { step: 'account' },
      { getSessionUser: async () => ({ ...user, email_verified: false }) },
    );
    await waitFor(actor, (s) => s.matches('verifyingEmail'));
    expect(rec.navigations).toEqual([
      { to: '/auth/unverified-email', search: { returnTo: '/onboarding/register-account' }, replace: true },
    ]);
  });

  it('account: signed in goes to the profile step', async () => {
    const { actor, rec } = start(
      { step: 'account' },
      { getSessionUser: async () => user, loadProfile: () => never() },
    );
    await waitFor(actor, (s) => s.matches({ profile: 'loading' }));
    expect(rec.navigations).toEqual([{ to: '/onboarding/register-profile', replace: true }]);
  });

  it('profile: defaults come from the provider claims; submit creates the profile and goes on', async () => {
    const { actor, rec } = start(
      { step: 'profile' },
      {
        loadProfile: async () => ({ user, profile: null }),
        getSessionUser: async () => user,
        createProfile: async () => undefined,
        fetchDevices: () => never(),
      },
    );
    await waitFor(actor, (s) => s.matches({ profile: 'editing' }));
    expect(actor.getSnapshot().context.draft.profile).toEqual(profile);
    actor.send({ type: 'profile.change', profile: { ...profile, phone: '0400000000' } });
    expect(rec.persisted.at(-1)?.profile?.phone).toBe('0400000000');
    actor.send({ type: 'profile.submit', profile });
    await waitFor(actor, (s) => s.hasTag(stepTag(afterProfile.id)));
    expect(rec.calls.find((c) => c.src === 'createProfile')?.input).toEqual({ profile });
    expect(rec.navigations).toContainEqual({ to: afterProfile.path });
  });

  it('profile: a complete existing profile skips the step', async () => {
    const { actor, rec } = start({ step: 'profile' }, { loadProfile: async () => ({ user, profile }) });
    await waitFor(actor, (s) => s.hasTag(stepTag(afterProfile.id)));
    expect(rec.persisted.at(-1)?.profile).toEqual(profile);
    expect(rec.navigations).toEqual([{ to: afterProfile.path, replace: true }]);
  });

  it('profile: a signed-out user is sent back to register-account', async () => {
    const { actor, rec } = start(
      { step: 'profile' },
      { loadProfile: async () => ({ user: null, profile: null }), getSessionUser: () => never() },
    );
    await waitFor(actor, (s) => s.matches('account'));
    expect(rec.navigations).toEqual([{ to: '/onboarding/register-account', replace: true }]);
  });

  it('profile: server validation errors come back as field errors', async () => {
    const { actor } = start(
      { step: 'profile' },
      {
        loadProfile: async () => ({ user, profile: null }),
        getSessionUser: async () => user,
        createProfile: async () => Promise.reject(validation({ phone: ['Phone is invalid'] })),
      },
    );
    await waitFor(actor, (s) => s.matches({ profile: 'editing' }));
    actor.send({ type: 'profile.submit', profile });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({
      code: 'profileRejected',
      fieldErrors: { phone: ['Phone is invalid'] },
    });
  });

  it('practice: fetches devices only for a 4-digit pin, and registers with them', async () => {
    let payload: PracticeRegistration | null = null;
    const { actor, rec } = start(
      { step: 'practice', draft: { ...emptyDraft(), pin: '1234', profile } },
      {
        fetchDevices: async () => devices,
        getSessionUser: async () => user,
        registerPractice: async (input) => {
          payload = input;
          return 'pk-1';
        },
        fetchUserPractices: () => never(),
      },
    );
    await waitFor(actor, (s) => s.matches({ practice: { filling: 'editing' } }));
    expect(rec.calls.filter((c) => c.src === 'fetchDevices')).toEqual([
      { src: 'fetchDevices', input: { pin: '1234' } },
    ]);
    actor.send({ type: 'practice.submit', practice });
    actor.send({ type: 'practice.submit', practice });
    await waitFor(actor, (s) => s.matches('thankYou'));
    expect(rec.calls.filter((c) => c.src === 'registerPractice')).toHaveLength(1);
    expect(payload).toEqual({
      environment: 'au',
      practice: { ...practice.practice, devices },
      profile,
      options: { registeredFromDirectoryPracticeKey: null },
      terms: true,
      locale: 'en-AU',
    });
    expect(rec.cleared).toBe(1);
    expect(actor.getSnapshot().context.draft).toEqual(emptyDraft());
    expect(rec.navigations.at(-1)).toEqual({ to: '/onboarding/thank-you', search: { practiceKey: 'pk-1' } });

    const noPin = start({ step: 'practice', draft: { ...emptyDraft(), pin: '12' } });
    expect(noPin.actor.getSnapshot().matches({ practice: { filling: 'editing' } })).toBe(true);
    expect(noPin.rec.calls.filter((c) => c.src === 'fetchDevices')).toHaveLength(0);
  });

  it('practice: fetch-devices answering 429 is pinLimited-like (devicesLimited with the hint); other failures are devicesUnavailable', async () => {
    const limited = start(
      { step: 'practice', draft: { ...emptyDraft(), pin: '1234', profile } },
      {
        fetchDevices: async () => {
          throw callFailure(429, 'Too many attempts', 30);
        },
      },
    );
    await waitFor(limited.actor, (s) => s.matches({ practice: { filling: 'editing' } }));
    expect(limited.actor.getSnapshot().context.error).toEqual({
      code: 'devicesLimited',
      retryAfterSeconds: 30,
    });
    expect(limited.actor.getSnapshot().context.devices).toEqual([]);

    const noHint = start(
      { step: 'practice', draft: { ...emptyDraft(), pin: '1234', profile } },
      {
        fetchDevices: async () => {
          throw callFailure(429, null);
        },
      },
    );
    await waitFor(noHint.actor, (s) => s.matches({ practice: { filling: 'editing' } }));
    expect(noHint.actor.getSnapshot().context.error).toEqual({
      code: 'devicesLimited',
      retryAfterSeconds: null,
    });

    const failed = start(
      { step: 'practice', draft: { ...emptyDraft(), pin: '1234', profile } },
      {
        fetchDevices: async () => {
          throw callFailure(500, null);
        },
      },
    );
    await waitFor(failed.actor, (s) => s.matches({ practice: { filling: 'editing' } }));
    expect(failed.actor.getSnapshot().context.error).toEqual({ code: 'devicesUnavailable' });
  });

  it('practice: without a profile registration it refuses (the noProfile state) and keeps the draft', () => {
    const { actor, rec } = start({ step: 'practice' });
    actor.send({ type: 'practice.submit', practice });
    expect(actor.getSnapshot().matches({ practice: { filling: { editing: 'noProfile' } } })).toBe(true);
    expect(actor.getSnapshot().hasTag('noProfile')).toBe(true);
    expect(rec.persisted.at(-1)?.practice).toEqual(practice);
  });

  it('practice: "Complete your profile" goes to step 2, which comes back with the profile and the practice draft (decision 044)', async () => {
    // Signed in, with a complete profile on the server: step 2 loads it and skips straight back.
    const { actor, rec } = start(
      { step: 'practice' },
      {
        loadProfile: async () => ({ user, profile }),
        getSessionUser: async () => user,
        registerPractice: async () => 'pk-1',
      },
    );
    // Offered as the way on from the refusal only.
    expect(selectCanCompleteProfile(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'practice.completeProfile' });
    expect(actor.getSnapshot().matches({ practice: { filling: 'editing' } })).toBe(true);
    actor.send({ type: 'practice.submit', practice });
    expect(actor.getSnapshot().hasTag('noProfile')).toBe(true);
    expect(selectCanCompleteProfile(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'practice.completeProfile' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().hasTag('noProfile')).toBe(false);
    expect(rec.navigations.at(-1)).toEqual({ to: '/onboarding/register-profile' });
    await waitFor(actor, (s) => s.matches({ practice: { filling: 'editing' } }));
    expect(rec.navigations.at(-1)).toEqual({ to: '/onboarding/register-practice', replace: true });
    expect(actor.getSnapshot().context.draft.profile).toEqual(profile);
    expect(actor.getSnapshot().context.draft.practice).toEqual(practice);
    // Back with the profile: nothing refused, the event does nothing; the submit now registers.
    actor.send({ type: 'practice.completeProfile' });
    expect(actor.getSnapshot().matches({ practice: { filling: 'editing' } })).toBe(true);
    actor.send({ type: 'practice.submit', practice });
    await waitFor(actor, (s) => s.matches('thankYou'));

    // Signed out: step 2 sends the visitor to step 1 (create an account or sign in).
    const signedOut = start(
      { step: 'practice' },
      { loadProfile: async () => ({ user: null, profile: null }) },
    );
    signedOut.actor.send({ type: 'practice.submit', practice });
    signedOut.actor.send({ type: 'practice.completeProfile' });
    await waitFor(signedOut.actor, (s) => s.matches('account'));
    expect(signedOut.rec.navigations.at(-1)).toEqual({ to: '/onboarding/register-account', replace: true });
    expect(signedOut.rec.persisted.at(-1)?.practice).toEqual(practice);
  });

  describe('with a step inserted between profile and practice (a table with an extra row)', () => {
    // The extra row and its state exist only here: the production table is not touched.
    const inserted = 'interests' as OnboardingStep;
    const table = onboardingStepTable.flatMap((row): OnboardingStepRow[] => {
      if (row.id === 'profile') return [{ ...row, next: inserted }];
      if (row.id === 'practice') return [{ ...row, previous: inserted, progress: 4 }];
      if (row.id !== 'thankYou') return [row];
      return [
        {
          ...row,
          id: inserted,
          path: '/onboarding/interests',
          titleId: 'title.segment.interests',
          progress: 3,
          next: 'practice',
          previous: 'profile',
          stores: [],
          prerender: false,
        },
        row,
      ];
    });
    const machine = createOnboardingMachine(table, { [inserted]: { tags: [`step:${inserted}`] } });
    const fakes: Fakes = {
      getSessionUser: async () => user,
      createProfile: async () => undefined,
    };

    it("the profile step moves on to the inserted step (the table is the machine's)", async () => {
      const { actor, rec } = start(
        { step: 'profile' },
        { ...fakes, loadProfile: async () => ({ user, profile }) },
        machine,
      );
      await waitFor(actor, (s) => s.matches(inserted as never));
      expect(rec.navigations.at(-1)).toEqual({ to: '/onboarding/interests', replace: true });
    });

    it('"Complete your profile" from the practice form returns to the practice form, the profile complete on the server (decision 044)', async () => {
      const { actor, rec } = start(
        { step: 'practice' },
        { ...fakes, loadProfile: async () => ({ user, profile }) },
        machine,
      );
      actor.send({ type: 'practice.submit', practice });
      actor.send({ type: 'practice.completeProfile' });
      expect(actor.getSnapshot().matches('profile')).toBe(true);
      await waitFor(actor, (s) => s.matches({ practice: { filling: 'editing' } }));
      expect(rec.navigations.at(-1)).toEqual({ to: '/onboarding/register-practice', replace: true });
      expect(actor.getSnapshot().context.returnTo).toBeNull();
      expect(actor.getSnapshot().context.draft.practice).toEqual(practice);
    });

    it('"Complete your profile" returns to the practice form once the profile form is saved', async () => {
      const { actor, rec } = start(
        { step: 'practice' },
        { ...fakes, loadProfile: async () => ({ user, profile: null }) },
        machine,
      );
      actor.send({ type: 'practice.submit', practice });
      actor.send({ type: 'practice.completeProfile' });
      await waitFor(actor, (s) => s.matches({ profile: 'editing' }));
      actor.send({ type: 'profile.submit', profile });
      await waitFor(actor, (s) => s.matches({ practice: { filling: 'editing' } }));
      expect(rec.navigations.at(-1)).toEqual({ to: '/onboarding/register-practice' });
      expect(rec.calls.map((c) => c.src)).toContain('createProfile');
      // The marker is spent: the profile step, opened afresh, moves on to the inserted step again.
      expect(actor.getSnapshot().context.returnTo).toBeNull();
    });
  });

  it('a row with fields gets its state from the table: kept in the draft as typed, on once all are filled', async () => {
    const inserted = 'interests' as OnboardingStep;
    const table = onboardingStepTable.flatMap((row): OnboardingStepRow[] => {
      if (row.id === 'profile') return [{ ...row, next: inserted }];
      if (row.id === 'practice') return [{ ...row, previous: inserted }];
      if (row.id !== 'thankYou') return [row];
      const interests: OnboardingStepRow = {
        ...row,
        id: inserted,
        path: '/onboarding/interests',
        titleId: 'title.segment.interests',
        progress: 3,
        next: 'practice',
        previous: 'profile',
        stores: [],
        fields: ['area', 'detail'],
      };
      return [interests, row];
    });
    const { actor, rec } = start({ step: inserted }, {}, createOnboardingMachine(table));
    expect(actor.getSnapshot().hasTag(`step:${inserted}` as never)).toBe(true);
    actor.send({ type: 'fields.change', values: { area: 'Dentistry' } });
    expect(rec.persisted.at(-1)?.fields).toEqual({ [inserted]: { area: 'Dentistry' } });
    // A field left empty (or blank): the step stays.
    actor.send({ type: 'fields.submit', values: { area: 'Dentistry', detail: ' ' } });
    expect(actor.getSnapshot().matches(inserted as never)).toBe(true);
    expect(rec.navigations).toEqual([]);
    actor.send({ type: 'fields.submit', values: { area: 'Dentistry', detail: 'Teeth' } });
    expect(rec.persisted.at(-1)?.fields).toEqual({ [inserted]: { area: 'Dentistry', detail: 'Teeth' } });
    expect(rec.navigations.at(-1)).toEqual({ to: '/onboarding/register-practice' });
    expect(actor.getSnapshot().matches('practice')).toBe(true);
  });

  it('practice: server failures become codes; the prefix is stripped; the draft is kept', async () => {
    const failures: Array<[unknown, unknown]> = [
      [
        validation({ 'practice.businessNumber': ['ABN must be 11 digits'], terms: ['Terms missing'] }),
        {
          code: 'practiceRejected',
          fieldErrors: { 'practice.businessNumber': ['ABN must be 11 digits'], terms: ['Terms missing'] },
        },
      ],
      [
        callFailure(400, 'Api, Request failed, Practice exists'),
        { code: 'practiceFailed', message: 'Practice exists' },
      ],
      [new TypeError('Failed to fetch'), { code: 'practiceFailed', message: null }],
    ];
    for (const [error, expected] of failures) {
      const { actor, rec } = start(
        { step: 'practice', draft: { ...emptyDraft(), profile } },
        { getSessionUser: async () => user, registerPractice: async () => Promise.reject(error) },
      );
      actor.send({ type: 'practice.submit', practice });
      await waitFor(
        actor,
        (s) => s.matches({ practice: { filling: 'editing' } }) && s.context.error !== null,
      );
      expect(actor.getSnapshot().context.error).toEqual(expected);
      expect(rec.cleared).toBe(0);
      expect(actor.getSnapshot().context.draft.practice).toEqual(practice);
    }
  });

  it('practice: signed out when registering → login redirect back to the form; the draft is kept', async () => {
    const { actor, rec } = start(
      { step: 'practice', draft: { ...emptyDraft(), profile } },
      {
        // Signed in as far as the app knows; the server answers 401 (the session ended there).
        getSessionUser: async () => user,
        registerPractice: async () => Promise.reject(signedOutFailure),
      },
    );
    actor.send({ type: 'practice.submit', practice });
    await waitFor(actor, (s) => s.matches({ practice: 'signingIn' }));
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(rec.calls.filter((c) => c.src === 'signIn')).toEqual([
      { src: 'signIn', input: { returnTo: '/onboarding/register-practice' } },
    ]);
    expect(rec.cleared).toBe(0);
    expect(rec.persisted.at(-1)?.practice).toEqual(practice);

    // The login could not start: back to the form, with the message.
    const failed = start(
      { step: 'practice', draft: { ...emptyDraft(), profile } },
      {
        getSessionUser: async () => user,
        registerPractice: async () => Promise.reject(signedOutFailure),
        signIn: async () => Promise.reject(new Error('no redirect')),
      },
    );
    failed.actor.send({ type: 'practice.submit', practice });
    await waitFor(
      failed.actor,
      (s) => s.matches({ practice: { filling: 'editing' } }) && s.context.error !== null,
    );
    expect(failed.actor.getSnapshot().context.error).toEqual({ code: 'signInFailed' });
    expect(failed.actor.getSnapshot().context.draft.practice).toEqual(practice);
  });

  it('practice and profile: a signed-out user never reaches the authenticated call (decision 160)', async () => {
    // Registering: the machine confirms the session first; signed out → the login redirect.
    const practiceStep = start(
      { step: 'practice', draft: { ...emptyDraft(), profile } },
      { getSessionUser: async () => null, registerPractice: async () => 'pk-1' },
    );
    practiceStep.actor.send({ type: 'practice.submit', practice });
    expect(practiceStep.actor.getSnapshot().matches({ practice: 'confirmingSession' })).toBe(true);
    expect(practiceStep.actor.getSnapshot().hasTag('submitting')).toBe(true);
    await waitFor(practiceStep.actor, (s) => s.matches({ practice: 'signingIn' }));
    expect(practiceStep.rec.calls.filter((c) => c.src === 'registerPractice')).toEqual([]);
    expect(practiceStep.rec.calls.filter((c) => c.src === 'signIn')).toEqual([
      { src: 'signIn', input: { returnTo: '/onboarding/register-practice' } },
    ]);
    expect(practiceStep.rec.persisted.at(-1)?.practice).toEqual(practice);

    // The session cannot be read: the call goes ahead and answers for itself.
    const unreadable = start(
      { step: 'practice', draft: { ...emptyDraft(), profile } },
      {
        getSessionUser: async () => Promise.reject(new Error('no session')),
        registerPractice: () => never(),
      },
    );
    unreadable.actor.send({ type: 'practice.submit', practice });
    await waitFor(unreadable.actor, (s) => s.matches({ practice: 'submitting' }));

    // Saving the profile: signed out meanwhile → the account step, nothing saved.
    let sessions = 0;
    const profileStep = start(
      { step: 'profile' },
      {
        loadProfile: async () => ({ user, profile: null }),
        // The account step checks again (never answers here).
        getSessionUser: async () => (sessions++ === 0 ? null : never()),
        createProfile: async () => undefined,
      },
    );
    await waitFor(profileStep.actor, (s) => s.matches({ profile: 'editing' }));
    profileStep.actor.send({ type: 'profile.submit', profile });
    expect(profileStep.actor.getSnapshot().hasTag('profileForm')).toBe(true);
    await waitFor(profileStep.actor, (s) => s.matches('account'));
    expect(profileStep.rec.calls.filter((c) => c.src === 'createProfile')).toEqual([]);
    expect(profileStep.rec.navigations.at(-1)).toEqual({ to: '/onboarding/register-account', replace: true });
    expect(profileStep.rec.persisted.at(-1)?.profile).toEqual(profile);
  });

  it('practice: its submit stays locked while registering and once the thank-you step took over (decision 160)', async () => {
    const { actor } = start(
      { step: 'practice', draft: { ...emptyDraft(), profile } },
      {
        getSessionUser: async () => user,
        registerPractice: async () => 'pk-1',
        fetchUserPractices: () => never(),
      },
    );
    const locked = selectSubmitLocked('practice');
    expect(locked(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'practice.submit', practice });
    expect(locked(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('thankYou'));
    expect(locked(actor.getSnapshot())).toBe(true);
    // Another step's lock is not the practice step's.
    expect(selectSubmitLocked('profile')(actor.getSnapshot())).toBe(false);
  });

  it('practice: choosing a region resets region-specific fields and applies its locale', () => {
    const { actor, rec } = start({ step: 'practice', draft: { ...emptyDraft(), practice } });
    expect(rec.locales).toEqual(['en-AU']);
    actor.send({ type: 'region.select', region: 'uk' });
    const draft = actor.getSnapshot().context.draft.practice;
    expect(draft?.environment).toBe('uk');
    expect(draft?.practice.address).toEqual({
      address1: '1 Main St',
      city: 'Sydney',
      postcode: '',
      state: '',
      country: 'UK',
    });
    expect(draft?.practice.businessNumber).toBe('');
    expect(rec.locales).toEqual(['en-AU', 'en-GB']);
  });

  it('thank-you: redirects when the practice is pushed over the real-time connection', async () => {
    let push: ((e: { type: string; practices?: UserPractice[] }) => void) | null = null;
    const { actor, rec } = start(
      { step: 'thankYou', practiceKey: 'pk-1' },
      { fetchUserPractices: async () => [], watch: (send) => (push = send) },
    );
    await waitFor(activationOf(actor), (s) => s.matches({ waiting: { updates: { polling: 'resting' } } }));
    push!({ type: 'realtime.connected' });
    expect(waitingIn(actor.getSnapshot(), { updates: 'pushed' })).toBe(true);
    push!({ type: 'practices.update', practices: [] });
    expect(actor.getSnapshot().matches('thankYou')).toBe(true);
    push!({
      type: 'practices.update',
      practices: [
        { practiceKey: 'pk-1', practiceName: 'P', environment: 'au', environmentUrl: 'http://au.test' },
      ],
    });
    expect(actor.getSnapshot().status).toBe('done');
    expect(rec.redirects).toEqual(['http://au.test']);
  });

  it('thank-you: polls calmly while the connection is down and says when it takes long', async () => {
    let polls = 0;
    const { actor, rec, clock } = start(
      { step: 'thankYou', practiceKey: 'pk-1' },
      {
        fetchUserPractices: async () => {
          polls += 1;
          return polls < 3
            ? []
            : [
                {
                  practiceKey: 'pk-1',
                  practiceName: 'P',
                  environment: 'uk',
                  environmentUrl: 'http://uk.test',
                },
              ];
        },
      },
    );
    await waitFor(activationOf(actor), (s) => s.matches({ waiting: { updates: { polling: 'resting' } } }));
    expect(polls).toBe(1);
    clock.increment(onboardingDelays.activationPoll - 1);
    expect(polls).toBe(1);
    clock.increment(1);
    await waitFor(activationOf(actor), (s) => s.matches({ waiting: { updates: { polling: 'resting' } } }));
    expect(polls).toBe(2);
    clock.increment(onboardingDelays.activationTakingLong);
    expect(waitingIn(actor.getSnapshot(), { activation: 'takingLong' })).toBe(true);
    expect(selectTakingLong(selectActivation(actor.getSnapshot())?.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(rec.redirects).toEqual(['http://uk.test']);
  });

  it('thank-you without a practice key leaves for switch-practice', () => {
    const { actor, rec } = start({ step: 'thankYou' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(rec.navigations).toEqual([{ to: '/switch-practice', replace: true }]);
  });

  it('directory practice: prefills the registration and goes to register-account', async () => {
    const directory: DirectoryPractice = {
      key: 'dir-1',
      name: 'Riverside Vets',
      email: 'hello@riverside.example',
      practiceKey: null,
      address: { address1: '2 River Rd', city: 'London', state: '', postcode: 'SW1A 1AA', country: 'UK' },
    };
    const { actor, rec } = start(
      { step: 'directoryPractice', directoryPracticeKey: 'dir-1' },
      { loadDirectoryPractice: async () => directory, getSessionUser: () => never() },
    );
    await waitFor(actor, (s) => s.matches('account'));
    expect(rec.calls[0]).toEqual({ src: 'loadDirectoryPractice', input: { key: 'dir-1' } });
    const draft = rec.persisted.at(-1);
    expect(draft?.options).toEqual({ registeredFromDirectoryPracticeKey: 'dir-1' });
    expect(draft?.practice?.environment).toBe('uk');
    expect(draft?.practice?.practice).toMatchObject({
      name: 'Riverside Vets',
      businessName: 'Riverside Vets',
      email: 'hello@riverside.example',
      address: { address1: '2 River Rd', city: 'London', postcode: 'SW1A 1AA', state: '', country: 'UK' },
    });
    expect(rec.navigations).toEqual([{ to: '/onboarding/register-account', replace: true }]);
  });

  it('directory practice: an existing account or a failed load stop with their state', async () => {
    const exists = start(
      { step: 'directoryPractice', directoryPracticeKey: 'dir-2' },
      {
        loadDirectoryPractice: async () => ({
          key: 'dir-2',
          name: 'Taken Vets',
          email: 'a@b.c',
          practiceKey: 'pk-9',
          address: { address1: '', city: '', state: '', postcode: '', country: 'AU' },
        }),
      },
    );
    await waitFor(exists.actor, (s) => s.matches({ directoryPractice: 'accountExists' }));
    expect(exists.actor.getSnapshot().context.directoryPractice?.name).toBe('Taken Vets');
    expect(exists.rec.persisted).toHaveLength(0);

    const failed = start(
      { step: 'directoryPractice', directoryPracticeKey: 'dir-3' },
      { loadDirectoryPractice: async () => Promise.reject(new Error('404')) },
    );
    await waitFor(failed.actor, (s) => s.matches({ directoryPractice: 'failed' }));
  });

  it('strips the Api prefix only at the start', () => {
    expect(stripApiPrefix('Api, Request failed, Bad ABN')).toBe('Bad ABN');
    expect(stripApiPrefix('Bad ABN')).toBe('Bad ABN');
    expect(stripApiPrefix('Api, Request failed, ')).toBeNull();
    expect(stripApiPrefix(undefined)).toBeNull();
  });

  it('every invoke has an error transition', () => {
    const check = (node: typeof onboardingMachine.root) => {
      for (const inv of node.invoke) {
        expect(node.transitions.has(`xstate.error.actor.${inv.id}`), `${node.id} ${inv.id}`).toBe(true);
      }
      for (const child of Object.values(node.states)) check(child);
    };
    check(onboardingMachine.root);
  });

  it('tags every state the screens can see with exactly one step', () => {
    const check = (node: typeof onboardingMachine.root, inherited: string[]) => {
      const steps = [...inherited, ...[...node.tags].filter((t) => t.startsWith('step:'))];
      const leaf = Object.keys(node.states).length === 0 || node.type === 'parallel';
      if (node !== onboardingMachine.root && node.key !== 'resuming' && leaf) {
        expect(steps, node.id).toHaveLength(1);
      }
      expect(steps.length, node.id).toBeLessThanOrEqual(1);
      for (const child of Object.values(node.states)) check(child, steps);
    };
    check(onboardingMachine.root, []);
  });

  it('selectStep reads the step tag (the unverified-email wait is the account step, the redirect the thank-you step)', async () => {
    expect(selectStep(start({ step: 'pin' }).actor.getSnapshot())).toBe('pin');
    expect(selectStep(start({ step: 'practice' }).actor.getSnapshot())).toBe('practice');
    expect(selectStep(start({ step: 'thankYou', practiceKey: 'pk' }).actor.getSnapshot())).toBe('thankYou');
    expect(selectStep(start({ step: 'thankYou' }).actor.getSnapshot())).toBe('thankYou');
    const unverified = start(
      { step: 'account' },
      { getSessionUser: async () => ({ ...user, email_verified: false }) },
    );
    await waitFor(unverified.actor, (s) => s.status === 'done');
    expect(selectStep(unverified.actor.getSnapshot())).toBe('account');
  });

  describe('a new address (route.changed)', () => {
    const route = (step: OnboardingStep, keys: Partial<OnboardingRoute> = {}, stored = emptyDraft()) => ({
      type: 'route.changed' as const,
      step,
      directoryPracticeKey: null,
      practiceKey: null,
      ...keys,
      draft: stored,
    });

    it('of the step the machine is at (its own navigation) changes nothing', () => {
      const { actor, rec } = start({ step: 'practice', draft: { ...emptyDraft(), profile } });
      actor.send({ type: 'practice.change', practice });
      actor.send(route('practice'));
      expect(actor.getSnapshot().matches({ practice: { filling: 'editing' } })).toBe(true);
      expect(selectRestarts(actor.getSnapshot())).toBe(0);
      expect(actor.getSnapshot().context.draft.practice).toEqual(practice);
      expect(rec.locales).toEqual(['en-AU']);
      expect(rec.routing).toEqual([]);
    });

    it('of another step restarts the flow there from the stored draft (Back/Forward, an edited address)', () => {
      const { actor } = start({ step: 'practice', draft: { ...emptyDraft(), profile } });
      actor.send({ type: 'practice.submit', practice: { ...practice, terms: false } });
      const stored: OnboardingDraft = { ...emptyDraft(), pin: '1234' };
      actor.send(route('pin', {}, stored));
      const s = actor.getSnapshot();
      expect(s.matches({ pin: 'entering' })).toBe(true);
      expect(selectStep(s)).toBe('pin');
      expect(selectRestarts(s)).toBe(1);
      expect(s.context).toMatchObject({ startStep: 'pin', draft: stored, error: null, devices: [] });
    });

    it('drops the navigations the flow left behind before the restart navigates (decision 045)', () => {
      const { actor, rec } = start({ step: 'pin' });
      actor.send({ type: 'pin.skip' });
      actor.send(route('thankYou'));
      expect(actor.getSnapshot().status).toBe('done');
      expect(rec.routing).toEqual([
        'navigate /onboarding/register-account',
        'drop',
        'navigate /switch-practice',
      ]);
    });

    it('of the same step naming another practice or directory link restarts too', () => {
      const thankYou = start({ step: 'thankYou', practiceKey: 'pk-1' });
      thankYou.actor.send(route('thankYou', { practiceKey: null }));
      expect(selectRestarts(thankYou.actor.getSnapshot())).toBe(0);
      thankYou.actor.send(route('thankYou', { practiceKey: 'pk-2' }));
      expect(thankYou.actor.getSnapshot().context.practiceKey).toBe('pk-2');
      expect(selectRestarts(thankYou.actor.getSnapshot())).toBe(1);

      const directory = start(
        { step: 'directoryPractice', directoryPracticeKey: 'dir-1' },
        { loadDirectoryPractice: () => never() },
      );
      directory.actor.send(route('directoryPractice', { directoryPracticeKey: 'dir-1' }));
      expect(selectRestarts(directory.actor.getSnapshot())).toBe(0);
      directory.actor.send(route('directoryPractice', { directoryPracticeKey: 'dir-2' }));
      expect(selectRestarts(directory.actor.getSnapshot())).toBe(1);
      expect(
        directory.rec.calls.filter((c) => c.src === 'loadDirectoryPractice').map((c) => c.input),
      ).toEqual([{ key: 'dir-1' }, { key: 'dir-2' }]);
    });
  });
});
