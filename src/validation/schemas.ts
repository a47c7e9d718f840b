/**
 * The product's forms (spec §5 'Product forms'), described once as field lists and turned into yup
 * schemas that both the forms (src/forms) and the local stack (server/) use. Pure module.
 */
import { type AnyObject, array, lazy, type ObjectSchema, object, string } from 'yup';
import type { RegionKey } from '#machines/domain';
import { buildSchema, type FieldSpec, initialValuesFor, withoutPrototypeKeys } from './fields';
import { formMessages, labelMessages, productMessages, veterinaryTypeMessages } from './messages';
import { regionFor, regions } from './regions';
import { validationMessage } from './validation-message';

const textLength = { minLength: 3, maxLength: 50 } as const;

const invalid = () => validationMessage(formMessages.invalid, { label: formMessages.defaultLabel });

/** Profile fields shared by the form and the registration payload (spec §3 Profile). */
const profileDataFields: readonly FieldSpec[] = [
  {
    name: 'firstName',
    type: 'text',
    label: labelMessages.firstName,
    required: true,
    autoComplete: 'given-name',
  },
  {
    name: 'lastName',
    type: 'text',
    label: labelMessages.lastName,
    required: true,
    autoComplete: 'family-name',
  },
  { name: 'email', type: 'email', label: labelMessages.email, disabled: true, autoComplete: 'email' },
  { name: 'phone', type: 'tel', label: labelMessages.phone, required: true, autoComplete: 'tel' },
  {
    name: 'dateOfBirth',
    type: 'date',
    label: labelMessages.dateOfBirth,
    required: true,
    autoComplete: 'bday',
  },
];

/** The profile form: firstName, lastName, phone, dateOfBirth required; email disabled; privacy box required. */
export const profileFields: readonly FieldSpec[] = [
  ...profileDataFields,
  {
    name: 'privacy',
    type: 'checkbox',
    label: labelMessages.privacy,
    required: true,
    messages: { required: productMessages.privacy },
  },
];

/** Profile form values (what Formik holds). */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  privacy: boolean;
}

let builtProfileSchema: ObjectSchema<AnyObject> | undefined;

/**
 * Profile form schema. Phone numbers of either region are accepted (the profile has no region).
 * Built on first use, like the practice schemas below: the pin step evaluates the forms' layer too.
 */
export function profileSchema(): ObjectSchema<AnyObject> {
  builtProfileSchema ??= buildSchema(profileFields);
  return builtProfileSchema;
}

export const veterinaryTypeOptions = [
  { value: 1, label: veterinaryTypeMessages.smallAnimals },
  { value: 2, label: veterinaryTypeMessages.equines },
  { value: 3, label: veterinaryTypeMessages.exotics },
] as const;

/**
 * The practice form of a region (field names are the registration payload paths, so server errors
 * such as `practice.businessName` land on their fields). State is present only when the region
 * has a state list.
 */
export function practiceFields(region: RegionKey): readonly FieldSpec[] {
  const rules = regions[region];
  const fields: FieldSpec[] = [
    {
      name: 'practice.businessName',
      type: 'text',
      label: labelMessages.businessName,
      required: true,
      ...textLength,
    },
    {
      name: 'practice.businessNumber',
      type: 'businessNumber',
      label: rules.businessNumber.label,
      placeholder: rules.businessNumber.placeholder,
      required: true,
      region,
    },
    { name: 'practice.name', type: 'text', label: labelMessages.practiceName, required: true, ...textLength },
    {
      name: 'practice.veterinaryType',
      type: 'select',
      label: labelMessages.veterinaryType,
      required: true,
      options: veterinaryTypeOptions,
      defaultValue: 1,
    },
    {
      name: 'practice.email',
      type: 'email',
      label: labelMessages.practiceEmail,
      required: true,
      autoComplete: 'email',
      ...textLength,
    },
    {
      name: 'practice.phone',
      type: 'tel',
      label: labelMessages.practicePhone,
      required: true,
      region,
      showPrefix: true,
      autoComplete: 'tel',
    },
    {
      name: 'practice.address.address1',
      type: 'text',
      label: labelMessages.address1,
      required: true,
      autoComplete: 'address-line1',
      ...textLength,
    },
    {
      name: 'practice.address.city',
      type: 'text',
      label: labelMessages.city,
      required: true,
      autoComplete: 'address-level2',
      ...textLength,
    },
    {
      name: 'practice.address.postcode',
      type: 'postcode',
      label: labelMessages.postcode,
      required: true,
      region,
      autoComplete: 'postal-code',
    },
  ];
  if (rules.states.length > 0) {
    fields.push({
      name: 'practice.address.state',
      type: 'select',
      label: labelMessages.state,
      required: true,
      options: rules.states.map((s) => ({ value: s.key, label: s.name })),
    });
  }
  fields.push(
    {
      name: 'practice.address.country',
      type: 'select',
      label: labelMessages.country,
      required: true,
      options: rules.countries.map((c) => ({ value: c.key, label: c.name })),
      defaultValue: rules.countries[0]?.key ?? '',
    },
    {
      name: 'terms',
      type: 'checkbox',
      label: labelMessages.terms,
      required: true,
      messages: { required: productMessages.terms },
    },
  );
  return fields;
}

