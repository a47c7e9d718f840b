// @vitest-environment jsdom
import { Button } from '@mantine/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik, type FormikProps } from 'formik';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { RegionKey } from '#machines/domain';
import { renderWithProviders } from '../../tests/support/render';
import { ApiError } from '../api/client';
import type { FieldSpec } from '../validation/fields';
import { labelMessages } from '../validation/messages';
import {
  practiceFields,
  practiceInitialValues,
  practiceSchema,
  profileFields,
  profileInitialValues,
  profileSchema,
} from '../validation/schemas';
import { fieldId } from './fields';
import { FormErrors } from './form-errors';
import { FormField } from './form-field';
import {
  applyFieldErrors,
  applyServerErrors,
  defaultErrorMessage,
  type FormErrorMessage,
} from './server-errors';
import { useSchemaValidation } from './use-schema-validation';

const byId = (name: string) => document.getElementById(fieldId(name)) as HTMLInputElement;
const selectedLabel = (name: string) =>
  (document.getElementById(fieldId(name)) as HTMLSelectElement).selectedOptions[0]?.textContent;

function PracticeForm({ region, serverError }: { region: RegionKey; serverError?: ApiError }) {
  const fields = practiceFields(region);
  const validate = useSchemaValidation(practiceSchema(region));
  const [messages, setMessages] = useState<FormErrorMessage[]>([]);
  return (
    <Formik
      initialValues={practiceInitialValues(region)}
      validate={validate}
      onSubmit={async (_values, helpers) => {
        if (serverError) {
          setMessages(applyServerErrors(helpers, serverError, { fields: fields.map((f) => f.name) }));
        }
      }}
    >
      <Form noValidate>
        {fields.map((field) => (
          <FormField key={field.name} field={field} region={region} />
        ))}
        <FormErrors messages={messages} />
        <Button type="submit">Submit</Button>
      </Form>
    </Formik>
  );
}

/** The profile form's date of birth alone (schema, messages and input as on the profile step). */
function ProfileDate() {
  const validate = useSchemaValidation(profileSchema());
  return (
    <Formik initialValues={profileInitialValues()} validate={validate} onSubmit={() => undefined}>
      <Form noValidate>
        {profileFields
          .filter((field) => field.name === 'dateOfBirth')
          .map((field) => (
            <FormField key={field.name} field={field} />
          ))}
        <Button type="submit">Submit</Button>
      </Form>
    </Formik>
  );
}

function Single({ field, initial = '' }: { field: FieldSpec; initial?: unknown }) {
  return (
    <Formik initialValues={{ [field.name]: initial }} onSubmit={() => undefined}>
      {(formik: FormikProps<Record<string, unknown>>) => (
        <Form>
          <FormField field={field} />
          <output data-testid="value">{JSON.stringify(formik.values[field.name])}</output>
        </Form>
      )}
    </Formik>
  );
}

