import type { OnboardingDraft } from './onboarding-draft';

/**
 * The onboarding wizard's step table (issue 25, decision 160): the one place that says which
 * steps there are, in which order, at which address, under which title, at which progress
 * position, and which part of the draft each one keeps in local storage. Everything else is
 * derived from it: the machine's step list, paths, start transitions and its one `route.changed`
 * handler (machines/onboarding.machine.ts); the onboarding children of the route tree
 * (src/app/routes.tsx) and their titles (src/app/route-titles.ts); the step of a route
 * (src/app/screens/onboarding.tsx, which fails loudly on a route the table does not know);
 * the step views' order, the step rendered ahead and the progress count (src/views/onboarding/);
 * the per-user storage keys (src/app/storage-keys.ts, src/app/user-storage.ts); the path model's
 * step list (tests/model/onboarding.model.ts), the atlas's routes (scripts/atlas/names.ts) and
 * the bundle report's routes and their budgets (scripts/bundle-routes.ts, scripts/bundle-budget.json).
 * The view of each step is mapped at the view layer by a `Record<OnboardingStepId, …>`
 * (`onboardingStepViews`, src/views/onboarding/onboarding-view.tsx), so a step without a view is
 * a type error. `tests/model/onboarding-steps.test.ts` is the checklist of README's "How to change
 * a flow": every step has a route, a title in both catalogs, a view, an atlas entry and a
 * storage-key rule. A step of required text fields needs no state, storage or walk of its own:
 * its row's `fields` give its machine state (`fieldsStep`), its part of the draft and its storage
 * key (`fieldsStorageKey`), and the browser tests' walk (tests/support/wizard.ts); its view
 * renders `OnboardingFieldsStepView` (src/views/onboarding/onboarding-fields-step-view.tsx).
 *
 * Pure data (no React, no router): machines, views, the app and the scripts all read it.
 */

/** The part of the draft a step keeps (spec §9 local storage keys); a step's own `fields` are apart. */
export type DraftPart = Exclude<keyof OnboardingDraft, 'fields'>;

/** The local storage key of each part of the draft (spec §9): a new part without a key is a type error. */
export const draftStorageKeys = {
  pin: 'onboarding.pin',
  practice: 'onboarding.practiceRegistration',
  profile: 'onboarding.profileRegistration',
  options: 'onboarding.options',
} as const satisfies Record<DraftPart, string>;

/** The id of the pathless layout route every step route is a child of (src/app/routes.tsx). */
export const onboardingFlowRouteId = 'onboarding-flow';

interface StepRow<TId extends string> {
  id: TId;
  /** The address (route path; a parameter as `$name`). */
  path: `/onboarding${string}`;
  /** The message id of the route's title segment (spec §2 '{product} | Onboarding | …'). */
  titleId: `title.segment.${string}`;
  /** 'Step n of total' (spec §2), or null for a step without the indicator. */
  progress: number | null;
  /** The step the wizard moves on to (null: the last one). */
  next: NoInfer<TId> | null;
  /** The step the wizard came from (null: an entry point). */
  previous: NoInfer<TId> | null;
  /** The storage-key rule: the parts of the draft this step writes (each under `draftStorageKeys`). */
  stores: readonly DraftPart[];
  /**
   * A step of required text fields of its own (optional): their names. The machine's `fieldsStep`
   * state moves on once all are filled; the draft keeps them under `draft.fields[id]`, stored under
   * `fieldsStorageKey(id)`; the browser tests' walk fills each with `wizardFieldAnswer`.
   */
  fields?: readonly string[];
  /** Whether the build prerenders the step's signed-out screen as HTML (src/prerender/render.tsx). */
  prerender: boolean;
  /** The flow whose bundle budget the step's route counts against (scripts/bundle-budget.json `flows`). */
  bundle: 'onboarding';
}

const defineSteps = <const TId extends string>(rows: readonly StepRow<TId>[]) => rows;

/** The steps in table order: the directory-practice entry point, then the wizard from the pin on. */
export const onboardingStepTable = defineSteps([
  {
    id: 'directoryPractice',
    path: '/onboarding/directory-practice/$directoryPracticeKey',
    titleId: 'title.segment.directoryPractice',
    progress: null,
    next: 'account',
    previous: null,
    // The directory practice pre-fills the practice and records where it came from.
    stores: ['practice', 'options'],
    prerender: false,
    bundle: 'onboarding',
  },
  {
    id: 'pin',
    path: '/onboarding',
    titleId: 'title.segment.onboarding',
    progress: null,
    next: 'account',
    previous: null,
    stores: ['pin'],
    prerender: true,
    bundle: 'onboarding',
  },
  {
    id: 'account',
    path: '/onboarding/register-account',
    titleId: 'title.segment.registerAccount',
    progress: 1,
    next: 'profile',
    previous: 'pin',
    stores: [],
    prerender: true,
    bundle: 'onboarding',
  },
  {
    id: 'profile',
    path: '/onboarding/register-profile',
    titleId: 'title.segment.registerProfile',
    progress: 2,
    next: 'practice',
    previous: 'account',
    stores: ['profile'],
    prerender: false,
    bundle: 'onboarding',
  },
  {
    id: 'practice',
    path: '/onboarding/register-practice',
    titleId: 'title.segment.registerPractice',
    progress: 3,
    next: 'thankYou',
    previous: 'profile',
    stores: ['practice'],
    prerender: true,
    bundle: 'onboarding',
  },
  {
    id: 'thankYou',
    path: '/onboarding/thank-you',
    titleId: 'title.segment.thankYou',
    progress: null,
    next: null,
    previous: 'practice',
    // Registering clears the whole draft; the thank-you step writes nothing.
    stores: [],
    prerender: false,
    bundle: 'onboarding',
  },
]);

