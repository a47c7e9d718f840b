import {
  type ActorRefFrom,
  assign,
  enqueueActions,
  fromPromise,
  not,
  type SnapshotFrom,
  setup,
} from 'xstate';
import type {
  Device,
  DirectoryPractice,
  LocaleCode,
  LoginConnection,
  PracticeRegistration,
  Profile,
  RegionKey,
  SessionUser,
} from './domain';
import {
  areFieldsFilled,
  draftLocaleOf,
  emptyDraft,
  isProfileComplete,
  isRateLimited,
  isUnauthenticated,
  isValidationFailure,
  localeOf,
  type OnboardingDraft,
  type PracticeDraft,
  prefillFromDirectory,
  profileFromUser,
  type RegionChoice,
  registrationOf,
  retryAfterOf,
  type StepFieldValues,
  stripApiPrefix,
  withRegion,
  withStepFields,
} from './onboarding-draft';
import {
  nextStep,
  type OnboardingStepId,
  type OnboardingStepRow,
  onboardingStepIds,
  onboardingStepPaths,
  onboardingStepTable,
  stepLookup,
} from './onboarding-steps';
import { practiceActivationMachine } from './practice-activation.machine';
import { failureOf, type NavigateParams, userMessageOf } from './practice-flow';

/**
 * Onboarding (spec §4): optional pin entry → account creation → profile → practice → thank-you →
 * redirect to the practice's environment; plus the directory-practice entry point and the
 * email-verification branch.
 *
 * The steps, their order and addresses come from the step table (machines/onboarding-steps.ts,
 * decision 160): one state per step (tagged `step:<id>`), the start transitions, the one
 * `route.changed` handler and every "on to the next step" transition are derived from it.
 *
 * One actor drives the route screens of /onboarding/*. It starts at the step of the route it is
 * created on (`input.step`) from the draft restored from local storage (`input.draft`), so a
 * reload, a crash or the identity-provider redirect resumes where the user was. Every change to
 * the draft goes through one action, `storeDraft` (assign, then the provided `persistDraft`);
 * `clearDraft` runs on success. Every state is tagged with the step (route screen) it belongs to
 * (`step:<step>`, read by `selectStep`). Navigation, storage, locale and the external redirect
 * are provided actions; every call is a provided actor (src/app/live/onboarding.ts). The draft's
 * rules (empty draft, prefill, registration payload) are in machines/onboarding-draft.ts.
 */

export type OnboardingStep = OnboardingStepId;

/** The steps in table order (machines/onboarding-steps.ts). */
export const onboardingSteps: readonly OnboardingStep[] = onboardingStepIds;

/** The tag of every state that belongs to `step`'s screen. */
export type StepTag = `step:${OnboardingStep}`;
export const stepTag = <TStep extends OnboardingStep>(step: TStep): `step:${TStep}` => `step:${step}`;

/**
 * The view contract besides the step: `busy` (a request is running), `submitting` (the step's
 * own submit is running), `fetchingDevices`, `profileForm` (the
 * profile form is shown), `accountExists` / `linkFailed` (the directory link's two dead ends),
 * `noProfile` (the practice step was submitted without a profile). The thank-you step's wait is
 * the `activation` child (`selectActivation`).
 */
export type OnboardingTag =
  | 'busy'
  | 'submitting'
  | 'fetchingDevices'
  | 'profileForm'
  | 'accountExists'
  | 'linkFailed'
  | 'noProfile'
  | StepTag;

export interface OnboardingInput {
  step: OnboardingStep;
  draft: OnboardingDraft;
  /** The public portals of the app config, in order; the first is the default region. */
  regions: RegionChoice[];
  directoryPracticeKey?: string | null;
  /** Thank-you page: the practice being activated (query parameter). */
  practiceKey?: string | null;
}

/** Errors are codes (plus server-provided data); the views map codes to messages. */
export type OnboardingError =
  | { code: 'pinInvalid' }
  /** Too many pin checks (429): try again after the server's hint, when it gave one. */
  | { code: 'pinLimited'; retryAfterSeconds: number | null }
  | { code: 'pinRejected'; messages: string[] }
  | { code: 'signUpFailed' }
  | { code: 'signInFailed' }
  | { code: 'profileRejected'; fieldErrors: Record<string, string[]> }
  /** The server's words of a refusal (`userMessageOf`), else null: the form's default text. */
  | { code: 'profileFailed'; message: string | null }
  | { code: 'devicesUnavailable' }
  /** Too many pin checks (fetch-devices answered 429): as pinLimited, on the practice step. */
  | { code: 'devicesLimited'; retryAfterSeconds: number | null }
  | { code: 'practiceRejected'; fieldErrors: Record<string, string[]> }
  | { code: 'practiceFailed'; message: string | null };

