import { Center, Loader, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { directoryExistsMessage, onboardingMessages as m } from './messages';
import { type OnboardingSnapshot, useOnboardingActorContext } from './onboarding-actor';
import { OnboardingFrame } from './onboarding-frame';

const selectView = (s: OnboardingSnapshot): 'loading' | 'accountExists' | 'failed' =>
  s.hasTag('accountExists') ? 'accountExists' : s.hasTag('linkFailed') ? 'failed' : 'loading';
const selectName = (s: OnboardingSnapshot) => s.context.directoryPractice?.name ?? '';

/** /onboarding/directory-practice/{key}: pre-fills the registration from a shared directory practice. */
export function OnboardingDirectoryPracticeView() {
  const intl = useIntl();
  const actor = useOnboardingActorContext();
  const view = useSelector(actor, selectView);
  const name = useSelector(actor, selectName);

  if (view === 'failed') {
    return (
      <OnboardingFrame step="directoryPractice" title={intl.formatMessage(m.directoryFailedTitle)}>
        <Text role="alert">{intl.formatMessage(m.directoryFailed)}</Text>
      </OnboardingFrame>
    );
  }
  if (view === 'accountExists') {
    return (
      // Spec §8: the page title is 'Oops! Something went wrong' in both failure cases.
      <OnboardingFrame step="directoryPractice" title={intl.formatMessage(m.directoryFailedTitle)}>
        <Text role="alert">{intl.formatMessage(directoryExistsMessage, { name })}</Text>
      </OnboardingFrame>
    );
  }
  return (
    <OnboardingFrame step="directoryPractice" title={intl.formatMessage(m.directoryLoading)}>
      <Stack>
        <Center py="xl">
          <Loader role="status" aria-label={intl.formatMessage(m.directoryLoading)} />
        </Center>
      </Stack>
    </OnboardingFrame>
  );
}
