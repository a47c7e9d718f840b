import { createRootRouteWithContext, createRoute } from '@tanstack/react-router';
import {
  type OnboardingStepId,
  onboardingFlowRouteId,
  onboardingStepTable,
} from '#machines/onboarding-steps';
import { signedInOnlyPending } from './guard-screens';
import { requireSignedIn } from './guards';
import { lazyScreen, withForms } from './lazy-screen';
import { RootLayout } from './root-layout';
import { RouteErrorScreen } from './route-error';
import type { RouterContext } from './router-context';
import { ServerErrorScreen } from './screens/server-error';
import {
  anySearch,
  emailVerificationUnverifiedSearch,
  emailVerificationVerifiedSearch,
  joinPracticeCodeSearch,
  joinPracticeLinkSearch,
  onboardingSearch,
  thankYouSearch,
} from './search-schemas';

/**
 * Every route of spec §2. Each screen is its own lazily loaded chunk, so a route loads only its
 * own code. Guards (`beforeLoad`) read the session actor from the router context.
 */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // The product's failure screen, never the router's default one (decision 195).
  errorComponent: RouteErrorScreen,
  notFoundComponent: lazyScreen(() => import('../views/errors/not-found-view'), 'NotFoundView'),
});

const route = <TPath extends string, TModule extends Record<string, unknown>>(
  path: TPath,
  load: () => Promise<TModule>,
  name: keyof TModule & string,
) => createRoute({ getParentRoute: () => rootRoute, path, component: lazyScreen(load, name) });

export const landingRoute = route('/', () => import('./screens/landing'), 'LandingScreen');

export const authRedirectRoute = route(
  '/auth/redirect',
  () => import('./screens/auth-redirect'),
  'AuthRedirectScreen',
);

export const emailVerificationUnverifiedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/unverified-email',
  validateSearch: emailVerificationUnverifiedSearch,
  beforeLoad: requireSignedIn,
  ...signedInOnlyPending,
  component: lazyScreen(
    () => import('./screens/email-verification-unverified'),
    'EmailVerificationUnverifiedScreen',
  ),
});

export const emailVerificationVerifiedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/verified-email',
  validateSearch: emailVerificationVerifiedSearch,
  component: lazyScreen(
    () => import('./screens/email-verification-verified'),
    'EmailVerificationVerifiedScreen',
  ),
});

/**
 * The onboarding wizard (spec §2): its routes are children of one pathless layout whose screen,
 * OnboardingScreen, shows the machine's current step and renders the next one ahead of time
 * (decision 045). The step routes give the addresses and their search parameters.
 */
export const onboardingFlowRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: onboardingFlowRouteId,
  component: lazyScreen(
    withForms(() => import('./screens/onboarding')),
    'OnboardingScreen',
  ),
});

/**
 * The search parameters of the step addresses that take any (the others take none). The step
 * routes themselves are the step table's (machines/onboarding-steps.ts, decision 160): one child
 * of the layout per step, at the step's path.
 */
const stepSearch: { [S in OnboardingStepId]?: (search: Record<string, unknown>) => object } = {
  pin: onboardingSearch,
  thankYou: thankYouSearch,
};

export const onboardingStepRoutes = onboardingStepTable.map((step) => {
  const validateSearch = stepSearch[step.id];
  return createRoute({
    getParentRoute: () => onboardingFlowRoute,
    path: step.path,
    ...(validateSearch ? { validateSearch } : {}),
  });
});

export const switchPracticeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/switch-practice',
  // Signed-in only (spec §2): the authentication guard starts a redirect login otherwise.
  beforeLoad: requireSignedIn,
  ...signedInOnlyPending,
  component: lazyScreen(() => import('./screens/switch-practice'), 'SwitchPracticeScreen'),
});

export const joinPracticeLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invite',
  validateSearch: joinPracticeLinkSearch,
  component: lazyScreen(
    withForms(() => import('./screens/join-practice-link')),
    'JoinPracticeLinkScreen',
  ),
});

export const joinPracticeCodeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invite-code',
  validateSearch: joinPracticeCodeSearch,
  component: lazyScreen(
    withForms(() => import('./screens/join-practice-code')),
    'JoinPracticeCodeScreen',
  ),
});

export const portalRedirectMobileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/mobile/$',
  validateSearch: anySearch,
  component: lazyScreen(() => import('./screens/portal-redirect'), 'PortalRedirectScreen'),
});

export const portalRedirectBillingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/billing/$',
  validateSearch: anySearch,
  component: lazyScreen(() => import('./screens/portal-redirect'), 'PortalRedirectScreen'),
});

// The failure screen the flows send a failed call to ships with the app (decision 195): after a
// network drop it must show, and go back by itself once online, without fetching anything.
export const serverErrorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/server-error',
  component: ServerErrorScreen,
});
export const redirectedRoute = route(
  '/redirected',
  () => import('../views/errors/redirected-view'),
  'RedirectedView',
);
export const noAccessRoute = route(
  '/no-access',
  () => import('../views/errors/no-access-view'),
  'NoAccessView',
);
export const notFoundRoute = route(
  '/not-found',
  () => import('../views/errors/not-found-view'),
  'NotFoundView',
);

export const routeTree = rootRoute.addChildren([
  landingRoute,
  authRedirectRoute,
  emailVerificationUnverifiedRoute,
  emailVerificationVerifiedRoute,
  onboardingFlowRoute.addChildren(onboardingStepRoutes),
  switchPracticeRoute,
  joinPracticeLinkRoute,
  joinPracticeCodeRoute,
  portalRedirectMobileRoute,
  portalRedirectBillingRoute,
  serverErrorRoute,
  redirectedRoute,
  noAccessRoute,
  notFoundRoute,
]);
