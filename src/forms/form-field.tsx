import {
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Radio,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { type FormikHelpers, useField, useFormikContext } from 'formik';
import { type ChangeEvent, type FocusEvent, memo, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { RegionKey } from '#machines/domain';
import type { FieldOption, FieldSpec } from '../validation/fields';
import type { Descriptor } from '../validation/messages';
import { regions } from '../validation/regions';
import { BAD_DATE_INPUT, fieldId } from './fields';
import classes from './form-field.module.css';

const { choose } = defineMessages({
  choose: {
    id: 'forms.field.choose',
    defaultMessage: 'Choose…',
    description: 'First, disabled option of a select field before a value is chosen',
  },
});

/** Native input types of the text-like field types. */
const inputTypes: Partial<Record<FieldSpec['type'], string>> = {
  email: 'email',
  tel: 'tel',
  mobile: 'tel',
  url: 'url',
  date: 'date',
  datetime: 'datetime-local',
  'datetime-local': 'datetime-local',
  time: 'time',
};

/** Types the browser renders as its own date/time pickers (see BAD_DATE_INPUT). */
const dateLikeTypes: ReadonlySet<FieldSpec['type']> = new Set(['date', 'datetime', 'datetime-local', 'time']);

const inputModes: Partial<Record<FieldSpec['type'], TextInputProps['inputMode']>> = {
  microchipId: 'numeric',
  tel: 'tel',
  mobile: 'tel',
  email: 'email',
  url: 'url',
};

export interface FormFieldProps {
  field: FieldSpec;
  /** Region for region-aware inputs (phone prefix); the field's own region wins. */
  region?: RegionKey;
  /** Extra content under the input (e.g. a link in a checkbox label). */
  children?: ReactNode;
}

function asString(value: unknown): string {
  if (value === undefined || value === null) return '';
  return String(value);
}

/**
 * One form field bound to Formik by name (`useField`), rendered with the Mantine input of its
 * type. The label and error are formatted with react-intl; Mantine's `error` prop sets
 * aria-invalid and links the message with aria-describedby. Errors show once the field is touched
 * (Formik touches every field on submit; `applyServerErrors` touches the fields it sets).
 *
 * Formik re-renders every field on any change of the form; only this small binding does, and the
 * Mantine input (FieldControl) re-renders when its own value or error changes.
 */
export function FormField({ field, region, children }: FormFieldProps) {
  const [input, meta] = useField<unknown>(field.name);
  const { setFieldValue, setFieldTouched } = useFormikContext<unknown>();
  const error = meta.touched && meta.error ? meta.error : undefined;
  const control = (
    <FieldControl
      field={field}
      region={region}
      value={input.value}
      error={error}
      onBlur={input.onBlur}
      onChange={input.onChange}
      setFieldValue={setFieldValue}
      setFieldTouched={setFieldTouched}
    >
      {children}
    </FieldControl>
  );
  if (field.type === 'hidden') return control;
  // The slot keeps a line free for the message while there is none (decision 042).
  return (
    <div className={classes.slot} data-error={error ? '' : undefined}>
      {control}
    </div>
  );
}

interface FieldControlProps extends FormFieldProps {
  value: unknown;
  error: string | undefined;
  onBlur: (event: FocusEvent) => void;
  onChange: (event: ChangeEvent) => void;
  /** Formik's own (stable) setters. */
  setFieldValue: FormikHelpers<unknown>['setFieldValue'];
  setFieldTouched: FormikHelpers<unknown>['setFieldTouched'];
}

const FieldControl = memo(function FieldControl({
  field,
  region,
  children,
  value: fieldValue,
  error,
  onBlur,
  onChange,
  setFieldValue,
  setFieldTouched,
}: FieldControlProps) {
  const intl = useIntl();
  const helpers = {
    setValue: (value: unknown) => setFieldValue(field.name, value),
    setTouched: (touched: boolean, shouldValidate?: boolean) =>
      setFieldTouched(field.name, touched, shouldValidate),
  };
  const input = { value: fieldValue, onBlur, onChange };
  const text = (value: Descriptor | string | undefined) =>
    value === undefined ? undefined : typeof value === 'string' ? value : intl.formatMessage(value);
  const label = text(field.label);
  const id = fieldId(field.name);
  const base = {
    id,
    name: field.name,
    label,
    error,
    disabled: field.disabled,
    description: field.description ? intl.formatMessage(field.description) : undefined,
    onBlur: input.onBlur,
  };
  const common = { ...base, withAsterisk: field.required === true };
  const options = (field.options ?? []).map((o: FieldOption) => ({
    value: String(o.value),
    label: text(o.label) ?? '',
  }));
  const selected = input.value === null || input.value === undefined ? '' : asString(input.value);
  const fromOption = (value: string | null) => {
    const option = (field.options ?? []).find((o) => String(o.value) === value);
    return option ? option.value : '';
  };

  switch (field.type) {
    case 'hidden':
      return <input type="hidden" id={id} name={field.name} value={asString(input.value)} />;

    case 'checkbox':
      return (
        <Stack gap={4}>
          <Checkbox
            {...base}
            checked={input.value === true}
            aria-invalid={error ? true : undefined}
            onChange={(e) => helpers.setValue(e.currentTarget.checked)}
          />
          {children}
        </Stack>
      );

    case 'switch':
      return (
        <Switch
          {...base}
          checked={input.value === true}
          aria-invalid={error ? true : undefined}
          onChange={(e) => helpers.setValue(e.currentTarget.checked)}
        />
      );

    case 'select':
      return (
        // The browser's own select (decision 045): short, fixed lists; native keyboard, screen
        // reader and mobile pickers. Until a value is chosen, a disabled first option prompts.
        <NativeSelect
          {...common}
          data={
            selected === ''
              ? [
                  { value: '', label: text(field.placeholder) ?? intl.formatMessage(choose), disabled: true },
                  ...options,
                ]
              : options
          }
          value={selected}
          onChange={(e) => helpers.setValue(fromOption(e.currentTarget.value))}
          onBlur={() => helpers.setTouched(true)}
        />
      );

    case 'radio':
      return (
        <Radio.Group
          id={id}
          name={field.name}
          label={label}
          withAsterisk={field.required === true}
          error={error}
          value={asString(input.value)}
          onChange={(value) => {
            helpers.setValue(fromOption(value));
            helpers.setTouched(true, false);
          }}
        >
          <Group mt="xs">
            {options.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} disabled={field.disabled} />
            ))}
          </Group>
        </Radio.Group>
      );

    case 'money':
      return (
        <NumberInput
          {...common}
          value={asString(input.value).replace(/[,$£]/g, '')}
          onChange={() => undefined}
          onValueChange={(payload) => helpers.setValue(payload.formattedValue)}
          step={0.01}
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          valueIsNumericString
          placeholder={text(field.placeholder)}
          min={typeof field.min === 'number' ? field.min : undefined}
          max={typeof field.max === 'number' ? field.max : undefined}
        />
      );

    case 'integer':
    case 'decimal':
    case 'number':
      return (
        <NumberInput
          {...common}
          value={asString(input.value)}
          onChange={() => undefined}
          onValueChange={(payload) => helpers.setValue(payload.value)}
          allowDecimal={field.type !== 'integer'}
          valueIsNumericString
          placeholder={text(field.placeholder)}
          min={typeof field.min === 'number' ? field.min : undefined}
          max={typeof field.max === 'number' ? field.max : undefined}
        />
      );

    default: {
      const value = asString(input.value);
      if (field.multiline) {
        return (
          <Textarea
            {...common}
            value={value}
            onChange={input.onChange}
            maxLength={field.maxLength}
            placeholder={text(field.placeholder)}
            autosize
            minRows={3}
            description={
              field.maxLength === undefined
                ? common.description
                : intl.formatMessage(
                    {
                      id: 'forms.field.limit',
                      defaultMessage: 'Limit: {count} / {max}',
                      description: 'Under a textarea with a maximum length: characters typed and the maximum',
                    },
                    { count: value.length, max: field.maxLength },
                  )
            }
          />
        );
      }
      const rules = regions[field.region ?? region ?? 'au'];
      const prefix =
        field.showPrefix && (field.type === 'tel' || field.type === 'mobile') ? (
          <Text size="sm" c="dimmed" aria-hidden="true">
            {rules.phonePrefix}
          </Text>
        ) : undefined;
      const dateLike = dateLikeTypes.has(field.type);
      /** What the field holds for the input's current state (BAD_DATE_INPUT for an unreadable date). */
      const fieldValueOf = (element: HTMLInputElement) =>
        dateLike && element.validity.badInput ? BAD_DATE_INPUT : element.value;
      return (
        <TextInput
          {...common}
          type={inputTypes[field.type] ?? 'text'}
          inputMode={inputModes[field.type]}
          value={dateLike && value === BAD_DATE_INPUT ? '' : value}
          onChange={(e) =>
            helpers.setValue(
              field.uppercase ? e.currentTarget.value.toUpperCase() : fieldValueOf(e.currentTarget),
            )
          }
          // A date the browser cannot read (29/02/2023) leaves the value empty: React sends no change
          // for '' → '', so input events and leaving the field say whether the typed date is unreadable.
          onInput={
            dateLike
              ? (e) => {
                  const next = fieldValueOf(e.currentTarget);
                  if (next !== value) helpers.setValue(next);
                }
              : undefined
          }
          onBlur={
            dateLike
              ? (e) => {
                  const next = fieldValueOf(e.currentTarget);
                  if (next === value) {
                    input.onBlur(e);
                    return;
                  }
                  // Validate once, with the new value (Formik's blur would validate the old one).
                  helpers.setValue(next);
                  helpers.setTouched(true, false);
                }
              : input.onBlur
          }
          placeholder={text(field.placeholder)}
          autoComplete={field.autoComplete}
          leftSection={prefix}
          leftSectionWidth={prefix ? 44 : undefined}
          styles={field.uppercase ? { input: { textTransform: 'uppercase' } } : undefined}
        />
      );
    }
  }
});