export interface OnboardingContext {
  /** The step of the route the flow (re)started at. */
  startStep: OnboardingStep;
  /** How many times the flow restarted from the stored draft (a new address): the screens start afresh. */
  restarts: number;
  /**
   * A detour's way back: the step that sent the user to the profile ('Complete your profile',
   * decision 044), where the profile step returns once the profile is complete; null otherwise.
   */
  returnTo: OnboardingStep | null;
  /** The pin being verified (stored in the draft only once verified). */
  pinAttempt: string | null;
  draft: OnboardingDraft;
  regions: RegionChoice[];
  user: SessionUser | null;
  devices: Device[];
  directoryPracticeKey: string | null;
  directoryPractice: DirectoryPractice | null;
  practiceKey: string | null;
  environmentUrl: string | null;
  error: OnboardingError | null;
}

export type OnboardingEvent =
  | { type: 'pin.submit'; pin: string }
  | { type: 'pin.skip' }
  | { type: 'account.create'; connection: LoginConnection }
  | { type: 'profile.change'; profile: Profile }
  | { type: 'profile.submit'; profile: Profile }
  | { type: 'practice.change'; practice: PracticeDraft }
  | { type: 'practice.submit'; practice: PracticeDraft }
  | { type: 'practice.completeProfile' }
  | { type: 'region.select'; region: RegionKey }
  /** A step of text fields of its own (the table's `fields`): the values as typed, and the submit. */
  | { type: 'fields.change'; values: StepFieldValues }
  | { type: 'fields.submit'; values: StepFieldValues }
  /**
   * The address changed (the app screen sends it for every new address of the flow's routes):
   * the machine's own navigations match the step it is at and change nothing; any other address
   * (Back/Forward, an edited address, a link) restarts the flow there from the stored draft, as a
   * reload would.
   */
  | RouteChangedEvent;

export interface OnboardingRoute {
  step: OnboardingStep;
  directoryPracticeKey: string | null;
  /** Thank-you page: the practice being activated (query parameter). */
  practiceKey: string | null;
}

export interface RouteChangedEvent extends OnboardingRoute {
  type: 'route.changed';
  /** The draft in storage (read by the edge), for a restart. */
  draft: OnboardingDraft;
}

export const onboardingPaths = {
  ...onboardingStepPaths,
  unverifiedEmail: '/auth/unverified-email',
  switchPractice: '/switch-practice',
} as const;

/**
 * The one `route.changed` handler, in every step's state: an address that is not the step the
 * machine is at restarts the flow there (Back/Forward, an edited address, a link), as a reload would.
 */
const restartsAtOtherRoutes = (step: OnboardingStep) =>
  ({
    'route.changed': {
      guard: { type: 'isRouteElsewhere', params: { step } },
      target: '#onboarding.resuming',
      actions: ['dropPendingNavigations', 'restartAtRoute'],
    },
  }) as const;

interface DraftParams {
  draft: OnboardingDraft;
}

