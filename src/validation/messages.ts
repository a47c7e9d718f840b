/**
 * Validation and regional message descriptors (spec §3 regional resources, §5 validation).
 *
 * This module is PURE (no React, no react-intl runtime): the local stack imports it too. The
 * descriptors are plain objects passed through an identity `defineMessages`, which the i18n
 * extractor (`scripts/i18n.ts`) recognises by name. The client formats them with
 * `intl.formatMessage`; the server formats them with `intl-messageformat` (see `format.ts`).
 */
import type { MessageDescriptor } from 'react-intl';

/**
 * A descriptor with the id and the en-AU default text both present (what every message here has).
 * The text is a string in the source (and on the local stack); in the browser build it is its
 * precompiled ICU syntax tree and the description is dropped (docs/decisions/181-boot-chunks-from-the-module-graph.md),
 * which react-intl and intl-messageformat format alike.
 */
export interface Descriptor extends MessageDescriptor {
  id: string;
  defaultMessage: string;
  description: string;
}

/** Identity function: types the descriptors and marks them for extraction. */
export const defineMessages = <T extends Record<string, Descriptor>>(messages: T): T => messages;

/** Form messages (spec §5 'Form messages'); `{label}` is the field label, or 'Field' if none. */
export const formMessages = defineMessages({
  defaultLabel: {
    id: 'validation.field.defaultLabel',
    defaultMessage: 'Field',
    description: 'Stand-in for the field label in validation messages when a field has no label',
  },
  required: {
    id: 'validation.field.required',
    defaultMessage: '{label} is required',
    description: 'Validation: a required field is empty',
  },
  min: {
    id: 'validation.field.min',
    defaultMessage: '{label} must have min value of {min}',
    description: 'Validation: a number below the minimum',
  },
  max: {
    id: 'validation.field.max',
    defaultMessage: '{label} must have max value of {max}',
    description: 'Validation: a number above the maximum',
  },
  minLength: {
    id: 'validation.field.minLength',
    defaultMessage: '{label} must be at least {min} characters',
    description: 'Validation: text shorter than the minimum length',
  },
  maxLength: {
    id: 'validation.field.maxLength',
    defaultMessage: '{label} must be {max} characters or less',
    description: 'Validation: text longer than the maximum length',
  },
  exactLength: {
    id: 'validation.field.exactLength',
    defaultMessage: '{label} must be {length} characters',
    description: 'Validation: text whose minimum and maximum lengths are equal has the wrong length',
  },
  pattern: {
    id: 'validation.field.pattern',
    defaultMessage: '{label} must match the pattern {pattern}',
    description: 'Validation: text does not match the field pattern (the pattern is shown)',
  },
  invalid: {
    id: 'validation.field.invalid',
    defaultMessage: '{label} is invalid',
    description: 'Validation: fallback message for any other invalid value',
  },
});

