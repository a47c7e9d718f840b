/**
 * Path spec of the onboarding machine (machines/onboarding.machine.ts): the real machine, one
 * input per route it can start on, and payload variants for every event whose payload a guard or
 * an assign reads. Used by tests/model/onboarding.test.tsx (machine + rendered screens) and the
 * registry (tests/model/registry.ts).
 */
import type { EventObject, SnapshotFrom } from 'xstate';
import type { DirectoryPractice, Profile, SessionUser, UserPractice } from '#machines/domain';
import {
  type OnboardingInput,
  type OnboardingRoute,
  type OnboardingStep,
  onboardingMachine,
  type RouteChangedEvent,
} from '#machines/onboarding.machine';
import {
  areFieldsFilled,
  emptyDraft,
  isProfileComplete,
  type PracticeDraft,
  type StepFieldValues,
} from '#machines/onboarding-draft';
import {
  type OnboardingStepId,
  onboardingStepIds,
  requireNextStep,
  stepRow,
} from '#machines/onboarding-steps';
import type { CallFailure } from '#machines/practice-flow';
import { describeMachine } from '../support/machine-graph';
import { definePathSpec, errorOf, outputOf, type StepExpectations, unchanged } from '../support/paths';

const ev = <T extends EventObject>(event: T): EventObject => event;
const done = (id: string, ...outputs: unknown[]) =>
  outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output }));
const error = (id: string, ...errors: unknown[]) =>
  errors.map((e) => ({ type: `xstate.error.actor.${id}`, error: e }));

export const fixtures = {
  user: {
    sub: 'auth0|ada',
    email: 'ada@example.com',
    email_verified: true,
    given_name: 'Ada',
    family_name: 'Lovelace',
  } satisfies SessionUser,
  profile: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '0412345678',
    dateOfBirth: '1990-01-02',
  } satisfies Profile,
  practice: {
    environment: 'au',
    terms: true,
    practice: {
      businessName: 'Harbour Vets Pty Ltd',
      businessNumber: '51824753556',
      name: 'Harbour Vets',
      veterinaryType: 1,
      email: 'hello@harbour.example.com',
      phone: '0298765432',
      address: { address1: '1 George St', city: 'Sydney', postcode: '2000', state: 'NSW', country: 'AU' },
    },
  } satisfies PracticeDraft,
  directory: (practiceKey: string | null): DirectoryPractice => ({
    key: 'dir-1',
    name: 'Paws & Claws',
    email: 'hi@paws.example.com',
    practiceKey,
    address: { address1: '45 Brunswick St', city: 'Fitzroy', state: 'VIC', postcode: '3065', country: 'AU' },
  }),
  listed: {
    practiceKey: 'pk-1',
    practiceName: 'Harbour Vets',
    environment: 'au',
    environmentUrl: 'http://au.test/practice/pk-1',
  } satisfies UserPractice,
  /** A refused payload: one error on a field of the form, one for under it. */
  validation: {
    status: 400,
    message: null,
    fieldErrors: {
      'practice.address.city': ['City must be at least 3 characters'],
      terms: ['Check the form'],
    },
  } satisfies CallFailure,
  failed: {
    status: 409,
    message: 'Api, Request failed, Practice exists',
    fieldErrors: {},
  } satisfies CallFailure,
  unauthenticated: { status: 401, message: null, fieldErrors: {} } satisfies CallFailure,
  limited: {
    status: 429,
    message: 'Too many attempts',
    fieldErrors: {},
    retryAfterSeconds: 42,
  } satisfies CallFailure,
};

const regions: OnboardingInput['regions'] = [
  { key: 'au', locale: 'en-AU' },
  { key: 'uk', locale: 'en-GB' },
];

const input = (partial: Partial<OnboardingInput> & Pick<OnboardingInput, 'step'>): OnboardingInput => ({
  draft: emptyDraft(),
  regions,
  ...partial,
});

const explicitInputs: OnboardingInput[] = [
  input({ step: 'pin' }),
  input({ step: 'account' }),
  input({ step: 'profile' }),
  input({ step: 'practice', draft: { ...emptyDraft(), pin: '1234', profile: fixtures.profile } }),
  input({ step: 'practice' }),
  input({ step: 'thankYou', practiceKey: 'pk-1' }),
  input({ step: 'thankYou' }),
  input({ step: 'directoryPractice', directoryPracticeKey: 'dir-1' }),
  input({ step: 'directoryPractice' }),
];