const onboardingSetup = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput,
    tags: {} as OnboardingTag,
    children: {} as { activation: 'practiceActivation' },
  },
  actors: {
    verifyPin: fromPromise<void, { pin: string }>(async () => {
      throw new Error('verifyPin not provided');
    }),
    /** Waits until the session has settled; the signed-in user, or null. */
    getSessionUser: fromPromise<SessionUser | null>(async () => null),
    /** Starts the identity provider's sign-up by redirect (the page usually leaves). */
    signUp: fromPromise<void, { connection: LoginConnection; returnTo: string }>(async () => {
      throw new Error('signUp not provided');
    }),
    /**
     * Starts the identity provider's login by redirect, returning to `returnTo` (spec §4: not
     * authenticated leads to redirect login). The page usually leaves; an error means the login
     * could not start.
     */
    signIn: fromPromise<void, { returnTo: string }>(async () => {
      throw new Error('signIn not provided');
    }),
    /** GET /api/profile/exists (then GET /api/profile/) with the signed-in user. */
    loadProfile: fromPromise<{ user: SessionUser | null; profile: Profile | null }>(async () => {
      throw new Error('loadProfile not provided');
    }),
    createProfile: fromPromise<void, { profile: Profile }>(async () => {
      throw new Error('createProfile not provided');
    }),
    fetchDevices: fromPromise<Device[], { pin: string }>(async () => []),
    registerPractice: fromPromise<string, PracticeRegistration>(async () => {
      throw new Error('registerPractice not provided');
    }),
    /** The thank-you step's wait: done when the practice is active (provided with its calls at the edge). */
    practiceActivation: practiceActivationMachine,
    loadDirectoryPractice: fromPromise<DirectoryPractice, { key: string }>(async () => {
      throw new Error('loadDirectoryPractice not provided');
    }),
  },
  actions: {
    navigate: (_, _params: NavigateParams) => undefined,
    /** The flow restarts at a new address: navigations of the flow left behind are not applied. */
    dropPendingNavigations: () => undefined,
    persistDraft: (_, _params: DraftParams) => undefined,
    /** The one way the draft changes: kept in context and handed to `persistDraft`. */
    storeDraft: enqueueActions<
      OnboardingContext,
      OnboardingEvent,
      DraftParams,
      OnboardingEvent,
      never,
      { type: 'persistDraft'; params: DraftParams },
      never,
      never,
      never
    >(({ enqueue }, params) => {
      enqueue.assign({ draft: params.draft });
      enqueue({ type: 'persistDraft', params: { draft: params.draft } });
    }),
    clearDraft: () => undefined,
    /** A fresh flow at the new address's step, from the stored draft (as a new actor would start). */
    restartAtRoute: assign(({ context, event }) => {
      if (event.type !== 'route.changed') return {};
      return {
        startStep: event.step,
        restarts: context.restarts + 1,
        returnTo: null,
        pinAttempt: null,
        draft: event.draft,
        user: null,
        devices: [],
        directoryPracticeKey: event.directoryPracticeKey,
        directoryPractice: null,
        practiceKey: event.practiceKey,
        environmentUrl: null,
        error: null,
      };
    }),
    applyLocale: (_, _params: { locale: LocaleCode }) => undefined,
    redirectToEnvironment: (_, _params: { url: string }) => undefined,
    /** Back from a detour: the flow starts again at the step it came from, without the marker. */
    returnFromDetour: assign(({ context }) => ({
      startStep: context.returnTo ?? context.startStep,
      returnTo: null,
    })),
  },
  guards: {
    /**
     * The flow (re)starts at the route's step; the thank-you step only with the practice to wait
     * for (without one, the flow leaves for the practices).
     */
    startsAt: ({ context }, params: { step: OnboardingStep }) =>
      context.startStep === params.step && (params.step !== 'thankYou' || Boolean(context.practiceKey)),
    /** The new address is not the step the machine is at (or names another practice). */
    isRouteElsewhere: ({ context, event }, params: { step: OnboardingStep }) => {
      if (event.type !== 'route.changed') return false;
      if (event.step !== params.step) return true;
      if (params.step === 'directoryPractice')
        return event.directoryPracticeKey !== context.directoryPracticeKey;
      if (params.step === 'thankYou')
        return event.practiceKey !== null && event.practiceKey !== context.practiceKey;
      return false;
    },
    hasDirectoryPracticeKey: ({ context }) => Boolean(context.directoryPracticeKey),
    /** Every field of a step of text fields has a value. */
    areFieldsFilled: (_, params: { names: readonly string[]; values: StepFieldValues }) =>
      areFieldsFilled(params.names, params.values),
    /** The profile step was opened from another step, to return there ('Complete your profile'). */
    isDetour: ({ context }) => context.returnTo !== null,
    isDetourWithCompleteProfile: ({ context }, params: { profile: Profile | null }) =>
      context.returnTo !== null && isProfileComplete(params.profile),
    isSignedOut: (_, params: { user: SessionUser | null }) => params.user === null,
    isEmailUnverified: (_, params: { user: SessionUser | null }) => params.user?.email_verified === false,
    isUnauthenticated: (_, params: { error: unknown }) => isUnauthenticated(params.error),
    hasCompleteProfile: (_, params: { profile: Profile | null }) => isProfileComplete(params.profile),
    hasFourDigitPin: ({ context }) => /^\d{4}$/.test(context.draft.pin ?? ''),
    hasProfileDraft: ({ context }) => isProfileComplete(context.draft.profile),
    isValidationFailure: (_, params: { error: unknown }) => isValidationFailure(params.error),
    isRateLimited: (_, params: { error: unknown }) => isRateLimited(params.error),
    directoryAccountExists: (_, params: { directoryPractice: DirectoryPractice }) =>
      Boolean(params.directoryPractice.practiceKey),
  },
});

