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
