import { useRouter, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useLayoutEffect, useRef } from 'react';
import { type OnboardingRoute, selectRestarts } from '#machines/onboarding.machine';
import { isFlowRouteId, stepOfRouteId } from '#machines/onboarding-steps';
import { OnboardingView } from '../../views/onboarding/onboarding-view';
import { routeChanged, useOnboardingActor } from '../live/onboarding';

interface FlowRoute extends OnboardingRoute {
  /** /onboarding?pin=: the pin the pin step starts with. */
  initialPin: string | undefined;
}

/**
 * The route the address names, matched by the router from the location alone (the location
 * changes at once on Back; the route matches follow a little later), with the step routes' own
 * search validation. The step is the step table's (machines/onboarding-steps.ts): a route of the
 * flow that the table does not know throws (`UnknownStepRouteError`, to the route's error screen)
 * instead of falling back to a step. An address outside the flow (the layout is leaving; its
 * screen unmounts next) keeps the last route of the flow.
 */
function useFlowRoute(): FlowRoute {
  const router = useRouter();
  const location = useRouterState({ select: (s) => s.location });
  const last = useRef<FlowRoute | null>(null);
  const matches = router.matchRoutes(location.pathname, location.search);
  const leaf = matches.findLast((m) => isFlowRouteId(m.routeId));
  if (!leaf) {
    if (last.current) return last.current;
    throw new Error(`onboarding: ${location.pathname} is not a route of the onboarding flow`);
  }
  const params = leaf.params as { directoryPracticeKey?: string };
  const search = leaf.search as { pin?: string; practiceKey?: string };
  const route: FlowRoute = {
    step: stepOfRouteId(leaf.routeId),
    directoryPracticeKey: params.directoryPracticeKey ?? null,
    practiceKey: search.practiceKey ?? null,
    initialPin: search.pin,
  };
  last.current = route;
  return route;
}

/**
 * The screen of every /onboarding route (the routes are children of one layout): it owns the
 * flow's actor for as long as the layout is mounted (leaving the onboarding routes stops it). The
 * route gives the step to start at (a reload, a link, the identity provider's redirect back);
 * from there the machine moves the wizard and the address follows it after the new step is
 * painted (decision 045). Every new address is told to the machine (`route.changed`, with
 * the stored draft): an address that is not the machine's step (Back/Forward, an edited address)
 * restarts the flow there, as a reload would.
 */
export function OnboardingScreen() {
  const route = useFlowRoute();
  const actor = useOnboardingActor(() => route);

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
  return <OnboardingView key={restarts} actor={actor} initialPin={route.initialPin} />;
}