/**
 * One input per route the flow can start on: the ones above, and one for every other step of the
 * step table (machines/onboarding-steps.ts), so each step is explored by an input that starts at it.
 */
export const onboardingInputs: OnboardingInput[] = [
  ...explicitInputs,
  ...onboardingStepIds
    .filter((step) => !explicitInputs.some((i) => i.step === step))
    .map((step) => input({ step })),
];

type Snapshot = SnapshotFrom<typeof onboardingMachine>;

/** The own fields of the step a snapshot is at (its row's `fields`), each with `value`. */
const fieldValues = (s: Snapshot, value: string): StepFieldValues =>
  Object.fromEntries((stepRow(topOf(s) as OnboardingStepId).fields ?? []).map((name) => [name, value]));

/** Payload variants per event (unlisted events are sent as `{ type }` / done with no output). */
const variants: Record<string, EventObject[] | ((s: Snapshot) => EventObject[])> = {
  'pin.submit': [ev({ type: 'pin.submit', pin: '1234' })],
  'account.create': [ev({ type: 'account.create', connection: 'google-oauth2' })],
  'profile.change': [ev({ type: 'profile.change', profile: { ...fixtures.profile, phone: '0400000000' } })],
  'profile.submit': [ev({ type: 'profile.submit', profile: fixtures.profile })],
  'practice.change': [ev({ type: 'practice.change', practice: { ...fixtures.practice, terms: false } })],
  'practice.submit': [ev({ type: 'practice.submit', practice: fixtures.practice })],
  // A step of text fields (a table row with `fields`): every field filled, and one left empty.
  'fields.change': (s: Snapshot) => [ev({ type: 'fields.change', values: fieldValues(s, 'typed') })],
  'fields.submit': (s: Snapshot) => [
    ev({ type: 'fields.submit', values: fieldValues(s, 'typed') }),
    ev({ type: 'fields.submit', values: fieldValues(s, '') }),
  ],
  // Only the other region (keeps the space small; both directions are still explored).
  'region.select': (s: Snapshot) => [
    ev({ type: 'region.select', region: s.context.draft.practice?.environment === 'uk' ? 'au' : 'uk' }),
  ],
  'xstate.done.actor.loadDirectoryPractice': done(
    'loadDirectoryPractice',
    fixtures.directory(null),
    fixtures.directory('au-paws'),
  ),
  'xstate.error.actor.verifyPin': error(
    'verifyPin',
    fixtures.validation,
    fixtures.limited,
    new Error('offline'),
  ),
  'xstate.done.actor.getSessionUser': done(
    'getSessionUser',
    null,
    { ...fixtures.user, email_verified: false },
    fixtures.user,
  ),
  'xstate.done.actor.loadProfile': done(
    'loadProfile',
    { user: null, profile: null },
    { user: { ...fixtures.user, email_verified: false }, profile: null },
    { user: fixtures.user, profile: fixtures.profile },
    { user: fixtures.user, profile: null },
  ),
  'xstate.error.actor.loadProfile': error('loadProfile', fixtures.unauthenticated, new Error('500')),
  'xstate.done.actor.confirmSignedIn': done('confirmSignedIn', null, fixtures.user),
  'xstate.error.actor.createProfile': error(
    'createProfile',
    {
      status: 400,
      message: null,
      fieldErrors: { phone: ['Phone is invalid'] },
    } satisfies CallFailure,
    new Error('500'),
    {
      status: 409,
      message: 'A profile already exists for this email',
      fieldErrors: {},
    } satisfies CallFailure,
    { status: 500, message: 'boom', fieldErrors: {} } satisfies CallFailure,
    {
      status: 500,
      message: 'Profiles are closed today',
      fieldErrors: {},
      customError: true,
    } satisfies CallFailure,
  ),
  'xstate.done.actor.fetchDevices': done('fetchDevices', [{ deviceKey: 'd1', name: 'Hub', type: 'hub' }]),
  'xstate.error.actor.fetchDevices': error('fetchDevices', fixtures.limited, new Error('500')),
  'xstate.done.actor.registerPractice': done('registerPractice', 'pk-1'),
  'xstate.error.actor.registerPractice': error(
    'registerPractice',
    fixtures.validation,
    fixtures.failed,
    fixtures.unauthenticated,
  ),
  'route.changed': (s: Snapshot) => routeChangedVariants(s),
  'xstate.done.actor.activation': done('activation', { environmentUrl: fixtures.listed.environmentUrl }),
};

