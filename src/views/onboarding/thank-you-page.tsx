import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { type OnboardingSnapshot, useOnboardingActor } from '../../app/live/onboarding';
import { onboardingMessages as m } from './messages';
import { OnboardingFrame } from './onboarding-frame';

const selectTakingLong = (s: OnboardingSnapshot) => s.hasTag('takingLong');

/** /onboarding/thank-you?practiceKey=: waits for the practice's activation, then leaves for it. */
export function ThankYouPage() {
  const intl = useIntl();
  const actor = useOnboardingActor('thankYou');
  const takingLong = useSelector(actor, selectTakingLong);
  return (
    <OnboardingFrame title={intl.formatMessage(m.thankYouTitle)}>
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