/**
 * The machine of a step table (the app's: `onboardingMachine`). A test may build it from a table
 * with an extra row, giving that row's state in `extraStates`.
 */
export function createOnboardingMachine(
  table: readonly OnboardingStepRow[] = onboardingStepTable,
  extraStates: Record<string, object> = {},
) {
  const flow = stepLookup(table);
  /** The step the wizard moves on to from `step` (the table's `next`), its state and its address. */
  const onTo = (step: OnboardingStep) => {
    const next = flow.requireNext(step);
    return { target: `#onboarding.${next}`, path: flow.row(next).path } as const;
  };
  /** The step before `step` (the table's `previous`), its state and its address. */
  const backFrom = (step: OnboardingStep) => {
    const previous = flow.requirePrevious(step);
    return { target: `#onboarding.${previous}`, path: flow.row(previous).path } as const;
  };
  /**
   * The state of a step of required text fields (its row's `fields`): each change is kept in the
   * draft; a submit with every field filled moves on to the table's next step.
   */
  const fieldsStep = (step: OnboardingStep, names: readonly string[]) =>
    onboardingSetup.createStateConfig({
      tags: [stepTag(step)],
      on: {
        ...restartsAtOtherRoutes(step),
        'fields.change': {
          actions: {
            type: 'storeDraft',
            params: ({ context, event }) => ({ draft: withStepFields(context.draft, step, event.values) }),
          },
        },
        'fields.submit': {
          guard: { type: 'areFieldsFilled', params: ({ event }) => ({ names, values: event.values }) },
          target: onTo(step).target,
          actions: [
            {
              type: 'storeDraft',
              params: ({ context, event }) => ({ draft: withStepFields(context.draft, step, event.values) }),
            },
            { type: 'navigate', params: { to: onTo(step).path } },
          ],
        },
      },
    });
  /** The states of the table's steps of text fields. */
  const fieldsStates = Object.fromEntries(
    table.flatMap((row) => (row.fields ? [[row.id, fieldsStep(row.id, row.fields)]] : [])),
  );
  /** The address of the step a detour returns to. */
  const returnPath = (context: OnboardingContext) => flow.row(context.returnTo ?? context.startStep).path;
  return onboardingSetup.createMachine({
    id: 'onboarding',
    context: ({ input }) => ({
      startStep: input.step,
      restarts: 0,
      returnTo: null,
      pinAttempt: null,
      draft: input.draft,
      regions: input.regions,
      user: null,
      devices: [],
      directoryPracticeKey: input.directoryPracticeKey ?? null,
      directoryPractice: null,
      practiceKey: input.practiceKey ?? null,
      environmentUrl: null,
      error: null,
    }),
    initial: 'resuming',
    states: {
      resuming: {
        // Transient: never observed, so it needs no step tag.
        description:
          'Starts at the step of the route (input.step, or the route.changed that restarted the flow), or where a detour returns.',
        always: [
          // One per step of the table, in table order (the guards exclude each other).
          ...flow.ids.map((step) => ({
            guard: { type: 'startsAt', params: { step } } as const,
            target: step,
          })),
          {
            target: 'leaving',
            actions: { type: 'navigate', params: { to: onboardingPaths.switchPractice, replace: true } },
          },
        ],
      },
      directoryPractice: {
        tags: ['step:directoryPractice'],
        on: {
          ...restartsAtOtherRoutes('directoryPractice'),
        },
        initial: 'loading',
        states: {
          loading: {
            tags: ['busy'],
            always: { guard: not('hasDirectoryPracticeKey'), target: 'failed' },
            invoke: {
              id: 'loadDirectoryPractice',
              src: 'loadDirectoryPractice',
              input: ({ context }) => ({ key: context.directoryPracticeKey ?? '' }),
              onDone: [
                {
                  guard: {
                    type: 'directoryAccountExists',
                    params: ({ event }) => ({ directoryPractice: event.output }),
                  },
                  target: 'accountExists',
                  actions: assign({ directoryPractice: ({ event }) => event.output }),
                },
                {
                  target: onTo('directoryPractice').target,
                  actions: [
                    assign({ directoryPractice: ({ event }) => event.output }),
                    {
                      type: 'storeDraft',
                      params: ({ context, event }) => ({
                        draft: prefillFromDirectory(context, event.output),
                      }),
                    },
                    { type: 'navigate', params: { to: onTo('directoryPractice').path, replace: true } },
                  ],
                },
              ],
              onError: { target: 'failed' },
            },
          },
          accountExists: { tags: ['accountExists'] },
          failed: { tags: ['linkFailed'] },
        },
      },
      pin: {
        tags: ['step:pin'],
        initial: 'entering',
        states: {
          entering: {
            on: {
              'pin.submit': {
                target: 'verifying',
                actions: assign({ error: null, pinAttempt: ({ event }) => event.pin }),
              },
            },
          },
          verifying: {
            tags: ['busy', 'submitting'],
            invoke: {
              id: 'verifyPin',
              src: 'verifyPin',
              input: ({ context }) => ({ pin: context.pinAttempt ?? '' }),
              onDone: {
                target: onTo('pin').target,
                actions: [
                  {
                    type: 'storeDraft',
                    params: ({ context }) => ({ draft: { ...context.draft, pin: context.pinAttempt } }),
                  },
                  { type: 'navigate', params: { to: onTo('pin').path } },
                ],
              },
              onError: [
                {
                  guard: { type: 'isValidationFailure', params: ({ event }) => ({ error: event.error }) },
                  target: 'entering',
                  actions: assign({
                    error: ({ event }) => {
                      const messages = Object.values(failureOf(event.error).fieldErrors).flat();
                      return messages.length > 0
                        ? { code: 'pinRejected' as const, messages }
                        : { code: 'pinInvalid' as const };
                    },
                  }),
                },
                {
                  guard: { type: 'isRateLimited', params: ({ event }) => ({ error: event.error }) },
                  target: 'entering',
                  actions: assign({
                    error: ({ event }) => ({
                      code: 'pinLimited' as const,
                      retryAfterSeconds: retryAfterOf(event.error),
                    }),
                  }),
                },
                { target: 'entering', actions: assign({ error: { code: 'pinInvalid' } }) },
              ],
            },
          },
        },
        on: {
          ...restartsAtOtherRoutes('pin'),
          'pin.skip': {
            target: onTo('pin').target,
            actions: [
              assign({ error: null }),
              { type: 'storeDraft', params: ({ context }) => ({ draft: { ...context.draft, pin: null } }) },
              { type: 'navigate', params: { to: onTo('pin').path } },
            ],
          },
        },
      },
      account: {
        tags: ['step:account'],
        on: {
          ...restartsAtOtherRoutes('account'),
        },
        initial: 'checkingSession',
        states: {
          checkingSession: {
            tags: ['busy'],
            invoke: {
              id: 'getSessionUser',
              src: 'getSessionUser',
              onDone: [
                {
                  guard: { type: 'isSignedOut', params: ({ event }) => ({ user: event.output }) },
                  target: 'choosing',
                },
                {
                  guard: { type: 'isEmailUnverified', params: ({ event }) => ({ user: event.output }) },
                  target: '#onboarding.verifyingEmail',
                  actions: assign({ user: ({ event }) => event.output }),
                },
                {
                  target: onTo('account').target,
                  actions: [
                    assign({ user: ({ event }) => event.output }),
                    { type: 'navigate', params: { to: onTo('account').path, replace: true } },
                  ],
                },
              ],
              onError: { target: 'choosing' },
            },
          },
          choosing: {
            on: {
              'account.create': { target: 'signingUp', actions: assign({ error: null }) },
            },
          },
          signingUp: {
            tags: ['busy', 'submitting'],
            invoke: {
              id: 'signUp',
              src: 'signUp',
              input: ({ event }) => ({
                connection: event.type === 'account.create' ? event.connection : null,
                returnTo: onboardingPaths.account,
              }),
              onDone: { target: 'checkingSession' },
              onError: { target: 'choosing', actions: assign({ error: { code: 'signUpFailed' } }) },
            },
          },
        },
      },
      verifyingEmail: {
        description: 'The email is unverified: the unverified-email page returns to register-account.',
        type: 'final',
        tags: ['step:account'],
        entry: {
          type: 'navigate',
          params: {
            to: onboardingPaths.unverifiedEmail,
            search: { returnTo: onboardingPaths.account },
            replace: true,
          },
        },
      },
      profile: {
        tags: ['step:profile'],
        on: {
          ...restartsAtOtherRoutes('profile'),
        },
        initial: 'loading',
        states: {
          loading: {
            tags: ['busy'],
            invoke: {
              id: 'loadProfile',
              src: 'loadProfile',
              onDone: [
                {
                  guard: { type: 'isSignedOut', params: ({ event }) => ({ user: event.output.user }) },
                  target: backFrom('profile').target,
                  actions: { type: 'navigate', params: { to: backFrom('profile').path, replace: true } },
                },
                {
                  guard: { type: 'isEmailUnverified', params: ({ event }) => ({ user: event.output.user }) },
                  target: '#onboarding.verifyingEmail',
                  actions: assign({ user: ({ event }) => event.output.user }),
                },
                {
                  guard: {
                    type: 'isDetourWithCompleteProfile',
                    params: ({ event }) => ({ profile: event.output.profile }),
                  },
                  target: '#onboarding.resuming',
                  actions: [
                    assign({ user: ({ event }) => event.output.user }),
                    {
                      type: 'storeDraft',
                      params: ({ context, event }) => ({
                        draft: { ...context.draft, profile: event.output.profile },
                      }),
                    },
                    {
                      type: 'navigate',
                      params: ({ context }) => ({ to: returnPath(context), replace: true }),
                    },
                    'returnFromDetour',
                  ],
                },
                {
                  guard: {
                    type: 'hasCompleteProfile',
                    params: ({ event }) => ({ profile: event.output.profile }),
                  },
                  target: onTo('profile').target,
                  actions: [
                    assign({ user: ({ event }) => event.output.user }),
                    {
                      type: 'storeDraft',
                      params: ({ context, event }) => ({
                        draft: { ...context.draft, profile: event.output.profile },
                      }),
                    },
                    { type: 'navigate', params: { to: onTo('profile').path, replace: true } },
                  ],
                },
                {
                  target: 'editing',
                  actions: assign({
                    user: ({ event }) => event.output.user,
                    draft: ({ context, event }) => ({
                      ...context.draft,
                      profile: profileFromUser(
                        event.output.user,
                        event.output.profile ?? context.draft.profile,
                      ),
                    }),
                  }),
                },
              ],
              onError: [
                {
                  guard: { type: 'isUnauthenticated', params: ({ event }) => ({ error: event.error }) },
                  target: backFrom('profile').target,
                  actions: { type: 'navigate', params: { to: backFrom('profile').path, replace: true } },
                },
                {
                  target: 'editing',
                  actions: assign({
                    error: { code: 'profileFailed', message: null },
                    draft: ({ context }) => ({
                      ...context.draft,
                      profile: profileFromUser(null, context.draft.profile),
                    }),
                  }),
                },
              ],
            },
          },
          editing: {
            tags: ['profileForm'],
            on: {
              'profile.change': {
                actions: {
                  type: 'storeDraft',
                  params: ({ context, event }) => ({ draft: { ...context.draft, profile: event.profile } }),
                },
              },
              'profile.submit': {
                target: 'confirmingSession',
                actions: [
                  assign({ error: null }),
                  {
                    type: 'storeDraft',
                    params: ({ context, event }) => ({ draft: { ...context.draft, profile: event.profile } }),
                  },
                ],
              },
            },
          },
          confirmingSession: {
            description:
              'Saving needs a signed-in user (decision 160): signed out (the session ended meanwhile) → the account step.',
            tags: ['busy', 'submitting', 'profileForm'],
            invoke: {
              id: 'confirmSignedIn',
              src: 'getSessionUser',
              onDone: [
                {
                  guard: { type: 'isSignedOut', params: ({ event }) => ({ user: event.output }) },
                  target: backFrom('profile').target,
                  actions: { type: 'navigate', params: { to: backFrom('profile').path, replace: true } },
                },
                { target: 'saving' },
              ],
              // The session could not be read: the call answers for itself.
              onError: { target: 'saving' },
            },
          },
          saving: {
            tags: ['busy', 'submitting', 'profileForm'],
            invoke: {
              id: 'createProfile',
              src: 'createProfile',
              input: ({ context }) => ({ profile: context.draft.profile as Profile }),
              onDone: [
                {
                  guard: 'isDetour',
                  target: '#onboarding.resuming',
                  actions: [
                    { type: 'navigate', params: ({ context }) => ({ to: returnPath(context) }) },
                    'returnFromDetour',
                  ],
                },
                {
                  target: onTo('profile').target,
                  actions: { type: 'navigate', params: { to: onTo('profile').path } },
                },
              ],
              onError: [
                {
                  guard: { type: 'isValidationFailure', params: ({ event }) => ({ error: event.error }) },
                  target: 'editing',
                  actions: assign({
                    error: ({ event }) => ({
                      code: 'profileRejected' as const,
                      fieldErrors: failureOf(event.error).fieldErrors,
                    }),
                  }),
                },
                {
                  target: 'editing',
                  actions: assign({
                    error: ({ event }) => ({
                      code: 'profileFailed' as const,
                      message: userMessageOf(event.error),
                    }),
                  }),
                },
              ],
            },
          },
        },
      },
      practice: {
        tags: ['step:practice'],
        on: {
          ...restartsAtOtherRoutes('practice'),
        },
        initial: 'preparing',
        entry: { type: 'applyLocale', params: ({ context }) => ({ locale: draftLocaleOf(context) }) },
        states: {
          preparing: {
            always: [
              { guard: 'hasFourDigitPin', target: 'filling.fetchingDevices' },
              { target: 'filling.editing' },
            ],
          },
          filling: {
            description: 'The form is shown and every change is kept in the draft.',
            initial: 'editing',
            on: {
              'practice.change': {
                actions: {
                  type: 'storeDraft',
                  params: ({ context, event }) => ({ draft: { ...context.draft, practice: event.practice } }),
                },
              },
              'region.select': {
                actions: [
                  {
                    type: 'storeDraft',
                    params: ({ context, event }) => ({ draft: withRegion(context, event.region) }),
                  },
                  {
                    type: 'applyLocale',
                    params: ({ context, event }) => ({ locale: localeOf(context, event.region) }),
                  },
                ],
              },
            },
            states: {
              fetchingDevices: {
                tags: ['busy', 'fetchingDevices'],
                invoke: {
                  id: 'fetchDevices',
                  src: 'fetchDevices',
                  input: ({ context }) => ({ pin: context.draft.pin ?? '' }),
                  onDone: { target: 'editing', actions: assign({ devices: ({ event }) => event.output }) },
                  onError: [
                    {
                      guard: { type: 'isRateLimited', params: ({ event }) => ({ error: event.error }) },
                      target: 'editing',
                      actions: assign({
                        devices: [],
                        error: ({ event }) => ({
                          code: 'devicesLimited' as const,
                          retryAfterSeconds: retryAfterOf(event.error),
                        }),
                      }),
                    },
                    {
                      target: 'editing',
                      actions: assign({ devices: [], error: { code: 'devicesUnavailable' } }),
                    },
                  ],
                },
              },
              editing: {
                description: 'The form; a submit without a complete profile stays here, in noProfile.',
                initial: 'form',
                on: {
                  'practice.submit': [
                    {
                      guard: not('hasProfileDraft'),
                      target: '.noProfile',
                      actions: [
                        assign({ error: null }),
                        {
                          type: 'storeDraft',
                          params: ({ context, event }) => ({
                            draft: { ...context.draft, practice: event.practice },
                          }),
                        },
                      ],
                    },
                    {
                      target: '#onboarding.practice.confirmingSession',
                      actions: [
                        assign({ error: null }),
                        {
                          type: 'storeDraft',
                          params: ({ context, event }) => ({
                            draft: { ...context.draft, practice: event.practice },
                          }),
                        },
                      ],
                    },
                  ],
                },
                states: {
                  form: {},
                  noProfile: {
                    description: "'No profile registration found.': the account has no profile yet.",
                    tags: ['noProfile'],
                    on: {
                      // The way on (decision 044): a detour to the profile step, which signs in if
                      // needed and comes straight back here when the account's profile is complete;
                      // the practice draft is kept.
                      'practice.completeProfile': {
                        target: '#onboarding.profile',
                        actions: [
                          assign({ returnTo: 'practice' }),
                          { type: 'navigate', params: { to: onboardingPaths.profile } },
                        ],
                      },
                    },
                  },
                },
              },
            },
          },
          confirmingSession: {
            description:
              'Registering needs a signed-in user (decision 160): signed out → the login redirect, back to this form.',
            tags: ['busy', 'submitting'],
            invoke: {
              id: 'confirmSignedIn',
              src: 'getSessionUser',
              onDone: [
                {
                  guard: { type: 'isSignedOut', params: ({ event }) => ({ user: event.output }) },
                  target: 'signingIn',
                },
                { target: 'submitting' },
              ],
              // The session could not be read: the call answers for itself.
              onError: { target: 'submitting' },
            },
          },
          submitting: {
            tags: ['busy', 'submitting'],
            invoke: {
              id: 'registerPractice',
              src: 'registerPractice',
              input: ({ context }) => registrationOf(context),
              onDone: {
                target: onTo('practice').target,
                actions: [
                  assign({ practiceKey: ({ event }) => event.output, draft: () => emptyDraft() }),
                  'clearDraft',
                  {
                    type: 'navigate',
                    params: ({ event }) => ({
                      to: onTo('practice').path,
                      search: { practiceKey: event.output },
                    }),
                  },
                ],
              },
              onError: [
                {
                  // Signed out (e.g. the form was opened without signing in, or the session ended):
                  // sign in and come back to this form; the draft keeps what was typed.
                  guard: { type: 'isUnauthenticated', params: ({ event }) => ({ error: event.error }) },
                  target: 'signingIn',
                },
                {
                  guard: { type: 'isValidationFailure', params: ({ event }) => ({ error: event.error }) },
                  target: 'filling.editing',
                  actions: assign({
                    error: ({ event }) => ({
                      code: 'practiceRejected' as const,
                      fieldErrors: failureOf(event.error).fieldErrors,
                    }),
                  }),
                },
                {
                  target: 'filling.editing',
                  actions: assign({
                    error: ({ event }) => ({
                      code: 'practiceFailed' as const,
                      message: stripApiPrefix(failureOf(event.error).message),
                    }),
                  }),
                },
              ],
            },
          },
          signingIn: {
            description: 'Not signed in when registering: the login redirect, back to this form.',
            tags: ['busy', 'submitting'],
            invoke: {
              id: 'signIn',
              src: 'signIn',
              input: { returnTo: onboardingPaths.practice },
              onDone: { target: 'filling.editing' },
              onError: { target: 'filling.editing', actions: assign({ error: { code: 'signInFailed' } }) },
            },
          },
        },
      },
      thankYou: {
        tags: ['step:thankYou'],
        on: {
          ...restartsAtOtherRoutes('thankYou'),
        },
        description:
          'Waits for the activation (machines/practice-activation.machine.ts), then leaves for it.',
        invoke: {
          id: 'activation',
          src: 'practiceActivation',
          input: ({ context }) => ({ practiceKey: context.practiceKey }),
          onDone: {
            target: 'redirecting',
            actions: assign({ environmentUrl: ({ event }) => event.output.environmentUrl }),
          },
          // Not expected (the wait has no failure of its own): the redirect's own check sends an
          // address it cannot use to the server-error screen.
          onError: { target: 'redirecting' },
        },
      },
      redirecting: {
        type: 'final',
        tags: ['busy', 'step:thankYou'],
        entry: {
          type: 'redirectToEnvironment',
          params: ({ context }) => ({ url: context.environmentUrl ?? '' }),
        },
      },
      leaving: {
        description: 'The thank-you route without a practice to wait for: on to the practices.',
        type: 'final',
        tags: ['step:thankYou'],
      },
      ...fieldsStates,
      ...extraStates,
    },
  });
}

