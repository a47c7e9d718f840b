/**
 * What a yup error carries here: a message descriptor plus its values (values may themselves be
 * descriptors, e.g. the field label), never a formatted string. The client formats it with
 * `intl.formatMessage`, the server with `intl-messageformat` (`format.ts`). Pure module.
 */
import type { AnyObject, ObjectSchema, ValidationError } from 'yup';
import type { Descriptor } from './messages';
import { formMessages } from './messages';

export type MessageArg = string | number | Descriptor;

export interface ValidationMessage {
  descriptor: Descriptor;
  values: Record<string, MessageArg>;
}

export function isDescriptor(value: unknown): value is Descriptor {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    (typeof (value as { defaultMessage?: unknown }).defaultMessage === 'string' ||
      Array.isArray((value as { defaultMessage?: unknown }).defaultMessage))
  );
}

export function isValidationMessage(value: unknown): value is ValidationMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    isDescriptor((value as { descriptor?: unknown }).descriptor) &&
    typeof (value as { values?: unknown }).values === 'object'
  );
}

export function validationMessage(
  descriptor: Descriptor,
  values: Record<string, MessageArg> = {},
): ValidationMessage {
  return { descriptor, values };
}

/** One failed rule: the field path (yup's dotted path, '' for the root) and its message. */
export interface ValidationIssue {
  path: string;
  message: ValidationMessage;
}

/**
 * Flattens a yup ValidationError (validated with `abortEarly: false`) into issues. A message that
 * is not a ValidationMessage (a rule from outside this folder) is kept as its text under `invalid`.
 */
export function issuesFromError(error: ValidationError, fallback: Descriptor): ValidationIssue[] {
  const inner = error.inner.length > 0 ? error.inner : [error];
  const issues: ValidationIssue[] = [];
  for (const e of inner) {
    for (const raw of e.errors as unknown[]) {
      issues.push({
        path: e.path ?? '',
        message: isValidationMessage(raw) ? raw : validationMessage(fallback, { label: String(raw) }),
      });
    }
  }
  return issues;
}

/** Formats a message with a formatter for descriptors (recursively formats descriptor values first). */
export function formatValidationMessage(
  message: ValidationMessage,
  format: (descriptor: Descriptor, values: Record<string, string | number>) => string,
): string {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(message.values)) {
    values[key] = isDescriptor(value) ? format(value, {}) : value;
  }
  return format(message.descriptor, values);
}

function isValidationError(error: unknown): error is ValidationError {
  return error instanceof Error && error.name === 'ValidationError';
}

/** Runs a schema over a value and returns every issue (empty when valid). Never throws for bad input. */
export async function validationIssues(
  schema: Pick<ObjectSchema<AnyObject>, 'validate'>,
  value: unknown,
  options: { strict?: boolean } = {},
): Promise<ValidationIssue[]> {
  try {
    await schema.validate(value, { abortEarly: false, strict: options.strict ?? false });
    return [];
  } catch (error) {
    if (isValidationError(error)) return issuesFromError(error, formMessages.invalid);
    throw error;
  }
}