export type OnboardingStepId = (typeof onboardingStepTable)[number]['id'];
export type OnboardingStepRow = StepRow<OnboardingStepId>;

/**
 * The questions every reader asks of a step table: its ids, a step's row, the step after and the
 * step before. The machine is built from a table through this (machines/onboarding.machine.ts), so
 * a test can build it from a table with an extra row.
 */
export function stepLookup(table: readonly OnboardingStepRow[]) {
  const rowById = new Map<string, OnboardingStepRow>(table.map((s) => [s.id, s]));
  const row = (id: OnboardingStepId): OnboardingStepRow => rowById.get(id) as OnboardingStepRow;
  const requireStep = (id: OnboardingStepId, way: 'next' | 'previous'): OnboardingStepId => {
    const step = row(id)[way];
    if (step === null) throw new Error(`onboarding step table: ${id} has no ${way} step`);
    return step;
  };
  return {
    ids: table.map((s) => s.id),
    row,
    /** The step the wizard moves on to from `id`; an error for the last step (a table mistake). */
    requireNext: (id: OnboardingStepId) => requireStep(id, 'next'),
    /** The step before `id`; an error for an entry point (a table mistake). */
    requirePrevious: (id: OnboardingStepId) => requireStep(id, 'previous'),
  };
}

const steps = stepLookup(onboardingStepTable);

/** The step ids in table order. */
export const onboardingStepIds: readonly OnboardingStepId[] = steps.ids;

/** The row of a step. */
export const stepRow = steps.row;

/** The step the wizard moves on to from `id`, or null after the last one. */
export const nextStep = (id: OnboardingStepId): OnboardingStepId | null => stepRow(id).next;

/** The step the wizard moves on to from `id`; an error for the last step (a table mistake). */
export const requireNextStep = steps.requireNext;

/** The address of each step. */
export const onboardingStepPaths = Object.fromEntries(
  onboardingStepTable.map((s) => [s.id, s.path]),
) as Record<OnboardingStepId, OnboardingStepRow['path']>;

/** The router's id of a step's route: a child of the pathless flow layout. */
export const routeIdOfStep = (id: OnboardingStepId): string => `/${onboardingFlowRouteId}${stepRow(id).path}`;

const stepByRouteId = new Map<string, OnboardingStepId>(
  onboardingStepIds.map((id) => [routeIdOfStep(id), id]),
);

/** Whether a route id belongs to the flow's layout (a step route, known to the table or not). */
export const isFlowRouteId = (routeId: string): boolean => routeId.startsWith(`/${onboardingFlowRouteId}/`);

/** A route of the flow that the table does not know: a step added by hand, not through the table. */
export class UnknownStepRouteError extends Error {
  constructor(readonly routeId: string) {
    super(`onboarding: the route ${routeId} is not a step of the table (machines/onboarding-steps.ts)`);
    this.name = 'UnknownStepRouteError';
  }
}

/** The step of a flow route; throws `UnknownStepRouteError` for a route the table does not know (no default). */
export function stepOfRouteId(routeId: string): OnboardingStepId {
  const step = stepByRouteId.get(routeId);
  if (step === undefined) throw new UnknownStepRouteError(routeId);
  return step;
}

/** The steps with the 'Step n of total' indicator, and their total (spec §2: 3). */
export const progressTotal: number = onboardingStepTable.filter((s) => s.progress !== null).length;

/** 'Step n of total' of a step, or null for a step without the indicator. */
export function progressOf(id: OnboardingStepId): { position: number; total: number } | null {
  const position = stepRow(id).progress;
  return position === null ? null : { position, total: progressTotal };
}

/** The local storage key of a step's own fields (the row's `fields`). */
export const fieldsStorageKey = (id: OnboardingStepId): string => `onboarding.${id}`;

/** The steps with fields of their own, and their field names. */
export const fieldSteps: readonly { id: OnboardingStepId; fields: readonly string[] }[] =
  onboardingStepTable.flatMap((s: OnboardingStepRow) => (s.fields ? [{ id: s.id, fields: s.fields }] : []));

/** Every local storage key of the draft (all per-user data, decision 080). */
export const draftStorageKeyList: readonly string[] = [
  ...Object.values(draftStorageKeys),
  ...fieldSteps.map((s) => fieldsStorageKey(s.id)),
];