/** Type rules (spec §5 'Type rules'), each prefixed with the label: see docs/decisions/003-validation-messages.md. */
export const typeMessages = defineMessages({
  date: {
    id: 'validation.type.date',
    defaultMessage: '{label} must be a valid date',
    description: 'Validation: not a yyyy-MM-dd calendar date',
  },
  datetime: {
    id: 'validation.type.datetime',
    defaultMessage: '{label} must be a valid date time',
    description: 'Validation: not a valid date and time',
  },
  time: {
    id: 'validation.type.time',
    defaultMessage: '{label} must be a valid time',
    description: 'Validation: not a HH:mm or HH:mm:ss time',
  },
  email: {
    id: 'validation.type.email',
    defaultMessage: '{label} must be a valid email address',
    description: 'Validation: not an email address',
  },
  integer: {
    id: 'validation.type.integer',
    defaultMessage: '{label} must be a valid whole number',
    description: 'Validation: not a whole number',
  },
  decimal: {
    id: 'validation.type.decimal',
    defaultMessage: '{label} must be a valid decimal number',
    description: 'Validation: not a decimal number',
  },
  number: {
    id: 'validation.type.number',
    defaultMessage: '{label} must be a valid number',
    description: 'Validation: not a number',
  },
  microchipId: {
    id: 'validation.type.microchipId',
    defaultMessage: '{label} must be a valid microchip number',
    description: 'Validation: not a 15-digit microchip number',
  },
  mobile: {
    id: 'validation.type.mobile',
    defaultMessage: '{label} must be a valid mobile phone number',
    description: 'Validation: not a mobile phone number',
  },
  money: {
    id: 'validation.type.money',
    defaultMessage: '{label} must be a valid currency format',
    description: 'Validation: not an amount like 1,234.56',
  },
  url: {
    id: 'validation.type.url',
    defaultMessage: '{label} must be a valid url',
    description: 'Validation: not a web address',
  },
  postcode: {
    id: 'validation.type.postcode',
    defaultMessage: '{label} must be a valid postcode',
    description: 'Validation: not a postcode (no region known)',
  },
  postcodeAu: {
    id: 'validation.type.postcode.au',
    defaultMessage: 'Postcode must be 4 digits',
    description: 'Validation: not an Australian postcode',
  },
  postcodeUk: {
    id: 'validation.type.postcode.uk',
    defaultMessage: 'Invalid UK postcode',
    description: 'Validation: not a UK postcode',
  },
  tel: {
    id: 'validation.type.tel',
    defaultMessage: '{label} must be a valid {region, select, au {AU} uk {UK} other {AU or UK}} phone number',
    description: 'Validation: not a phone number of the region (AU, UK, or either when no region is known)',
  },
  businessNumber: {
    id: 'validation.type.businessNumber',
    defaultMessage: '{label} must be a valid business number',
    description: 'Validation: not a business number (no region known)',
  },
  businessNumberAu: {
    id: 'validation.type.businessNumber.au',
    defaultMessage: '{label} must be 11 digits',
    description: 'Validation: not an ABN (label is ABN)',
  },
  businessNumberUk: {
    id: 'validation.type.businessNumber.uk',
    defaultMessage: '{label} must be either 8 digits, or 2 letters followed by 6 digits',
    description: 'Validation: not a company registration number (label is CRN)',
  },
  password: {
    id: 'validation.type.password',
    defaultMessage:
      '{label} must be at least 8 characters with 1 lowercase, 1 uppercase, 1 number and 1 symbol',
    description: 'Validation: the default strong password rule',
  },
});

/** Product form messages (spec §5 'Product forms'). */
export const productMessages = defineMessages({
  terms: {
    id: 'validation.practice.terms',
    defaultMessage: 'You must agree to the Terms & Conditions in order to continue.',
    description: 'Practice form: the terms checkbox is not ticked',
  },
  privacy: {
    id: 'validation.profile.privacy',
    defaultMessage: 'You must agree to the privacy policy in order to continue.',
    description: 'Profile form: the privacy policy checkbox is not ticked',
  },
});

/** Field labels of the product forms (profile, practice, PIN, invite code). */
export const labelMessages = defineMessages({
  firstName: {
    id: 'forms.profile.firstName',
    defaultMessage: 'First name',
    description: 'Profile field label',
  },
  lastName: { id: 'forms.profile.lastName', defaultMessage: 'Last name', description: 'Profile field label' },
  email: { id: 'forms.profile.email', defaultMessage: 'Email', description: 'Profile field label' },
  phone: { id: 'forms.profile.phone', defaultMessage: 'Phone', description: 'Profile field label' },
  dateOfBirth: {
    id: 'forms.profile.dateOfBirth',
    defaultMessage: 'Date of birth',
    description: 'Profile field label',
  },
  privacy: {
    id: 'forms.profile.privacy',
    defaultMessage: 'I agree to the privacy policy',
    description: 'Profile form: privacy policy checkbox label',
  },
  businessName: {
    id: 'forms.practice.businessName',
    defaultMessage: 'Business name',
    description: 'Practice field label',
  },
  practiceName: {
    id: 'forms.practice.name',
    defaultMessage: 'Practice name',
    description: 'Practice field label',
  },
  practiceEmail: { id: 'forms.practice.email', defaultMessage: 'Email', description: 'Practice field label' },
  practicePhone: { id: 'forms.practice.phone', defaultMessage: 'Phone', description: 'Practice field label' },
  veterinaryType: {
    id: 'forms.practice.veterinaryType',
    defaultMessage: 'Veterinary type',
    description: 'Practice field label',
  },
  address1: { id: 'forms.practice.address1', defaultMessage: 'Address', description: 'Practice field label' },
  city: { id: 'forms.practice.city', defaultMessage: 'City', description: 'Practice field label' },
  postcode: {
    id: 'forms.practice.postcode',
    defaultMessage: 'Postcode',
    description: 'Practice field label',
  },
  state: { id: 'forms.practice.state', defaultMessage: 'State', description: 'Practice field label' },
  country: { id: 'forms.practice.country', defaultMessage: 'Country', description: 'Practice field label' },
  terms: {
    id: 'forms.practice.terms',
    defaultMessage: 'I agree to the Terms & Conditions',
    description: 'Practice form: terms checkbox label',
  },
  pin: { id: 'forms.pin.pin', defaultMessage: 'Code', description: 'PIN form: the 4-digit code label' },
  inviteCode: {
    id: 'forms.inviteCode.code',
    defaultMessage: 'Invite code',
    description: 'Invite code form: the code label',
  },
  environment: {
    id: 'forms.registration.environment',
    defaultMessage: 'Region',
    description: 'Registration payload: the region key (server messages only)',
  },
});

