// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Formik, useFormikContext } from 'formik';
import { describe, expect, it, vi } from 'vitest';
import { object, string } from 'yup';
import { renderWithProviders } from '../../tests/support/render';
import { isValidNow, SubmitForm } from './submit-form';

const schema = object({ name: string().required('Name is required') });

function NameField() {
  const { values, errors, touched, handleChange } = useFormikContext<{ name: string }>();
  return (
    <>
      <input
        aria-label="Name"
        name="name"
        value={values.name}
        onChange={handleChange}
        aria-invalid={touched.name && errors.name ? true : undefined}
      />
      {touched.name && errors.name ? <p>{errors.name}</p> : null}
    </>
  );
}

function renderForm(onValid: (v: { name: string }) => void, onSubmit: (v: { name: string }) => void) {
  renderWithProviders(
    <Formik
      initialValues={{ name: '' }}
      validate={(values) => (values.name ? {} : { name: 'Name is required' })}
      onSubmit={onSubmit}
    >
      <SubmitForm schema={schema} onValid={onValid}>
        <NameField />
        <button type="submit">Send</button>
      </SubmitForm>
    </Formik>,
  );
}

describe('SubmitForm', () => {
  it('hands valid values on from the submit event itself, before any re-render', () => {
    const onValid = vi.fn();
    const onSubmit = vi.fn();
    renderForm(onValid, onSubmit);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    // Synchronously: no await between the click and the hand-over.
    expect(onValid).toHaveBeenCalledWith({ name: 'Ada' });
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('runs Formik’s submit when the values do not pass: errors shown, nothing handed on', async () => {
    const onValid = vi.fn();
    const onSubmit = vi.fn();
    renderForm(onValid, onSubmit);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
    await waitFor(() => expect(onSubmit).not.toHaveBeenCalled());
  });

  it('a submit that fails validation focuses the first invalid field and announces it (live region)', async () => {
    renderForm(vi.fn(), vi.fn());
    const button = screen.getByRole('button', { name: 'Send' });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('1 field needs your attention.');
  });

  it('isValidNow: a rule that only runs asynchronously counts as not valid (Formik decides)', () => {
    const asyncRule = object({ name: string().test('later', 'no', async () => true) });
    expect(isValidNow(asyncRule, { name: 'x' })).toBe(false);
    expect(isValidNow(schema, { name: 'x' })).toBe(true);
    expect(isValidNow(schema, { name: '' })).toBe(false);
  });
});
