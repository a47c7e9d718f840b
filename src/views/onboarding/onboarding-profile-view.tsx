import { Button, Center, Loader, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Formik } from 'formik';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { Profile } from '#machines/domain';
import { FormErrors } from '../../forms/form-errors';
import { FormField } from '../../forms/form-field';
import { defaultErrorMessage } from '../../forms/server-errors';
import { SubmitForm } from '../../forms/submit-form';
import { useSchemaValidation } from '../../forms/use-schema-validation';
import { useBusyIndicator } from '../../ui/busy-indicator';
import { type ProfileFormValues, profileFields, profileSchema } from '../../validation/schemas';
import { agreementLinkFor } from '../shared/agreement-link';
import { ServerErrors, ValuesSync } from './form-sync';
import { onboardingMessages as m } from './messages';
import { type OnboardingSnapshot, useOnboardingActorContext } from './onboarding-actor';
import { OnboardingFrame } from './onboarding-frame';

const selectLoading = (s: OnboardingSnapshot) => !s.hasTag('profileForm');
const selectSaving = (s: OnboardingSnapshot) => s.hasTag('step:profile') && s.hasTag('submitting');
const selectHasProfile = (s: OnboardingSnapshot) => s.context.draft.profile !== null;
const selectError = (s: OnboardingSnapshot) => s.context.error;

const fieldNames = profileFields.map((f) => f.name);

const toProfile = (values: ProfileFormValues): Profile => ({
  firstName: values.firstName,
  lastName: values.lastName,
  email: values.email,
  phone: values.phone,
  dateOfBirth: values.dateOfBirth,
});

/** Step 2 of 3: the profile (skipped by the machine when an existing profile is complete). */
export function OnboardingProfileView() {
  const intl = useIntl();
  const actor = useOnboardingActorContext();
  const loading = useSelector(actor, selectLoading);
  // Shown only when saving takes a while (decision 042): a quick answer just moves on.
  const saving = useBusyIndicator(actor, selectSaving);
  const hasProfile = useSelector(actor, selectHasProfile);
  // The form starts from the draft (the provider's details, or what was typed before a reload) and
  // then holds the values itself: the page does not re-render as the draft follows the typing or
  // the submit (decision 042).
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again only when the form (re)appears
  const initialValues = useMemo((): ProfileFormValues | null => {
    const profile = actor.getSnapshot().context.draft.profile;
    return profile ? { ...profile, privacy: false } : null;
  }, [actor, loading, hasProfile]);
  const error = useSelector(actor, selectError);
  const validate = useSchemaValidation<ProfileFormValues>(profileSchema());
  const submit = (values: ProfileFormValues) =>
    actor.send({ type: 'profile.submit', profile: toProfile(values) });

  return (
    <OnboardingFrame step="profile" title={intl.formatMessage(m.profileTitle)}>
      {loading || !initialValues ? (
        <Center py="xl">
          <Loader role="status" aria-label={intl.formatMessage(m.profileTitle)} />
        </Center>
      ) : (
        <Formik<ProfileFormValues> initialValues={initialValues} validate={validate} onSubmit={submit}>
          <SubmitForm schema={profileSchema()} onValid={submit}>
            <Stack gap="md">
              <ValuesSync<ProfileFormValues>
                onChange={(values) => actor.send({ type: 'profile.change', profile: toProfile(values) })}
              />
              {profileFields.map((field) => (
                <FormField key={field.name} field={field}>
                  {agreementLinkFor(field.name)}
                </FormField>
              ))}
              <ServerErrors
                fieldErrors={error?.code === 'profileRejected' ? error.fieldErrors : null}
                fields={fieldNames}
              />
              {error?.code === 'profileFailed' && (
                <FormErrors messages={[error.message ?? defaultErrorMessage]} />
              )}
              <Button type="submit" loading={saving}>
                {intl.formatMessage(m.profileContinue)}
              </Button>
            </Stack>
          </SubmitForm>
        </Formik>
      )}
    </OnboardingFrame>
  );
}
