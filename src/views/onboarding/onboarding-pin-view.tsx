import { Button, Group, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Formik, useFormikContext } from 'formik';
import { memo, useCallback } from 'react';
import { useIntl } from 'react-intl';
import { limits } from '#machines/constants';
import { SubmitForm } from '../../forms/submit-form';
import { useSchemaValidation } from '../../forms/use-schema-validation';
import { useBusyIndicator } from '../../ui/busy-indicator';
import { OneTimeCodeInput } from '../../ui/one-time-code-input';
import { pinSchema } from '../../validation/schemas';
import { limitedMessage, onboardingMessages as m } from './messages';
import { type OnboardingSnapshot, useOnboardingActorContext } from './onboarding-actor';
import { OnboardingFrame } from './onboarding-frame';

const selectVerifying = (s: OnboardingSnapshot) => s.hasTag('step:pin') && s.hasTag('submitting');
const selectError = (s: OnboardingSnapshot) => s.context.error;

/** /onboarding: the 4-digit code of the companion app (optional); `initialPin` from `?pin=`. */
export function OnboardingPinView({ initialPin }: { initialPin?: string }) {
  const intl = useIntl();
  const actor = useOnboardingActorContext();
  // Shown only when the check takes a while (decision 042): a quick answer just moves on.
  const busy = useBusyIndicator(actor, selectVerifying);
  const error = useSelector(actor, selectError);
  const validate = useSchemaValidation<{ pin: string }>(pinSchema);
  const submit = (values: { pin: string }) => actor.send({ type: 'pin.submit', pin: values.pin });

  const serverError =
    error?.code === 'pinRejected'
      ? error.messages.join(', ')
      : error?.code === 'pinInvalid'
        ? intl.formatMessage(m.pinInvalid)
        : error?.code === 'pinLimited'
          ? limitedMessage(intl, error.retryAfterSeconds)
          : null;

  const skip = useCallback(() => actor.send({ type: 'pin.skip' }), [actor]);

  return (
    <OnboardingFrame step="pin" title={intl.formatMessage(m.pinTitle)} intro={intl.formatMessage(m.pinIntro)}>
      <Formik
        initialValues={{ pin: initialPin ?? '' }}
        validate={validate}
        validateOnBlur={false}
        validateOnChange={false}
        onSubmit={submit}
      >
        <SubmitForm schema={pinSchema} onValid={submit}>
          <Stack gap="md">
            <PinBoxes busy={busy} serverError={serverError} />
            <PinActions busy={busy} onSkip={skip} />
          </Stack>
        </SubmitForm>
      </Formik>
    </OnboardingFrame>
  );
}

/**
 * The code's boxes, bound to Formik: the one part of the form that re-renders for a key (the
 * buttons beside it do not; a key is the first interaction of the page, issue 26).
 */
function PinBoxes({ busy, serverError }: { busy: boolean; serverError: string | null }) {
  const intl = useIntl();
  const { values, errors, submitCount, setFieldValue } = useFormikContext<{ pin: string }>();
  const change = useCallback((value: string) => setFieldValue('pin', value, false), [setFieldValue]);
  return (
    <div data-testid="pin-input">
      <OneTimeCodeInput
        length={limits.pinLength}
        type="number"
        value={values.pin}
        onChange={change}
        label={intl.formatMessage(m.pinLabel)}
        error={(submitCount > 0 ? errors.pin : undefined) ?? serverError ?? undefined}
        name="pin"
        autoFocus
        // Read-only, not disabled, while the code is checked: the focus stays put.
        readOnly={busy}
      />
    </div>
  );
}

/** Continue and the way past the code; memoised: typing in the boxes does not re-render them. */
const PinActions = memo(function PinActions({ busy, onSkip }: { busy: boolean; onSkip: () => void }) {
  const intl = useIntl();
  return (
    <Group>
      <Button type="submit" loading={busy}>
        {intl.formatMessage(m.pinContinue)}
      </Button>
      {/* A long label on a narrow screen wraps instead of being cut off. */}
      <Button variant="subtle" h="auto" py={6} styles={skipStyles} disabled={busy} onClick={onSkip}>
        {intl.formatMessage(m.pinSkip)}
      </Button>
    </Group>
  );
});

const skipStyles = { label: { whiteSpace: 'normal', textAlign: 'left' } } as const;
