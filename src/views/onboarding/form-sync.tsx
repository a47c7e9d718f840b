import { useFormikContext } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { FormErrors } from '../../forms/form-errors';
import { applyFieldErrors, type FieldErrors, type FormErrorMessage } from '../../forms/server-errors';

/** Hands every change of the form's values to `onChange` (the machine persists the draft). */
export function ValuesSync<Values>({ onChange }: { onChange: (values: Values) => void }) {
  const { values } = useFormikContext<Values>();
  const first = useRef(true);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    latest.current(values);
  }, [values]);
  return null;
}

/**
 * Puts the server's validation errors (from the machine's error) on the form's fields, focusing
 * the first, and shows the rest under the form (src/forms applyFieldErrors, spec §5).
 */
export function ServerErrors({
  fieldErrors,
  messages = [],
  fields,
  isFieldPath,
}: {
  fieldErrors: FieldErrors | null;
  /** Messages of the server's own to show under the form too (the invite's profile step). */
  messages?: readonly string[];
  fields: readonly string[];
  isFieldPath?: (path: string) => boolean;
}) {
  const formik = useFormikContext();
  const [under, setUnder] = useState<FormErrorMessage[]>([]);
  // Re-run only for a new server answer (formik's helpers and the field list are stable).
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!fieldErrors) {
      // Unchanged when there was nothing under the form (no re-render as the form first shows).
      setUnder((current) => (current.length === 0 ? current : []));
      return;
    }
    const rest =
      Object.keys(fieldErrors).length > 0
        ? applyFieldErrors(formik, fieldErrors, { fields, isFieldPath })
        : [];
    setUnder(rest);
  }, [fieldErrors]);
  return <FormErrors messages={[...under, ...messages]} />;
}
