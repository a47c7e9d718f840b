/**
 * The field-type system as the forms see it. The rules themselves live in src/validation (pure, shared
 * with the local stack); this module names them for form code and adds DOM ids.
 */
export {
  buildSchema,
  type FieldOption,
  type FieldSpec,
  type FieldType,
  fieldTypes,
  initialValuesFor,
} from '../validation/fields';

/** The DOM id of a field's input: `practice.address.city` → `field-practice-address-city`. */
export function fieldId(name: string): string {
  return `field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/**
 * The value a date or time field holds while the browser's own input holds something that is not a
 * date (e.g. 29/02/2023): the native input then reports an empty value with `validity.badInput`,
 * which would read as 'required'. Not empty and never a valid date, datetime or time, so the
 * field's type rule reports 'must be a valid date' (spec §5). The input itself is shown empty.
 */
export const BAD_DATE_INPUT = 'invalid-date';
