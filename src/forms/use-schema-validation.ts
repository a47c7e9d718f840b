import { type FormikErrors, setIn } from 'formik';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { type AnyObject, type ObjectSchema, ValidationError } from 'yup';
import { type Descriptor, formMessages } from '../validation/messages';
import {
  formatValidationMessage,
  issuesFromError,
  type ValidationIssue,
  type ValidationMessage,
} from '../validation/validation-message';
import { afterNextPaint } from './after-paint';

/** Formats validation messages (descriptor + values) in the current locale. */
export function useFormatValidationMessage(): (message: ValidationMessage) => string {
  const intl = useIntl();
  return useCallback(
    (message: ValidationMessage) =>
      formatValidationMessage(message, (descriptor: Descriptor, values) =>
        intl.formatMessage(descriptor, values),
      ),
    [intl],
  );
}

/**
 * Every issue of the values (empty when valid), as `validationIssues` of src/validation finds them,
 * without a stack trace per failed rule: yup captures one for each error it creates (an empty form
 * fails ten rules at once), and nothing here reads them (decision 150).
 */
async function issuesOf(
  schema: Pick<ObjectSchema<AnyObject>, 'validate'>,
  values: unknown,
): Promise<ValidationIssue[]> {
  try {
    await schema.validate(values, { abortEarly: false, strict: false, disableStackTrace: true });
    return [];
  } catch (error) {
    if (ValidationError.isError(error)) return issuesFromError(error, formMessages.invalid);
    throw error;
  }
}

/**
 * A Formik `validate` function for a yup schema of src/validation: runs every rule and stores the
 * first message of each field, formatted in the current locale.
 *
 * It starts after the next frame is presented (decision 150): Formik validates the whole form on
 * every change, from the change's event handler, and the schema's rules cost more than the change
 * itself (tens of ms at 4× CPU on the practice form), so the keystroke's frame no longer waits
 * for them. The errors show one frame later; Formik applies validations in the order they finish,
 * and these finish in the order they started.
 *
 *   const validate = useSchemaValidation(practiceSchema(region));
 *   <Formik initialValues={...} validate={validate} onSubmit={...}>
 */
export function useSchemaValidation<Values>(
  schema: Pick<ObjectSchema<AnyObject>, 'validate'>,
): (values: Values) => Promise<FormikErrors<Values>> {
  const format = useFormatValidationMessage();
  return useCallback(
    async (values: Values) => {
      await afterNextPaint();
      const issues = await issuesOf(schema, values);
      let errors: FormikErrors<Values> = {};
      const seen = new Set<string>();
      for (const issue of issues) {
        if (seen.has(issue.path)) continue;
        seen.add(issue.path);
        errors = setIn(errors, issue.path, format(issue.message)) as FormikErrors<Values>;
      }
      return errors;
    },
    [schema, format],
  );
}
