import { type FormikErrors, setIn } from 'formik';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { AnyObject, ObjectSchema } from 'yup';
import type { Descriptor } from '../validation/messages';
import {
  formatValidationMessage,
  type ValidationMessage,
  validationIssues,
} from '../validation/validation-message';

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
 * A Formik `validate` function for a yup schema of src/validation: runs every rule and stores the
 * first message of each field, formatted in the current locale.
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
      const issues = await validationIssues(schema, values);
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
