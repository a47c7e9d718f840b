import { Alert, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { LoginChooser } from '../../ui/login-chooser';
import { onboardingMessages as m } from './messages';
import { type OnboardingSnapshot, useOnboardingActorContext } from './onboarding-actor';
import { OnboardingFrame } from './onboarding-frame';

const selectSigningUp = (s: OnboardingSnapshot) => s.hasTag('step:account') && s.hasTag('submitting');
const selectFailed = (s: OnboardingSnapshot) => s.context.error?.code === 'signUpFailed';

/** Step 1 of 3: choose a login method to create an account (the sign-up screen). */
export function OnboardingAccountView() {
  const intl = useIntl();
  const actor = useOnboardingActorContext();
  const signingUp = useSelector(actor, selectSigningUp);
  const failed = useSelector(actor, selectFailed);

  return (
    <OnboardingFrame
      step="account"
      title={intl.formatMessage(m.accountTitle)}
      intro={intl.formatMessage(m.accountIntro)}
    >
      {/* The chooser shows at once, also while the session is checked (a moment; a signed-in user
          then moves on to the profile): the step is rendered ahead (decision 045). */}
      <Stack gap="md" aria-busy={signingUp}>
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
    </OnboardingFrame>
  );
}