/** The draft in storage when an address restarts the flow. */
const storedDraft = { ...emptyDraft(), pin: '1234', profile: fixtures.profile };

/**
 * Addresses: the machine's own step (what its navigation leads to), another step, and for the
 * steps with a key in the address, the same step with another key.
 */
const routeChangedVariants = (s: Snapshot): EventObject[] => {
  const at = topOf(s) as OnboardingStep;
  const own = {
    step: at,
    directoryPracticeKey: s.context.directoryPracticeKey,
    practiceKey: s.context.practiceKey,
  };
  const route = (r: OnboardingRoute): EventObject =>
    ev({ type: 'route.changed', ...r, draft: storedDraft } satisfies RouteChangedEvent);
  const other: OnboardingRoute = {
    step: at === 'pin' ? 'account' : 'pin',
    directoryPracticeKey: null,
    practiceKey: null,
  };
  // A second step, so a restart retargeted to the first one's step is told apart.
  const another: OnboardingRoute = { ...other, step: at === 'practice' ? 'profile' : 'practice' };
  const variants = [route(own), route(other), route(another)];
  if (at === 'directoryPractice') variants.push(route({ ...own, directoryPracticeKey: 'dir-2' }));
  if (at === 'thankYou') {
    variants.push(route({ ...own, practiceKey: 'pk-2' }), route({ ...own, practiceKey: null }));
  }
  return variants;
};

function defaultVariant(descriptor: string): EventObject[] {
  if (descriptor.startsWith('xstate.done.actor.'))
    return [{ type: descriptor, output: undefined } as EventObject];
  if (descriptor.startsWith('xstate.error.actor.'))
    return [{ type: descriptor, error: new Error('fake') } as EventObject];
  return [{ type: descriptor }];
}

/**
 * Each input explores its own step: once the flow has moved on to the next step (which another
 * input starts at), no further events are offered there. Every step is still entered by the path
 * that moves into it, and fully explored by the input that starts at it; this keeps the traversal
 * to seconds instead of minutes (every downstream step would otherwise be explored once per input).
 */
const owns = (s: Snapshot): boolean => {
  const top = typeof s.value === 'string' ? s.value : Object.keys(s.value)[0];
  // A detour ('Complete your profile') belongs to the step it returns to.
  return top === s.context.startStep || s.context.returnTo === s.context.startStep;
};

const descriptors = new Set(
  describeMachine(onboardingMachine)
    .transitions.map((t) => t.eventType)
    .filter((type) => type !== '' && !type.startsWith('xstate.after.')),
);

const events: Record<string, (s: Snapshot) => EventObject[]> = Object.fromEntries(
  [...descriptors].map((descriptor) => {
    const given = variants[descriptor];
    return [
      descriptor,
      (s: Snapshot) => {
        if (!owns(s)) return [];
        if (given === undefined) return defaultVariant(descriptor);
        return typeof given === 'function' ? given(s) : given;
      },
    ];
  }),
);

/** The machine the paths run on (the thank-you step's wait is its own machine and model). */
export const onboardingPathMachine = onboardingMachine;

const thankYou = 'thankYou';
/** What a failure is, read from the spec's rules (401 = not signed in; field errors = refused; 429 = too many). */
const failureKind = (event: EventObject): 'unauthenticated' | 'validation' | 'limited' | 'failed' => {
  const failure = errorOf<Partial<CallFailure>>(event);
  if (failure.status === 401) return 'unauthenticated';
  if (Object.keys(failure.fieldErrors ?? {}).length > 0) return 'validation';
  return failure.status === 429 ? 'limited' : 'failed';
};

/**
 * The server's words a form shows (spec §8): a refusal's message (below 500, or a 200 answering
 * { isSuccess: false, message }); never a server failure's body, nor a thrown Error's.
 */
const serverWordsOf = (event: EventObject): string | null => {
  const failure = errorOf<Partial<CallFailure>>(event);
  if (!('status' in failure) || typeof failure.message !== 'string') return null;
  return (failure.status ?? 500) < 500 || failure.customError === true ? failure.message : null;
};

/**
 * Spec §2 "Onboarding" (steps PIN → account → profile → practice → thank you; decisions 100 and 044):
 * where each event leads. Routes start at their step; a step that cannot go on goes back to the
 * one that can (signed out → account, no profile → profile).
 */
