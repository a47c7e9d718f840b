import { useRouter, useRouterState } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type OnboardingRoute, type OnboardingStep, selectRestarts } from '#machines/onboarding.machine';
import { useLocaleControl } from '../../i18n/intl-provider';
import { useRuntimeConfig } from '../../ui/runtime-config';
import { OnboardingSteps } from '../../views/onboarding/onboarding-flow';
import { useRootActors } from '../actors-context';
import { afterPaintNavigator, onboardingInputOf, provideOnboarding, routeChanged } from '../live/onboarding';

/** The step of each onboarding route (children of the 'onboarding-flow' layout, src/app/routes.tsx). */
const stepOfRoute: Record<string, OnboardingStep> = {
  '/onboarding-flow/onboarding': 'pin',
  '/onboarding-flow/onboarding/register-account': 'account',
  '/onboarding-flow/onboarding/register-profile': 'profile',
  '/onboarding-flow/onboarding/register-practice': 'practice',
  '/onboarding-flow/onboarding/thank-you': 'thankYou',
  '/onboarding-flow/onboarding/directory-practice/$directoryPracticeKey': 'directoryPractice',
};

interface FlowRoute extends OnboardingRoute {
  /** /onboarding?pin=: the pin the pin step starts with. */
  initialPin: string | undefined;
}

/**
 * The route the address names, matched by the router from the location alone (the location
 * changes at once on Back; the route matches follow a little later), with the step routes' own
 * search validation.
 */
function useFlowRoute(): FlowRoute {
  const router = useRouter();
  const location = useRouterState({ select: (s) => s.location });
  const matches = router.matchRoutes(location.pathname, location.search);
  const leaf = matches.findLast((m) => m.routeId in stepOfRoute);
  const params = (leaf?.params ?? {}) as { directoryPracticeKey?: string };
  const search = (leaf?.search ?? {}) as { pin?: string; practiceKey?: string };
  return {
    step: leaf ? (stepOfRoute[leaf.routeId] ?? 'pin') : 'pin',
    directoryPracticeKey: params.directoryPracticeKey ?? null,
    practiceKey: search.practiceKey ?? null,
    initialPin: search.pin,
  };
}

/**
 * The screen of every /onboarding route (the routes are children of one layout): it owns the
 * flow's actor for as long as the layout is mounted (leaving the onboarding routes stops it). The
 * route gives the step to start at (a reload, a link, the identity provider's redirect back);
 * from there the machine moves the wizard and the address follows it after the new step is
 * painted (decisions 041, 043). Every new address is told to the machine (`route.changed`, with
 * the stored draft): an address that is not the machine's step (Back/Forward, an edited address)
 * restarts the flow there, as a reload would.
 */
export function OnboardingFlowScreen() {
  const route = useFlowRoute();
  const actors = useRootActors();
  const config = useRuntimeConfig();
  const router = useRouter();
  const { setLocale } = useLocaleControl();
  const [navigator] = useState(() => afterPaintNavigator(router));
  const [machine] = useState(() =>
    provideOnboarding({
      actors,
      config,
      navigate: navigator.navigate,
      dropPendingNavigations: navigator.cancel,
      setLocale,
    }),
  );
  const actor = useActorRef(machine, { input: onboardingInputOf(route, config) });
  // Leaving the flow drops the navigations still queued.
  useEffect(() => () => navigator.cancel(), [navigator]);

  const routeKey = `${route.step}|${route.directoryPracticeKey ?? ''}|${route.practiceKey ?? ''}`;
  const seen = useRef(routeKey);
  const latest = useRef(route);
  latest.current = route;
  useLayoutEffect(() => {
    if (seen.current === routeKey) return;
    seen.current = routeKey;
    const { step, directoryPracticeKey, practiceKey } = latest.current;
    actor.send(routeChanged({ step, directoryPracticeKey, practiceKey }));
  }, [actor, routeKey]);

  // A restarted flow starts with fresh screens (forms from the stored draft), as a new page would.
  const restarts = useSelector(actor, selectRestarts);
  return <OnboardingSteps key={restarts} actor={actor} initialPin={route.initialPin} />;
}
