import { useSelector } from '@xstate/react';
import { type CSSProperties, memo, type ReactNode, useDeferredValue, useEffect, useRef } from 'react';
import { selectStep } from '#machines/onboarding.machine';
import { nextStep, type OnboardingStepId, onboardingStepIds } from '#machines/onboarding-steps';
import { DirectoryPracticePage } from './directory-practice-page';
import { type OnboardingActor, OnboardingActorContext } from './onboarding-actor';
import { PinPage } from './pin-page';
import { RegisterAccountPage } from './register-account-page';
import { RegisterPracticePage } from './register-practice-page';
import { RegisterProfilePage } from './register-profile-page';
import { ThankYouPage } from './thank-you-page';

const notDisplayed: CSSProperties = { display: 'none' };

// Memoised: a screen re-renders for its own state, not because the wizard moved.
const Directory = memo(DirectoryPracticePage);
const Pin = memo(PinPage);
const Account = memo(RegisterAccountPage);
const Profile = memo(RegisterProfilePage);
const Practice = memo(RegisterPracticePage);
const ThankYou = memo(ThankYouPage);

/**
 * The screen of each step of the step table (machines/onboarding-steps.ts): a step without a
 * screen is a type error (decision 160).
 */
export const onboardingScreens: Record<OnboardingStepId, (props: { initialPin?: string }) => ReactNode> = {
  directoryPractice: () => <Directory />,
  pin: ({ initialPin }) => <Pin initialPin={initialPin} />,
  account: () => <Account />,
  profile: () => <Profile />,
  practice: () => <Practice />,
  thankYou: () => <ThankYou />,
};

/**
 * The onboarding wizard's screens for one onboarding actor (decision 041). The machine's current
 * step is shown; the step the user most likely reaches next is mounted ahead of time, in a
 * low-priority render, and not displayed (decision 045: its effects run then, not when it
 * is revealed), so moving on only reveals it. The move itself only flips visibility; unmounting
 * the step just left and mounting the new next step follow at low priority (`useDeferredValue`).
 * When a step is revealed after another, keyboard focus moves to its heading.
 */
export const OnboardingSteps = memo(function OnboardingSteps({
  actor,
  initialPin,
}: {
  actor: OnboardingActor;
  initialPin?: string;
}) {
  const step = useSelector(actor, selectStep);
  // The step as of the last low-priority render: the move itself only flips visibility; leaving
  // the old step and rendering the new next one come after, at low priority.
  const settled = useDeferredValue(step);
  // The step rendered ahead: in a low-priority render after the current step is on screen (none
  // in the first render, so the first screen is not slowed by the next one).
  // The step a user most likely reaches next from here: the table's next step.
  const ahead = useDeferredValue(nextStep(settled), null);
  const container = useRef<HTMLDivElement>(null);
  const shown = useRef(step);

  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    // In the next frame, with the layout the browser does anyway (not forced in between).
    const frame = requestAnimationFrame(() => {
      container.current?.querySelector<HTMLElement>(`[data-onboarding-step="${step}"] h1`)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [step]);

  return (
    <OnboardingActorContext.Provider value={actor}>
      <div ref={container}>
        {onboardingStepIds.map((s) =>
          s === step || s === ahead || s === settled ? (
            // Mounted (effects and subscriptions running) but not displayed: out of the layout,
            // the accessibility tree and the tab order. Revealing it changes this style only.
            <div key={s} data-onboarding-step={s} style={s === step ? undefined : notDisplayed}>
              {onboardingScreens[s]({ initialPin })}
            </div>
          ) : null,
        )}
      </div>
    </OnboardingActorContext.Provider>
  );
});