/** Where the flow starts for a route (a new actor, or a restart at a new address). */
function startsAt(i: Pick<OnboardingInput, 'step' | 'draft' | 'directoryPracticeKey' | 'practiceKey'>) {
  switch (i.step) {
    case 'directoryPractice':
      return i.directoryPracticeKey ? 'directoryPractice.loading' : 'directoryPractice.failed';
    case 'pin':
      return 'pin.entering';
    case 'account':
      return 'account.checkingSession';
    case 'profile':
      return 'profile.loading';
    case 'practice':
      return /^\d{4}$/.test(i.draft.pin ?? '')
        ? 'practice.filling.fetchingDevices'
        : 'practice.filling.editing.form';
    case 'thankYou':
      return i.practiceKey ? thankYou : 'leaving';
    default:
      // A step of the table without rules of its own here starts in its state.
      return i.step;
  }
}

/**
 * Where moving on from `step` lands: the start of the step table's next step
 * (machines/onboarding-steps.ts), with the flow's draft and keys as they are.
 */
const onFrom = (step: OnboardingStep, before: Snapshot) => {
  // A detour ('Complete your profile') returns to the step it came from, and its marker is spent.
  const detour = step === 'profile' ? before.context.returnTo : null;
  const lands = startsAt({
    step: detour ?? requireNextStep(step),
    draft: before.context.draft,
    directoryPracticeKey: before.context.directoryPracticeKey,
    // Registering names the practice the thank-you step waits for.
    practiceKey: before.context.practiceKey ?? 'registered',
  });
  return detour ? { state: lands, context: { returnTo: null } } : lands;
};

/** The step the machine is at (its top state), as the address of that step names it. */
const topOf = (s: Snapshot): string =>
  typeof s.value === 'string' ? s.value : (Object.keys(s.value)[0] ?? '');

