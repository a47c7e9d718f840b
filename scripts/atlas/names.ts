import { onboardingStepTable } from '#machines/onboarding-steps';

/**
 * The machines `npm run atlas` photographs by default: each has an entry in
 * scripts/atlas/targets.tsx (real view) and in tests/model/registry.ts (path spec). Every machine
 * of the registry is either here or in `withoutAtlasScreen` with the reason
 * (tests/model/atlas-coverage.test.ts), so a new machine with a screen cannot be left out unseen.
 * Node-safe (no view imports), shared by scripts/atlas.ts, the harness and the viewer.
 *
 * Screens that no machine drives (the router's error screens) are photographed as screen sets
 * (`screensWithoutMachine`): one atlas entry per set, one card per screen. Every route of the real
 * route tree, and the root route's error and not-found screens, names the atlas entry that shows
 * it (`atlasEntryOfRoute`), so a new route cannot be left out unseen either
 * (tests/model/atlas-coverage.test.ts).
 */
export const defaultAtlasMachines = [
  'onboarding',
  'emailVerification',
  'joinPractice',
  'profileStep',
  'landing',
  'switchPractice',
  'authRedirect',
  'session',
  'buildCheck',
  'portalRedirect',
  'loading',
  'hubConnection',
  'appBootstrap',
];

/** Registry machines not photographed, and why. */
export const withoutAtlasScreen: Record<string, string> = {
  userStore: 'no screen: holds the signed-in user for other machines',
  busyIndicator:
    "no screen of its own: the submit button's spinner of the onboarding steps (photographed there)",
  practiceActivation: "no screen of its own: the onboarding thank-you step's wait (photographed there)",
  failureExits:
    'no screen of its own: where /server-error and the sign-in pending screen lead (photographed in errorScreens and with the session)',
  codeRecovery:
    "no screen of its own: a failed screen load shows the route's error screen (photographed in the errorScreens set), a failed part its fallback",
};

/** Screens without a machine of their own, photographed as one atlas entry per set. */
export const screensWithoutMachine = {
  errorScreens: [
    /** The router's error boundary (root `errorComponent`), signed out: Try again, Contact us. */
    'routeError',
    /** The same, signed in: Logout too. */
    'routeErrorSignedIn',
    /** /not-found and the root's `notFoundComponent` (any unknown address). */
    'notFound',
    'serverError',
    'noAccess',
    'redirected',
  ],
} as const satisfies Record<string, readonly string[]>;

export type ScreenSetName = keyof typeof screensWithoutMachine;
export type ScreenName<S extends ScreenSetName> = (typeof screensWithoutMachine)[S][number];

/** Every entry `npm run atlas` photographs by default: the machines, then the screen sets. */
export const defaultAtlasEntries: string[] = [...defaultAtlasMachines, ...Object.keys(screensWithoutMachine)];

/**
 * Where the atlas shows each route of the app (src/app/routes.tsx, by full path), and the root
 * route's boundaries (`__root__.errorComponent`, `__root__.notFoundComponent`): a machine of
 * `defaultAtlasMachines` or `<set>.<screen>` of `screensWithoutMachine`.
 */
export const atlasEntryOfRoute: Record<string, string> = {
  '/': 'landing',
  '/auth/redirect': 'authRedirect',
  '/auth/unverified-email': 'emailVerification',
  '/auth/verified-email': 'emailVerification',
  // Every step of the onboarding step table (machines/onboarding-steps.ts): the onboarding machine's
  // states, photographed per step.
  ...Object.fromEntries(onboardingStepTable.map((step) => [step.path, 'onboarding'])),
  '/switch-practice': 'switchPractice',
  '/invite': 'joinPractice',
  '/invite-code': 'joinPractice',
  '/mobile/$': 'portalRedirect',
  '/billing/$': 'portalRedirect',
  '/server-error': 'errorScreens.serverError',
  '/redirected': 'errorScreens.redirected',
  '/no-access': 'errorScreens.noAccess',
  '/not-found': 'errorScreens.notFound',
  '__root__.errorComponent': 'errorScreens.routeError',
  '__root__.notFoundComponent': 'errorScreens.notFound',
};
