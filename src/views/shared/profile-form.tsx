import { Button, Stack } from '@mantine/core';
import { Form, Formik } from 'formik';
import { defineMessages, useIntl } from 'react-intl';
import type { Profile, SessionUser } from '#machines/domain';
import { FormField } from '../../forms/form-field';
import { useSchemaValidation } from '../../forms/use-schema-validation';
import { type ProfileFormValues, profileFields, profileSchema } from '../../validation/schemas';
import { ServerErrors } from '../onboarding/form-sync';
import { agreementLinkFor } from './agreement-link';

/**
 * The profile form (spec §5 'Profile'), shared by the invite pages (and usable by onboarding):
 * built from the forms library and `profileSchema`. Defaults come from the provider's
 * given_name, family_name, email, phone_number and birthdate (spec §3). Server validation errors
 * (a 400 answer) are put on the fields, the rest shown under the form.
 */

const messages = defineMessages({
  submit: {
    id: 'shared.profileForm.submit',
    defaultMessage: 'Continue',
    description: 'Submit button of the profile form',
  },
});

const fieldNames = profileFields.map((f) => f.name);

export function profileDefaultsOf(user: SessionUser | null): ProfileFormValues {
  return {
    firstName: user?.given_name ?? '',
    lastName: user?.family_name ?? '',
    email: user?.email ?? '',
    phone: user?.phone_number ?? '',
    dateOfBirth: user?.birthdate ?? '',
    privacy: false,
  };
}

export const toProfile = (values: ProfileFormValues): Profile => ({
  firstName: values.firstName.trim(),
  lastName: values.lastName.trim(),
  email: values.email,
  phone: values.phone.trim(),
  dateOfBirth: values.dateOfBirth,
});

export interface ProfileFormProps {
  user: SessionUser | null;
  saving: boolean;
  /** Field errors and message of a rejected (400) answer. */
  failure: { fieldErrors: Record<string, string[]>; message: string | null } | null;
  onSubmit: (profile: Profile) => void;
}

export function ProfileForm({ user, saving, failure, onSubmit }: ProfileFormProps) {
  const intl = useIntl();
  const validate = useSchemaValidation<ProfileFormValues>(profileSchema());
  const fieldErrors = failure?.fieldErrors ?? null;
  const extra =
    failure && Object.keys(failure.fieldErrors).length === 0 && failure.message ? [failure.message] : [];
  return (
    <Formik<ProfileFormValues>
      initialValues={profileDefaultsOf(user)}
      validate={validate}
      onSubmit={(values) => onSubmit(toProfile(values))}
    >
      <Form
        noValidate
        aria-label={intl.formatMessage({
          id: 'shared.profileForm.label',
          defaultMessage: 'Your profile',
          description: 'Accessible name of the profile form',
        })}
      >
        <Stack gap="md">
          {profileFields.map((field) => (
            <FormField key={field.name} field={field}>
              {agreementLinkFor(field.name)}
            </FormField>
          ))}
          <ServerErrors fieldErrors={failure ? fieldErrors : null} messages={extra} fields={fieldNames} />
          <Button type="submit" loading={saving}>
            {intl.formatMessage(messages.submit)}
          </Button>
        </Stack>
      </Form>
    </Formik>
  );
}