const expected: StepExpectations<typeof onboardingPathMachine> = {
  initial: startsAt,
  on: {
    // The address of the step the machine is at (its own navigation) changes nothing; any other
    // address restarts the flow there from the stored draft (decisions 045, 045; as a reload).
    // Per step: every step's screen takes new addresses (a final state takes none).
    'route.changed': Object.fromEntries(
      onboardingStepIds.map((step) => [
        step,
        ({ before, event }: { before: Snapshot; event: EventObject }) => {
          const route = event as RouteChangedEvent;
          const same =
            route.step === step &&
            (step !== 'directoryPractice' ||
              route.directoryPracticeKey === before.context.directoryPracticeKey) &&
            (step !== 'thankYou' ||
              route.practiceKey === null ||
              route.practiceKey === before.context.practiceKey);
          return same ? unchanged : startsAt(route);
        },
      ]),
    ),
    'xstate.done.actor.loadDirectoryPractice': ({ before, event }) =>
      outputOf<DirectoryPractice>(event).practiceKey
        ? 'directoryPractice.accountExists'
        : onFrom('directoryPractice', before),
    'xstate.error.actor.loadDirectoryPractice': 'directoryPractice.failed',
    'pin.skip': ({ before }) => onFrom('pin', before),
    'pin.submit': 'pin.verifying',
    'xstate.done.actor.verifyPin': ({ before }) => onFrom('pin', before),
    'xstate.error.actor.verifyPin': ({ event }) => {
      const kind = failureKind(event);
      const code = kind === 'validation' ? 'pinRejected' : kind === 'limited' ? 'pinLimited' : 'pinInvalid';
      return { state: 'pin.entering', context: { 'error.code': code } };
    },
    'xstate.done.actor.getSessionUser': ({ before, event }) => {
      const user = outputOf<SessionUser | null>(event);
      if (user === null) return 'account.choosing';
      return user.email_verified === false ? 'verifyingEmail' : onFrom('account', before);
    },
    'xstate.error.actor.getSessionUser': 'account.choosing',
    'account.create': 'account.signingUp',
    'xstate.done.actor.signUp': 'account.checkingSession',
    'xstate.error.actor.signUp': 'account.choosing',
    'xstate.done.actor.loadProfile': ({ before, event }) => {
      const { user, profile } = outputOf<{ user: SessionUser | null; profile: Profile | null }>(event);
      if (user === null) return 'account.checkingSession';
      if (user.email_verified === false) return 'verifyingEmail';
      return isProfileComplete(profile) ? onFrom('profile', before) : 'profile.editing';
    },
    'xstate.error.actor.loadProfile': ({ event }) =>
      failureKind(event) === 'unauthenticated' ? 'account.checkingSession' : 'profile.editing',
    'profile.change': unchanged,
    // Saving and registering confirm the session first (decision 160).
    'profile.submit': 'profile.confirmingSession',
    'xstate.done.actor.confirmSignedIn': ({ before, event }) => {
      const signedIn = outputOf<SessionUser | null>(event) !== null;
      if (before.matches('profile')) return signedIn ? 'profile.saving' : 'account.checkingSession';
      return signedIn ? 'practice.submitting' : 'practice.signingIn';
    },
    'xstate.error.actor.confirmSignedIn': ({ before }) =>
      before.matches('profile') ? 'profile.saving' : 'practice.submitting',
    'xstate.done.actor.createProfile': ({ before }) => onFrom('profile', before),
    // A refusal keeps its field errors; any other failure keeps the server's words, if it gave any.
    'xstate.error.actor.createProfile': ({ event }) => ({
      state: 'profile.editing',
      context:
        failureKind(event) === 'validation'
          ? { 'error.code': 'profileRejected' }
          : { 'error.code': 'profileFailed', 'error.message': serverWordsOf(event) },
    }),
    'practice.change': unchanged,
    'region.select': unchanged,
    // A step of text fields moves on once every field is filled (only when the table has one).
    ...(descriptors.has('fields.submit')
      ? {
          'fields.change': unchanged,
          'fields.submit': ({ before, event }: { before: Snapshot; event: EventObject }) => {
            const step = topOf(before) as OnboardingStepId;
            const { values } = event as EventObject & { values: StepFieldValues };
            return areFieldsFilled(stepRow(step).fields ?? [], values) ? onFrom(step, before) : unchanged;
          },
        }
      : {}),
    'xstate.done.actor.fetchDevices': 'practice.filling.editing.form',
    'xstate.error.actor.fetchDevices': ({ event }) => {
      const limited = failureKind(event) === 'limited';
      return {
        state: 'practice.filling.editing.form',
        context: { 'error.code': limited ? 'devicesLimited' : 'devicesUnavailable' },
      };
    },
    'practice.submit': ({ before }) =>
      isProfileComplete(before.context.draft.profile)
        ? 'practice.confirmingSession'
        : 'practice.filling.editing.noProfile',
    // Only the refusal offers the way on (decision 044).
    'practice.completeProfile': ({ before }) =>
      before.matches({ practice: { filling: { editing: 'noProfile' } } })
        ? { state: 'profile.loading', context: { returnTo: 'practice' } }
        : unchanged,
    'xstate.done.actor.registerPractice': ({ before }) => onFrom('practice', before),
    'xstate.error.actor.registerPractice': ({ event }) => {
      const kind = failureKind(event);
      if (kind === 'unauthenticated') return 'practice.signingIn';
      const code = kind === 'validation' ? 'practiceRejected' : 'practiceFailed';
      return { state: 'practice.filling.editing.form', context: { 'error.code': code } };
    },
    'xstate.done.actor.signIn': 'practice.filling.editing.form',
    'xstate.error.actor.signIn': 'practice.filling.editing.form',
    // The wait for the activation (tests/model/practice-activation.model.ts) ends in the redirect;
    // so does its (unexpected) failure, whose empty address the redirect sends to /server-error.
    'xstate.done.actor.activation': 'redirecting',
    'xstate.error.actor.activation': 'redirecting',
  },
};

export const onboardingPathSpec = definePathSpec({
  name: 'onboarding',
  machine: onboardingPathMachine,
  inputs: onboardingInputs,
  events,
  // What tells two snapshots apart (the context's data is otherwise unbounded).
  serializeContext: (s: Snapshot) => ({
    pin: s.context.draft.pin,
    profile: isProfileComplete(s.context.draft.profile),
    phone: s.context.draft.profile?.phone ?? null,
    practice: s.context.draft.practice
      ? { environment: s.context.draft.practice.environment, terms: s.context.draft.practice.terms }
      : null,
    options: s.context.draft.options.registeredFromDirectoryPracticeKey,
    fields: s.context.draft.fields ?? null,
    user: s.context.user?.email_verified ?? null,
    devices: s.context.devices.length,
    directory: s.context.directoryPractice?.practiceKey ?? null,
    practiceKey: s.context.practiceKey,
    environmentUrl: s.context.environmentUrl,
    error: s.context.error?.code ?? null,
    returnTo: s.context.returnTo,
  }),
  limit: 20000,
  expected,
});
