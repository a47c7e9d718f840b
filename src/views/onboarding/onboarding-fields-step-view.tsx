import { Button, Stack } from '@mantine/core';
import { Formik } from 'formik';
import { useMemo } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';
import type { StepFieldValues } from '#machines/onboarding-draft';
import type { OnboardingStepId } from '#machines/onboarding-steps';
import { FormField } from '../../forms/form-field';
import { SubmitForm } from '../../forms/submit-form';
import { useSchemaValidation } from '../../forms/use-schema-validation';
import { buildSchema, type FieldSpec } from '../../validation/fields';
import { ValuesSync } from './form-sync';
import { onboardingMessages as m } from './messages';
import { useOnboardingActorContext } from './onboarding-actor';
import { OnboardingFrame } from './onboarding-frame';

/**
 * The screen of a step of required text fields (a step table row with `fields`, whose state the
 * machine builds from the row): the step's heading, its fields (named as the row names them) and
 * Continue. Each change is kept in the draft (`fields.change`); a valid submit moves on
 * (`fields.submit`). A step's own view file gives its title and field specs, with their messages.
 */
export function OnboardingFieldsStepView({
  step,
  title,
  fields,
}: {
  step: OnboardingStepId;
  title: MessageDescriptor;
  fields: readonly FieldSpec[];
}) {
  const intl = useIntl();
  const actor = useOnboardingActorContext();
  const schema = useMemo(() => buildSchema(fields.map((f) => ({ ...f, required: true }))), [fields]);
  const validate = useSchemaValidation<StepFieldValues>(schema);
  // The form starts from the draft (what was typed before a reload) and then holds the values itself.
  const initialValues = useMemo((): StepFieldValues => {
    const stored = actor.getSnapshot().context.draft.fields?.[step];
    return Object.fromEntries(fields.map((f) => [f.name, stored?.[f.name] ?? '']));
  }, [actor, step, fields]);
  const submit = (values: StepFieldValues) => actor.send({ type: 'fields.submit', values });

  return (
    <OnboardingFrame step={step} title={intl.formatMessage(title)}>
      <Formik<StepFieldValues> initialValues={initialValues} validate={validate} onSubmit={submit}>
        <SubmitForm schema={schema} onValid={submit}>
          <Stack gap="md">
            <ValuesSync<StepFieldValues>
              onChange={(values) => actor.send({ type: 'fields.change', values })}
            />
            {fields.map((field) => (
              <FormField key={field.name} field={{ ...field, required: true }} />
            ))}
            <Button type="submit">{intl.formatMessage(m.fieldsStepContinue)}</Button>
          </Stack>
        </SubmitForm>
      </Formik>
    </OnboardingFrame>
  );
}
