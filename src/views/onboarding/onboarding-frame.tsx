import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { limits } from '#machines/constants';
import { StepProgress } from '../../ui/step-progress';

/**
 * The frame of an onboarding screen: the step indicator on the three steps (spec §2: step n of 3),
 * a heading and the content.
 */
export function OnboardingFrame({
  step,
  title,
  intro,
  children,
}: {
  step?: 1 | 2 | 3;
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        {step !== undefined && <StepProgress current={step} total={limits.onboardingSteps} />}
        {step !== undefined && (
          <Text size="sm" c="dimmed" data-testid="onboarding-step">
            <FormattedMessage
              id="onboarding.frame.step"
              defaultMessage="Step {step} of {total}"
              description="Onboarding step indicator"
              values={{ step, total: limits.onboardingSteps }}
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
