import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { selectActivation } from '#machines/onboarding.machine';
import { type practiceActivationMachine, selectTakingLong } from '#machines/practice-activation.machine';
import { onboardingMessages as m } from './messages';
import { useOnboardingActorContext } from './onboarding-actor';
import { OnboardingFrame } from './onboarding-frame';

/** /onboarding/thank-you?practiceKey=: waits for the practice's activation, then leaves for it. */
export function OnboardingThankYouView() {
  const actor = useOnboardingActorContext();
  // The wait is the step's child actor (machines/practice-activation.machine.ts).
  const activation = useSelector(actor, selectActivation);
  return <PracticeActivationView activation={activation} />;
}

/**
 * The thank-you step for its activation wait (machines/practice-activation.machine.ts, the step's
 * child actor; none yet while the step is rendered ahead).
 */
export function PracticeActivationView({
  activation,
}: {
  activation: ActorRefFrom<typeof practiceActivationMachine> | undefined;
}) {
  const intl = useIntl();
  const takingLong = useSelector(activation, selectTakingLong);
  return (
    <OnboardingFrame step="thankYou" title={intl.formatMessage(m.thankYouTitle)}>
      <Stack gap="md">
        <Text>{intl.formatMessage(m.thankYouActivating)}</Text>
        <Center py="md">
          {/* Decorative: the text above says what happens. */}
          <Loader aria-hidden="true" />
        </Center>
        {takingLong && (
          <Alert color="blue" variant="light" role="status">
            {intl.formatMessage(m.thankYouTakingLong)}
          </Alert>
        )}
      </Stack>
    </OnboardingFrame>
  );
}