describe('FormField', () => {
  it('renders the practice form of AU with labels, ABN placeholder and the 8 states', async () => {
    renderWithProviders(<PracticeForm region="au" />);
    expect(screen.getByLabelText(/Business name/)).toBeTruthy();
    const abn = screen.getByLabelText(/^ABN/) as HTMLInputElement;
    expect(abn.placeholder).toBe('12 345 678 901');
    // Native selects: a disabled 'Choose…' prompt until a state is chosen, then the 8 states.
    const states = [...byId('practice.address.state').querySelectorAll('option')];
    expect(states.map((o) => o.textContent)).toEqual([
      'Choose…',
      ...[
        'Australian Capital Territory',
        'New South Wales',
        'Northern Territory',
        'Queensland',
        'South Australia',
        'Tasmania',
        'Victoria',
        'Western Australia',
      ],
    ]);
    expect(states[0]?.disabled).toBe(true);
    expect(selectedLabel('practice.veterinaryType')).toBe('Small Animals');
    expect(selectedLabel('practice.address.country')).toBe('Australia');
    expect(screen.getByText('+61')).toBeTruthy();
  });

  it('renders the UK practice form with CRN and no state list', () => {
    renderWithProviders(<PracticeForm region="uk" />, { locale: 'en-GB' });
    expect((screen.getByLabelText(/^CRN/) as HTMLInputElement).placeholder).toBe('12 345 678');
    expect(document.getElementById(fieldId('practice.address.state'))).toBeNull();
    expect(selectedLabel('practice.address.country')).toBe('United Kingdom');
    expect(screen.getByText('+44')).toBeTruthy();
  });

  it('shows the UK rules in en-GB after submit', async () => {
    renderWithProviders(<PracticeForm region="uk" />, { locale: 'en-GB' });
    fireEvent.change(byId('practice.businessNumber'), { target: { value: '12 345 678 901' } });
    fireEvent.change(byId('practice.address.postcode'), { target: { value: '2000' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('CRN must be either 8 digits, or 2 letters followed by 6 digits'),
    ).toBeTruthy();
    expect(screen.getByText('Invalid UK postcode')).toBeTruthy();
    expect(screen.getByText('Business name is required')).toBeTruthy();
  });

  it('shows formatted, accessible errors after submit', async () => {
    renderWithProviders(<PracticeForm region="au" />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const name = screen.getByLabelText(/Business name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = name.getAttribute('aria-describedby') ?? '';
    const error = describedBy
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(error).toContain('Business name is required');
    expect(screen.getByText('ABN is required')).toBeTruthy();
    expect(screen.getByText('You must agree to the Terms & Conditions in order to continue.')).toBeTruthy();
  });

  it('marks an inline control with an error as invalid, like the text fields (focusable as the first invalid field)', async () => {
    renderWithProviders(<PracticeForm region="au" />);
    const terms = screen.getByLabelText(/I agree to the Terms & Conditions/);
    expect(terms.getAttribute('aria-invalid')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(terms.getAttribute('aria-invalid')).toBe('true'));
  });

  it('validates on change with the region rules', async () => {
    renderWithProviders(<PracticeForm region="au" />);
    const postcode = screen.getByLabelText(/^Postcode/);
    await userEvent.type(postcode, '12');
    fireEvent.blur(postcode);
    expect(await screen.findByText('Postcode must be 4 digits')).toBeTruthy();
    await userEvent.type(postcode, '34');
    await waitFor(() => expect(screen.queryByText('Postcode must be 4 digits')).toBeNull());
  });

  it('maps server errors: practice.* on fields with the first focused, the rest under the form', async () => {
    const serverError = new ApiError({
      status: 400,
      code: 'HTTP_ERROR',
      message: 'One or more validation errors occurred.',
      fieldErrors: {
        'practice.address.city': ['City is not served'],
        'Practice.BusinessName': ['Business name is taken'],
        'profile.firstName': ['First name is required'],
        general: ['Something else'],
      },
    });
    renderWithProviders(<PracticeForm region="au" serverError={serverError} />);
    const fill = async (label: RegExp, text: string) => {
      fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
    };
    await fill(/Business name/, 'Happy Paws Pty Ltd');
    await fill(/^ABN/, '12 345 678 901');
    await fill(/Practice name/, 'Happy Paws');
    await fill(/^Email/, 'vets@example.com');
    await fill(/^Phone/, '(02) 9999 9999');
    await fill(/^Address/, '1 Main Street');
    await fill(/^City/, 'Sydney');
    await fill(/^Postcode/, '2000');
    await userEvent.selectOptions(byId('practice.address.state'), 'New South Wales');
    await userEvent.click(screen.getByLabelText(/Terms & Conditions/));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    const businessName = screen.getByLabelText(/Business name/);
    await waitFor(() => expect(document.activeElement).toBe(businessName));
    expect(businessName.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Business name is taken')).toBeTruthy();
    expect(screen.getByText('City is not served')).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('First name is required');
    expect(alert.textContent).toContain('Something else');
    // A whole practice form validated on every change in jsdom: slow on a loaded 2-core machine.
  }, 60_000);

  it('shows the default form error when the request failed without field errors', async () => {
    const messages = applyServerErrors(
      { setFieldError: () => undefined, setFieldTouched: async () => undefined },
      new ApiError({ status: 424, code: 'FETCH_ERROR', message: '' }),
    );
    renderWithProviders(<FormErrors messages={messages} />);
    expect(screen.getByRole('alert').textContent).toBe('An error occurred, please try again');
  });

  it('places field errors given as such (a machine failure) like an ApiError, the rest under the form', () => {
    const set: Array<[string, string]> = [];
    const helpers = {
      setFieldError: (path: string, message: string | undefined) => {
        set.push([path, message ?? '']);
      },
      setFieldTouched: async () => undefined,
    };
    const fieldErrors = { 'Practice.Address.City': ['City is not served'], other: ['Something else'] };
    const messages = applyFieldErrors(helpers, fieldErrors, { focus: false });
    expect(set).toEqual([['practice.address.city', 'City is not served']]);
    expect(messages).toEqual(['Something else']);
    expect(
      applyServerErrors(
        helpers,
        new ApiError({ status: 400, code: 'HTTP_ERROR', message: '', fieldErrors }),
        {
          focus: false,
        },
      ),
    ).toEqual(messages);
    expect(applyFieldErrors(helpers, { phone: [' '] })).toEqual([defaultErrorMessage]);
  });

  it('a textarea with maxLength shows Limit: n / max', async () => {
    renderWithProviders(
      <Single
        field={{ name: 'notes', type: 'text', multiline: true, maxLength: 20, label: labelMessages.city }}
      />,
    );
    expect(screen.getByText('Limit: 0 / 20')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('City'), 'hello');
    expect(screen.getByText('Limit: 5 / 20')).toBeTruthy();
    expect((screen.getByLabelText('City') as HTMLTextAreaElement).maxLength).toBe(20);
  });

  it('money uses step 0.01, thousands separators and stores the formatted text', async () => {
    renderWithProviders(<Single field={{ name: 'fee', type: 'money', label: labelMessages.city }} />);
    const input = screen.getByLabelText('City') as HTMLInputElement;
    await userEvent.type(input, '1234.5');
    await act(async () => {
      fireEvent.blur(input);
    });
    expect(input.value).toBe('1,234.50');
    expect(screen.getByTestId('value').textContent).toBe('"1,234.50"');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.value).toBe('1,234.51');
  });

  it('renders the remaining field types with their native inputs', () => {
    const types: Array<[FieldSpec['type'], string]> = [
      ['email', 'email'],
      ['tel', 'tel'],
      ['mobile', 'tel'],
      ['url', 'url'],
      ['date', 'date'],
      ['datetime', 'datetime-local'],
      ['datetime-local', 'datetime-local'],
      ['time', 'time'],
      ['postcode', 'text'],
      ['businessNumber', 'text'],
      ['microchipId', 'text'],
      ['text', 'text'],
    ];
    for (const [type, native] of types) {
      const { unmount } = renderWithProviders(
        <Single field={{ name: 'f', type, label: labelMessages.city }} />,
      );
      expect((screen.getByLabelText('City') as HTMLInputElement).type, type).toBe(native);
      unmount();
    }
    const { container } = renderWithProviders(<Single field={{ name: 'h', type: 'hidden' }} initial="x" />);
    expect((container.querySelector('input[type=hidden]') as HTMLInputElement).value).toBe('x');
  });

  it('checkbox stores a boolean', async () => {
    renderWithProviders(
      <Single field={{ name: 'c', type: 'checkbox', label: labelMessages.terms }} initial={false} />,
    );
    await userEvent.click(screen.getByLabelText(/Terms & Conditions/));
    expect(screen.getByTestId('value').textContent).toBe('true');
  });

  it('radio options keep numeric values', async () => {
    renderWithProviders(
      <Single
        field={{
          name: 'r',
          type: 'radio',
          label: labelMessages.veterinaryType,
          options: [
            { value: 1, label: 'One' },
            { value: 2, label: 'Two' },
          ],
        }}
        initial={1}
      />,
    );
    await userEvent.click(screen.getByLabelText('Two'));
    expect(screen.getByTestId('value').textContent).toBe('2');
  });

  it('switch toggles a boolean', async () => {
    renderWithProviders(
      <Single field={{ name: 's', type: 'switch', label: labelMessages.terms }} initial={false} />,
    );
    await userEvent.click(screen.getByLabelText(/Terms & Conditions/));
    expect(screen.getByTestId('value').textContent).toBe('true');
  });

  it('uppercases the invite code as typed', async () => {
    renderWithProviders(
      <Single
        field={{ name: 'inviteCode', type: 'text', uppercase: true, label: labelMessages.inviteCode }}
      />,
    );
    await userEvent.type(screen.getByLabelText('Invite code'), 'joinau01');
    expect(screen.getByTestId('value').textContent).toBe('"JOINAU01"');
  });

  it('an impossible date the browser cannot read (29/02/2023) reports "must be a valid date", not "required"', async () => {
    renderWithProviders(<ProfileDate />);
    const input = byId('dateOfBirth');
    expect(input.type).toBe('date');
    // What Chromium does while 2023 is typed after 02/29: the year 0020 makes a valid date, 0202 and
    // 2023 do not: the value empties and validity says badInput (no event once the value stays empty).
    fireEvent.change(input, { target: { value: '0020-02-29' } });
    Object.defineProperty(input, 'validity', { configurable: true, value: { badInput: true, valid: false } });
    fireEvent.input(input, { target: { value: '' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Date of birth must be a valid date')).toBeTruthy();
    expect(screen.queryByText('Date of birth is required')).toBeNull();
    expect(input.value).toBe('');

    // Cleared by the user: required again.
    Object.defineProperty(input, 'validity', { configurable: true, value: { badInput: false, valid: true } });
    fireEvent.input(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Date of birth is required')).toBeTruthy();
  });
});
