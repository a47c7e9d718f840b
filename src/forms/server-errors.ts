import type { FormikHelpers } from 'formik';
import { ApiError, apiMessages, type ClientMessage } from '../api/client';
import { fieldId } from './fields';

/** A message to show under a form: the server's text, or a descriptor the UI formats. */
export type FormErrorMessage = string | ClientMessage;

/** Field errors as a failed call reports them: payload path → messages (spec §8). */
export type FieldErrors = Record<string, string[]>;

/** 'An error occurred, please try again': what a form shows for a failure without the server's words. */
export const defaultErrorMessage: ClientMessage = apiMessages.default;

export interface ApplyServerErrorsOptions {
  /** Focus the first field that received an error (default true). */
  focus?: boolean;
  /**
   * The form's field names in display order. When given, only these names are set on the form
   * (others go under it) and "first" means first in this order; otherwise the server's order.
   */
  fields?: readonly string[];
  /** Which error paths belong on the form's fields (spec §5: paths containing 'practice.'). */
  isFieldPath?: (path: string) => boolean;
  /** Where to look for the inputs (default document). */
  root?: Pick<Document, 'getElementById'>;
}

/** `Practice.Address.City` → `practice.address.city` (servers differ in casing). */
export function normaliseErrorPath(path: string): string {
  return path
    .split('.')
    .map((segment) => (segment ? segment.charAt(0).toLowerCase() + segment.slice(1) : segment))
    .join('.');
}

const defaultIsFieldPath = (path: string) => path.includes('practice.');

/**
 * Maps a failed request onto a Formik form (spec §5): error paths containing 'practice.' are set
 * on the matching fields (marked touched so they show) and the first of them is focused; every
 * other message is returned to be shown under the form (`<FormErrors messages />`). When nothing
 * could be placed on a field and the server sent no other message, the error's own message (or
 * 'An error occurred, please try again') is returned.
 */
export function applyServerErrors<Values>(
  formik: Pick<FormikHelpers<Values>, 'setFieldError' | 'setFieldTouched'>,
  error: unknown,
  options: ApplyServerErrorsOptions = {},
): FormErrorMessage[] {
  if (!(error instanceof ApiError)) return [apiMessages.default];
  const fallback: FormErrorMessage =
    error.messageDescriptor ?? (error.message.trim() !== '' ? error.message : apiMessages.default);
  return placeFieldErrors(formik, error.fieldErrors, options, fallback);
}

/**
 * The same for field errors given as such (a machine's failure: no ApiError in the views): set on
 * the fields, the rest returned for under the form; 'An error occurred, please try again' when
 * nothing was placed and there is nothing else to say.
 */
export function applyFieldErrors<Values>(
  formik: Pick<FormikHelpers<Values>, 'setFieldError' | 'setFieldTouched'>,
  fieldErrors: FieldErrors,
  options: ApplyServerErrorsOptions = {},
): FormErrorMessage[] {
  return placeFieldErrors(formik, fieldErrors, options, apiMessages.default);
}

function placeFieldErrors<Values>(
  formik: Pick<FormikHelpers<Values>, 'setFieldError' | 'setFieldTouched'>,
  fieldErrors: FieldErrors,
  options: ApplyServerErrorsOptions,
  fallback: FormErrorMessage,
): FormErrorMessage[] {
  const isFieldPath = options.isFieldPath ?? defaultIsFieldPath;
  const known = options.fields ? new Set(options.fields) : null;
  const onFields: Array<[string, string]> = [];
  const under: FormErrorMessage[] = [];

  for (const [rawPath, list] of Object.entries(fieldErrors)) {
    const path = normaliseErrorPath(rawPath);
    const first = list.find((m) => m.trim() !== '');
    if (first === undefined) continue;
    if (isFieldPath(path) && (known === null || known.has(path))) onFields.push([path, first]);
    else under.push(...list.filter((m) => m.trim() !== ''));
  }

  if (options.fields) {
    const order = options.fields;
    onFields.sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  }
  for (const [path, message] of onFields) {
    formik.setFieldTouched(path, true, false);
    formik.setFieldError(path, message);
  }

  if (onFields.length > 0 && options.focus !== false) {
    const root = options.root ?? (typeof document === 'undefined' ? undefined : document);
    const target = root?.getElementById(fieldId(onFields[0]?.[0] ?? ''));
    if (target instanceof HTMLElement) target.focus();
  }

  if (onFields.length === 0 && under.length === 0) return [fallback];
  return under;
}