/** Veterinary type option labels (spec §4: 1 Small Animals, 2 Equines, 3 Exotics). */
export const veterinaryTypeMessages = defineMessages({
  smallAnimals: {
    id: 'forms.practice.veterinaryType.smallAnimals',
    defaultMessage: 'Small Animals',
    description: 'Veterinary type 1',
  },
  equines: {
    id: 'forms.practice.veterinaryType.equines',
    defaultMessage: 'Equines',
    description: 'Veterinary type 2',
  },
  exotics: {
    id: 'forms.practice.veterinaryType.exotics',
    defaultMessage: 'Exotics',
    description: 'Veterinary type 3',
  },
});

/**
 * Regional resources (spec §3), keyed by REGION code in the id so a form picks them by region,
 * not by locale: `region.au.*` and `region.uk.*` are both defined in source.
 */
export const regionMessages = defineMessages({
  auBusinessNumberLabel: {
    id: 'region.au.businessNumber.label',
    defaultMessage: 'ABN',
    description: 'AU business number label (Australian Business Number)',
  },
  auBusinessNumberPlaceholder: {
    id: 'region.au.businessNumber.placeholder',
    defaultMessage: '12 345 678 901',
    description: 'AU business number placeholder, 2-3-3-3 digits',
  },
  ukBusinessNumberLabel: {
    id: 'region.uk.businessNumber.label',
    defaultMessage: 'CRN',
    description: 'UK business number label (Company Registration Number)',
  },
  ukBusinessNumberPlaceholder: {
    id: 'region.uk.businessNumber.placeholder',
    defaultMessage: '12 345 678',
    description: 'UK business number placeholder, 2-3-3 digits',
  },
  auStateACT: {
    id: 'region.au.state.ACT',
    defaultMessage: 'Australian Capital Territory',
    description: 'AU state name',
  },
  auStateNSW: { id: 'region.au.state.NSW', defaultMessage: 'New South Wales', description: 'AU state name' },
  auStateNT: { id: 'region.au.state.NT', defaultMessage: 'Northern Territory', description: 'AU state name' },
  auStateQLD: { id: 'region.au.state.QLD', defaultMessage: 'Queensland', description: 'AU state name' },
  auStateSA: { id: 'region.au.state.SA', defaultMessage: 'South Australia', description: 'AU state name' },
  auStateTAS: { id: 'region.au.state.TAS', defaultMessage: 'Tasmania', description: 'AU state name' },
  auStateVIC: { id: 'region.au.state.VIC', defaultMessage: 'Victoria', description: 'AU state name' },
  auStateWA: { id: 'region.au.state.WA', defaultMessage: 'Western Australia', description: 'AU state name' },
  auCountryAU: { id: 'region.au.country.AU', defaultMessage: 'Australia', description: 'Country name' },
  ukCountryUK: { id: 'region.uk.country.UK', defaultMessage: 'United Kingdom', description: 'Country name' },
});

/** Every message a validator in this folder can produce (the property tests check against it). */
export const validationMessageIds: ReadonlySet<string> = new Set(
  [formMessages, typeMessages, productMessages].flatMap((group) => Object.values(group).map((m) => m.id)),
);