export const onboardingMachine = createOnboardingMachine();

export type OnboardingActor = ActorRefFrom<typeof onboardingMachine>;
export type OnboardingSnapshot = SnapshotFrom<typeof onboardingMachine>;

/**
 * The practice step offers 'Complete your profile' (decision 044): exactly when the machine
 * accepts it, so the screen never shows a button that would do nothing.
 */
export const selectCanCompleteProfile = (s: SnapshotFrom<typeof onboardingMachine>): boolean =>
  s.can({ type: 'practice.completeProfile' });

/** The step (route screen) a snapshot belongs to, from its `step:<step>` tag. */
export function selectStep(s: SnapshotFrom<typeof onboardingMachine>): OnboardingStep {
  return onboardingSteps.find((step) => s.hasTag(stepTag(step))) ?? s.context.startStep;
}

/**
 * A step's own submit is locked while it runs and after it moved the wizard on to the step's
 * next one (the step stays mounted, hidden, while the next one is revealed; decision 160): the
 * practice form stays locked while the thank-you step takes over.
 */
export const selectSubmitLocked =
  (step: OnboardingStep) =>
  (s: SnapshotFrom<typeof onboardingMachine>): boolean =>
    (s.hasTag(stepTag(step)) && s.hasTag('submitting')) || selectStep(s) === nextStep(step);

/** The thank-you step's wait (its child actor), for the screen to read its own tags. */
export const selectActivation = (s: SnapshotFrom<typeof onboardingMachine>) => s.children.activation;

/** How many times the flow restarted at a new address (the screens start afresh each time). */
export const selectRestarts = (s: SnapshotFrom<typeof onboardingMachine>): number => s.context.restarts;
