// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { fieldId } from '../../forms/fields';
import { ProfileForm } from './profile-form';

afterEach(cleanup);

const noop = () => undefined;

/**
 * Spec §5, Product forms: "Server validation errors are mapped to fields by name. Paths containing
 * 'practice.' are set on the form fields and the first is focused; others appear as messages
 * under the form." The profile step's paths (phone, firstName…) contain no 'practice.'.
 */
describe('the profile form: a rejected answer (spec §5)', () => {
  it("puts paths without 'practice.' under the form, not on the fields, and focuses none", async () => {
    renderWithProviders(
      <ProfileForm
        user={null}
        saving={false}
        failure={{
          fieldErrors: { phone: ['Phone is not accepted here'], firstName: ['First name is taken'] },
          message: 'Invalid',
        }}
        onSubmit={noop}
      />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Phone is not accepted here');
    expect(alert.textContent).toContain('First name is taken');
    const phone = document.getElementById(fieldId('phone')) as HTMLInputElement;
    expect(phone.getAttribute('aria-invalid')).not.toBe('true');
    expect(document.activeElement).not.toBe(phone);
    // The message shows once: under the form only.
    expect(screen.getAllByText('Phone is not accepted here')).toHaveLength(1);
  });

  it("a path containing 'practice.' that names no profile field is under the form too", async () => {
    renderWithProviders(
      <ProfileForm
        user={null}
        saving={false}
        failure={{ fieldErrors: { 'practice.name': ['Practice name is taken'] }, message: null }}
        onSubmit={noop}
      />,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Practice name is taken');
  });
});
