import { createContext, useContext } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { onboardingMachine } from '#machines/onboarding.machine';

/**
 * The onboarding flow's actor, handed to the step screens by the flow (OnboardingSteps). The
 * actor belongs to the onboarding routes' layout screen (src/app/screens/onboarding-flow.tsx),
 * which creates it, starts and stops it with the route, and tells it of new addresses; a step
 * screen only reads its state and sends the user's events.
 */
export type OnboardingActor = ActorRefFrom<typeof onboardingMachine>;
export type OnboardingSnapshot = SnapshotFrom<typeof onboardingMachine>;

export const OnboardingActorContext = createContext<OnboardingActor | null>(null);

/** The flow's actor, for a step screen rendered by the flow (OnboardingSteps). */
export function useOnboardingActor(): OnboardingActor {
  const actor = useContext(OnboardingActorContext);
  if (!actor) throw new Error('An onboarding step screen is rendered outside the onboarding flow');
  return actor;
}