/** Practice form values (what Formik holds); veterinaryType is 1, 2 or 3. */
export interface PracticeFormValues {
  practice: {
    businessName: string;
    businessNumber: string;
    name: string;
    veterinaryType: number | string;
    email: string;
    phone: string;
    address: { address1: string; city: string; postcode: string; state?: string; country: string };
  };
  terms: boolean;
}

/** Practice form schema of a region (spec §5: validates on every change). */
export function practiceSchema(region: RegionKey): ObjectSchema<AnyObject> {
  practiceSchemas[region] ??= buildSchema(practiceFields(region), region);
  return practiceSchemas[region];
}

/**
 * Built on first use, not when the module is evaluated: the forms' layer is evaluated before
 * every form screen (the pin step too), and building both regions' practice and registration
 * schemas there made that task long (measure with tests/bench/long-tasks.ts).
 */
const practiceSchemas: Partial<Record<RegionKey, ObjectSchema<AnyObject>>> = {};

/** Initial values of the practice form of a region (veterinary type 1, the region's country). */
export function practiceInitialValues(region: RegionKey): PracticeFormValues {
  const values = initialValuesFor(practiceFields(region)) as unknown as PracticeFormValues;
  if (regions[region].states.length === 0) values.practice.address.state = '';
  return values;
}

export function profileInitialValues(): ProfileFormValues {
  return initialValuesFor(profileFields) as unknown as ProfileFormValues;
}

/** A registered device of the payload (built with the registration schemas, on first use). */
function deviceSchema() {
  const deviceShape = {
    deviceKey: string().required(invalid).typeError(invalid),
    name: string().typeError(invalid),
    type: string().typeError(invalid),
  };
  return object(deviceShape)
    .transform(withoutPrototypeKeys(deviceShape))
    .typeError(invalid)
    .nonNullable(invalid);
}

function registrationSchemaFor(region: RegionKey): ObjectSchema<AnyObject> {
  const rules = regions[region];
  const fields: FieldSpec[] = [
    {
      name: 'environment',
      type: 'select',
      label: labelMessages.environment,
      required: true,
      options: [
        { value: 'au', label: 'AU' },
        { value: 'uk', label: 'UK' },
      ],
    },
    ...practiceFields(region),
    ...profileDataFields.map((f) => ({ ...f, name: `profile.${f.name}` })),
    { name: 'profile.verifiedEmail', type: 'checkbox' },
    { name: 'options.registeredFromDirectoryPracticeKey', type: 'text' },
    {
      name: 'locale',
      type: 'select',
      options: [
        { value: 'en-AU', label: 'en-AU' },
        { value: 'en-GB', label: 'en-GB' },
      ],
    },
  ];
  if (rules.states.length === 0) fields.push({ name: 'practice.address.state', type: 'text' });
  // yup's concat replaces nested objects instead of merging them: extend the practice object in place.
  const base = buildSchema(fields, region);
  const practice = (base.fields.practice as ObjectSchema<AnyObject>)
    .shape({ devices: array().of(deviceSchema()).typeError(invalid).nonNullable(invalid).default([]) })
    .typeError(invalid)
    .nonNullable(invalid);
  return base.shape({ practice });
}

/** Built on first use, like the practice schemas. */
const registrationSchemas: Partial<Record<RegionKey, ObjectSchema<AnyObject>>> = {};

/**
 * The whole PracticeRegistration payload (machines/domain.ts), for the local stack. The region's
 * rules follow the payload's `environment` (AU when missing or unknown, which then fails on
 * `environment` itself). Error paths are the payload paths (`practice.address.city`, `profile.phone`).
 * Validate with `{ abortEarly: false, strict: true }` on raw JSON to refuse wrong types.
 */
export function registrationSchemaForPayload(payload: unknown): ObjectSchema<AnyObject> {
  const environment =
    typeof payload === 'object' && payload !== null
      ? (payload as { environment?: unknown }).environment
      : undefined;
  const region = regionFor(typeof environment === 'string' ? environment : undefined).key;
  registrationSchemas[region] ??= registrationSchemaFor(region);
  return registrationSchemas[region];
}

/** The registration payload schema as one lazy yup schema (picks the region from `environment`). */
export const registrationSchema = lazy((payload: unknown) => registrationSchemaForPayload(payload));

/** PIN form (spec §5: 4 digits). */
export const pinFields: readonly FieldSpec[] = [
  {
    name: 'pin',
    type: 'text',
    label: labelMessages.pin,
    required: true,
    minLength: 4,
    maxLength: 4,
    pattern: /^\d*$/,
    messages: { pattern: formMessages.invalid },
    autoComplete: 'one-time-code',
  },
];
export const pinSchema: ObjectSchema<AnyObject> = buildSchema(pinFields);

/** Invite code form (spec §5: required, shown uppercase; the value is uppercased). */
export const inviteCodeFields: readonly FieldSpec[] = [
  { name: 'inviteCode', type: 'text', label: labelMessages.inviteCode, required: true, uppercase: true },
];
export const inviteCodeSchema: ObjectSchema<AnyObject> = buildSchema(inviteCodeFields);
