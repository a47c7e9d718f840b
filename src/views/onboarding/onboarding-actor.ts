import { createContext, useContext } from 'react';
import type { OnboardingActor } from '#machines/onboarding.machine';

export type { OnboardingActor, OnboardingSnapshot } from '#machines/onboarding.machine';

/**
 * The onboarding flow's actor, handed to the step views by the flow's view (OnboardingView). The
 * actor belongs to the onboarding routes' layout screen (src/app/screens/onboarding.tsx, through
 * `useOnboardingActor` of src/app/live/onboarding.ts), which creates it, starts and stops it with
 * the route, and tells it of new addresses; a step view only reads its state and sends the user's
 * events.
 */
export const OnboardingActorContext = createContext<OnboardingActor | null>(null);

/** The flow's actor, for a step view rendered by the flow's view (OnboardingView). */
export function useOnboardingActorContext(): OnboardingActor {
  const actor = useContext(OnboardingActorContext);
  if (!actor) throw new Error('An onboarding step view is rendered outside the onboarding flow');
  return actor;
}
