import { useFormikContext } from 'formik';
import type { FormEvent, ReactNode } from 'react';
import type { AnyObject, ObjectSchema } from 'yup';

/** True when the values pass the schema right now (synchronously; an async rule counts as not). */
export function isValidNow(schema: Pick<ObjectSchema<AnyObject>, 'validateSync'>, values: unknown): boolean {
  try {
    schema.validateSync(values, { abortEarly: true, strict: false });
    return true;
  } catch {
    return false;
  }
}

/**
 * Formik's `<Form>`, with a quicker submit: when the values already pass the schema, they go to
 * `onValid` at once, from the submit event, so the request leaves before Formik's submit cycle
 * re-renders the form (decision 041). Otherwise Formik's own submit runs: every field touched,
 * the errors shown, and Formik's `onSubmit` (pass the same handler) once its validation passes.
 *
 *   <Formik initialValues={…} validate={validate} onSubmit={send}>
 *     <SubmitForm schema={schema} onValid={send}>…</SubmitForm>
 *   </Formik>
 */
export function SubmitForm<Values>({
  schema,
  onValid,
  children,
}: {
  schema: Pick<ObjectSchema<AnyObject>, 'validateSync'>;
  onValid: (values: Values) => void;
  children: ReactNode;
}) {
  const formik = useFormikContext<Values>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (isValidNow(schema, formik.values)) {
      event.preventDefault();
      onValid(formik.values);
      return;
    }
    formik.handleSubmit(event);
  };
  return (
    <form noValidate onSubmit={submit} onReset={formik.handleReset}>
      {children}
    </form>
  );
}
