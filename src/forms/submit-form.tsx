import { useFormikContext } from 'formik';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
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

/** Counts the leaf errors of a Formik errors object (nested objects and arrays). */
function errorCount(errors: unknown): number {
  if (typeof errors === 'string') return errors ? 1 : 0;
  if (errors && typeof errors === 'object') {
    return Object.values(errors).reduce<number>((n, e) => n + errorCount(e), 0);
  }
  return 0;
}

/**
 * Formik's `<Form>`, with a quicker submit: when the values already pass the schema, they go to
 * `onValid` at once, from the submit event, so the request leaves before Formik's submit cycle
 * re-renders the form (decision 045). Otherwise Formik's own submit runs: every field touched,
 * the errors shown, and Formik's `onSubmit` (pass the same handler) once its validation passes.
 * A submit that fails validation focuses the first invalid field and announces how many fields
 * need attention in a polite live region (decision 042).
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
  const intl = useIntl();
  const formik = useFormikContext<Values>();
  const form = useRef<HTMLFormElement>(null);
  const handled = useRef(0);
  const [announcement, setAnnouncement] = useState('');
  const { submitCount, isSubmitting, errors } = formik;

  useEffect(() => {
    if (submitCount === handled.current || isSubmitting) return;
    handled.current = submitCount;
    const count = errorCount(errors);
    if (count === 0) {
      setAnnouncement('');
      return;
    }
    setAnnouncement(
      intl.formatMessage(
        {
          id: 'forms.submit.invalid',
          // `{count}`, not `#`: `#` formats with Intl.NumberFormat, whose first use is a long task
          // (about 250 ms of CPU at 4×) in the submit's frame.
          defaultMessage:
            '{count, plural, one {{count} field needs} other {{count} fields need}} your attention.',
          description: 'Announced (live region) when a form is submitted with invalid fields',
        },
        { count },
      ),
    );
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, isSubmitting, errors, intl]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (isValidNow(schema, formik.values)) {
      event.preventDefault();
      onValid(formik.values);
      return;
    }
    formik.handleSubmit(event);
  };
  return (
    <form ref={form} noValidate onSubmit={submit} onReset={formik.handleReset}>
      {children}
      <div role="status" aria-live="polite" style={visuallyHidden} data-testid="form-announcement">
        {announcement}
      </div>
    </form>
  );
}

/** Read by screen readers, not shown (the fields show their own errors). */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
