import { Alert, Center, Loader, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { type OnboardingSnapshot, useOnboardingActor } from '../../app/live/onboarding';
import { LoginChooser } from '../../ui/login-chooser';
import { onboardingMessages as m } from './messages';
import { OnboardingFrame } from './onboarding-frame';

const selectChecking = (s: OnboardingSnapshot) =>
  s.matches({ account: 'checkingSession' }) || !s.matches('account');
const selectSigningUp = (s: OnboardingSnapshot) => s.matches({ account: 'signingUp' });
const selectFailed = (s: OnboardingSnapshot) => s.context.error?.code === 'signUpFailed';

/** Step 1 of 3: choose a login method to create an account (the sign-up screen). */
export function RegisterAccountPage() {
  const intl = useIntl();
  const actor = useOnboardingActor('account');
  const checking = useSelector(actor, selectChecking);
  const signingUp = useSelector(actor, selectSigningUp);
  const failed = useSelector(actor, selectFailed);

  return (
    <OnboardingFrame
      step={1}
      title={intl.formatMessage(m.accountTitle)}
      intro={intl.formatMessage(m.accountIntro)}
    >
      {checking ? (
        <Center py="xl">
          <Loader aria-label={intl.formatMessage(m.accountTitle)} />
        </Center>
      ) : (
        <Stack gap="md">
          {failed && (
            <Alert color="red" variant="light" role="alert">
              {intl.formatMessage(m.signUpFailed)}
            </Alert>
          )}
          <LoginChooser
            mode="signup"
            busy={signingUp}
            onChoose={(connection) => actor.send({ type: 'account.create', connection })}
          />
        </Stack>
      )}
    </OnboardingFrame>
  );
}
