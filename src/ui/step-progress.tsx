import { Stepper, type StepperProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

/** Clamps the current step between 1 and the total (spec §2). */
export function clampStep(current: number, total: number): number {
  if (!Number.isFinite(current)) return 1;
  return Math.min(Math.max(Math.trunc(current), 1), total);
}

export interface StepProgressProps extends Omit<StepperProps, 'active' | 'children' | 'onStepClick'> {
  /** 1-based current step; clamped between 1 and total. */
  current: number;
  /** Number of steps; nothing is shown when below 1. */
  total: number;
  /** Optional label per step. */
  labels?: readonly ReactNode[];
}

/**
 * Step progress indicator (spec §2): Mantine Stepper with the current step clamped to 1..total and
 * nothing rendered when total < 1. Steps before the current one show as completed.
 */
export function StepProgress({ current, total, labels, ...rest }: StepProgressProps) {
  const intl = useIntl();
  const count = Number.isFinite(total) ? Math.trunc(total) : 0;
  if (count < 1) return null;
  const step = clampStep(current, count);
  const label = intl.formatMessage(
    {
      id: 'ui.stepProgress.label',
      defaultMessage: 'Step {current} of {total}',
      description: 'Accessible name of the step progress indicator',
    },
    { current: step, total: count },
  );
  return (
    <Stepper
      size="sm"
      allowNextStepsSelect={false}
      {...rest}
      active={step - 1}
      // A name needs a role: a div's aria-label is ignored (docs/decisions/120-html-conformance.md).
      role="group"
      aria-label={label}
      data-current-step={step}
      data-total-steps={count}
    >
      {Array.from({ length: count }, (_, i) => (
        <Stepper.Step
          // Steps are positional: their index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length positional list
          key={i}
          label={labels?.[i]}
          // Mantine renders each step as a button; without a visible label a completed step shows
          // only a check icon and has no accessible name (Lighthouse / axe button-name).
          aria-label={
            labels?.[i] == null
              ? intl.formatMessage(
                  {
                    id: 'ui.stepProgress.stepName',
                    defaultMessage: '{completed, select, yes {Step {step}, completed} other {Step {step}}}',
                    description:
                      'Accessible name of one step of the step progress indicator when it has no visible label',
                  },
                  { step: i + 1, completed: i < step - 1 ? 'yes' : 'no' },
                )
              : undefined
          }
          aria-current={i === step - 1 ? 'step' : undefined}
        />
      ))}
    </Stepper>
  );
}
