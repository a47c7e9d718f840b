import { useSelector } from '@xstate/react';
import { type CSSProperties, memo, type ReactNode, useDeferredValue, useEffect, useRef } from 'react';
import { selectStep } from '#machines/onboarding.machine';
import { nextStep, type OnboardingStepId, onboardingStepIds } from '#machines/onboarding-steps';
import { OnboardingAccountView } from './onboarding-account-view';
import { type OnboardingActor, OnboardingActorContext } from './onboarding-actor';
import { OnboardingDirectoryPracticeView } from './onboarding-directory-practice-view';
import { OnboardingPinView } from './onboarding-pin-view';
import { OnboardingPracticeView } from './onboarding-practice-view';
import { OnboardingProfileView } from './onboarding-profile-view';
import { OnboardingThankYouView } from './onboarding-thank-you-view';

/**
 * The step rendered ahead (decision 045): styled and laid out when it is mounted, so revealing it
 * recalculates no style and lays out nothing new, but invisible (not painted, not focusable, not
 * hit, out of the accessibility tree), inert, and out of the flow in a clipped box of no height at
 * the top of the steps' container (no effect on the shown step's layout or the page's scroll).
 */
const renderedAhead: CSSProperties = {
  position: 'absolute',
  insetInline: 0,
  top: 0,
  height: 0,
  overflow: 'clip',
  visibility: 'hidden',
};
/** The step just left, until it is unmounted: hiding it drops its styles (cheap). */
const left: CSSProperties = { display: 'none' };
/** The containing block of the step rendered ahead: the steps' own box. */
const steps: CSSProperties = { position: 'relative' };

// Memoised: a step's view re-renders for its own state, not because the wizard moved.
const Directory = memo(OnboardingDirectoryPracticeView);
const Pin = memo(OnboardingPinView);
const Account = memo(OnboardingAccountView);
const Profile = memo(OnboardingProfileView);
const Practice = memo(OnboardingPracticeView);
const ThankYou = memo(OnboardingThankYouView);

/**
 * The view of each step of the step table (machines/onboarding-steps.ts): a step without a
 * view is a type error (decision 160).
 */
export const onboardingStepViews: Record<OnboardingStepId, (props: { initialPin?: string }) => ReactNode> = {
  directoryPractice: () => <Directory />,
  pin: ({ initialPin }) => <Pin initialPin={initialPin} />,
  account: () => <Account />,
  profile: () => <Profile />,
  practice: () => <Practice />,
  thankYou: () => <ThankYou />,
};

/**
 * The onboarding wizard's screens for one onboarding actor (decision 045). The machine's current
 * step is shown; the step the user most likely reaches next is mounted ahead of time, in a
 * low-priority render, and not displayed (decision 045: its effects run then, not when it
 * is revealed), so moving on only reveals it. The move itself only flips visibility; unmounting
 * the step just left and mounting the new next step follow at low priority (`useDeferredValue`).
 * When a step is revealed after another, keyboard focus moves to its heading.
 */
export const OnboardingView = memo(function OnboardingView({
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
      <div ref={container} style={steps}>
        {onboardingStepIds.map((s) =>
          s === step || s === ahead || s === settled ? (
            // The step ahead is mounted (effects and subscriptions running), styled and laid out,
            // but invisible and inert; revealing it removes that style and the attribute only.
            <div
              key={s}
              data-onboarding-step={s}
              style={s === step ? undefined : s === ahead ? renderedAhead : left}
              inert={s !== step}
            >
              {onboardingStepViews[s]({ initialPin })}
            </div>
          ) : null,
        )}
      </div>
    </OnboardingActorContext.Provider>
  );
});
