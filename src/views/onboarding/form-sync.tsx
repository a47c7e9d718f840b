import { useFormikContext } from 'formik';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { FormErrors } from '../../forms/form-errors';
import { applyFieldErrors, type FieldErrors, type FormErrorMessage } from '../../forms/server-errors';

/**
 * Hands the form's values to `onChange` as they change (the machine persists the draft), from a
 * low-priority render (`useDeferredValue`, decision 150): a keystroke's own render commits the
 * typed character without the machine's transition and the stored draft, which follow in React's
 * next, interruptible render. When keys come faster than that render, the machine hears the latest
 * values (the draft is the form's latest state, not a log of keystrokes). No timer: React decides
 * when the deferred render runs; the submit does not wait for it (it carries its own values). When
 * the page is left before that render (`pagehide`), the latest values are handed over at once.
 */
export function ValuesSync<Values>({ onChange }: { onChange: (values: Values) => void }) {
  const { values: current } = useFormikContext<Values>();
  const values = useDeferredValue(current);
  const first = useRef(true);
  const latest = useRef(onChange);
  latest.current = onChange;
  // What the form holds now, and what the machine last heard (the initial values count as heard).
  const now = useRef(current);
  now.current = current;
  const sent = useRef(current);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    sent.current = values;
    latest.current(values);
  }, [values]);
  // A page left before the deferred render (a reload or a tab closed right after a change, on a
  // slow device) still hands over its latest values: `pagehide` comes before the document goes.
  useEffect(() => {
    const flush = () => {
      if (now.current === sent.current) return;
      sent.current = now.current;
      latest.current(now.current);
    };
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, []);
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
