import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { type OnboardingStepId, progressOf } from '#machines/onboarding-steps';
import { StepProgress } from '../../ui/step-progress';

/**
 * The frame of an onboarding step's screen: the step indicator on the steps the step table numbers
 * (spec §2: step n of 3; machines/onboarding-steps.ts), a heading and the content.
 */
export function OnboardingFrame({
  step,
  title,
  intro,
  children,
}: {
  step: OnboardingStepId;
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const progress = progressOf(step);
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        {progress && <StepProgress current={progress.position} total={progress.total} />}
        {progress && (
          <Text size="sm" c="dimmed" data-testid="onboarding-step">
            <FormattedMessage
              id="onboarding.frame.step"
              defaultMessage="Step {step} of {total}"
              description="Onboarding step indicator"
              values={{ step: progress.position, total: progress.total }}
            />
          </Text>
        )}
        <Title order={1} tabIndex={-1}>
          {title}
        </Title>
        {intro && <Text>{intro}</Text>}
        {children}
      </Stack>
    </Container>
  );
}
