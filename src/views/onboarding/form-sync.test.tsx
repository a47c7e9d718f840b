// @vitest-environment jsdom
/**
 * ValuesSync (form-sync.tsx): the form's values reach the machine from a deferred render, and,
 * when the page is left first, on `pagehide` (the e2e test "the last change before a reload is
 * kept" covers the race itself in Chromium). Here: what `pagehide` hands over, and what it must not.
 */
import { act, fireEvent, render } from '@testing-library/react';
import { Field, Formik } from 'formik';
import { describe, expect, it, vi } from 'vitest';
import { ValuesSync } from './form-sync';

function Form({ onChange }: { onChange: (values: { city: string }) => void }) {
  return (
    <Formik initialValues={{ city: '' }} onSubmit={() => undefined}>
      <form>
        <ValuesSync<{ city: string }> onChange={onChange} />
        <Field name="city" aria-label="City" />
      </form>
    </Formik>
  );
}

describe('ValuesSync', () => {
  it('a form left untouched hands nothing over when the page is left (no draft from nothing)', () => {
    const onChange = vi.fn();
    render(<Form onChange={onChange} />);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('hands a change over once: from the deferred render, and not again when the page is left', async () => {
    const onChange = vi.fn();
    const { getByLabelText } = render(<Form onChange={onChange} />);
    await act(async () => {
      fireEvent.change(getByLabelText('City'), { target: { value: 'Sydney' } });
    });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith({ city: 'Sydney' });
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('stops listening once the form is gone', () => {
    const onChange = vi.fn();
    const removed = vi.spyOn(window, 'removeEventListener');
    const { unmount } = render(<Form onChange={onChange} />);
    unmount();
    expect(removed).toHaveBeenCalledWith('pagehide', expect.any(Function));
    removed.mockRestore();
  });
});
