// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../tests/support/render';
import { OneTimeCodeInput } from './one-time-code-input';

function Harness({
  type,
  onComplete,
}: {
  type?: 'text' | 'number' | 'tel';
  onComplete?: (v: string) => void;
}) {
  const [value, setValue] = useState('');
  return (
    <>
      <OneTimeCodeInput
        length={4}
        type={type}
        value={value}
        onChange={setValue}
        onComplete={onComplete}
        label="Code"
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const boxes = () => screen.getAllByLabelText(/^Character \d of 4$/) as HTMLInputElement[];

describe('OneTimeCodeInput', () => {
  it('moves the focus between boxes without a border transition (each key would start one, issue 26)', () => {
    renderWithProviders(<Harness type="number" />);
    for (const box of boxes()) expect(box.style.transition).toBe('none');
  });

  it('renders one box per character, each taking one character', async () => {
    renderWithProviders(<Harness type="number" />);
    expect(boxes()).toHaveLength(4);
    await userEvent.click(boxes()[0] as HTMLInputElement);
    await userEvent.keyboard('12');
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '', '']);
    expect(screen.getByTestId('value').textContent).toBe('12');
  });

  it('accepts pasted text spread over the boxes and completes', async () => {
    const onComplete = vi.fn();
    renderWithProviders(<Harness type="number" onComplete={onComplete} />);
    fireEvent.paste(boxes()[0] as HTMLInputElement, { clipboardData: { getData: () => '4321' } });
    expect(boxes().map((b) => b.value)).toEqual(['4', '3', '2', '1']);
    expect(screen.getByTestId('value').textContent).toBe('4321');
    expect(onComplete).toHaveBeenCalledWith('4321');
  });

  it.each(['number', 'tel'] as const)('type %s is numeric only', async (type) => {
    renderWithProviders(<Harness type={type} />);
    expect(boxes()[0]?.inputMode).toBe('numeric');
    await userEvent.click(boxes()[0] as HTMLInputElement);
    await userEvent.keyboard('a');
    expect(boxes()[0]?.value).toBe('');
    fireEvent.paste(boxes()[0] as HTMLInputElement, { clipboardData: { getData: () => 'AB12' } });
    expect(screen.getByTestId('value').textContent).toBe('');
    await userEvent.keyboard('7');
    expect(boxes()[0]?.value).toBe('7');
  });

  it('type text accepts letters and pasted codes', async () => {
    renderWithProviders(<Harness type="text" />);
    await userEvent.click(boxes()[0] as HTMLInputElement);
    await userEvent.keyboard('a');
    expect(boxes()[0]?.value).toBe('a');
    fireEvent.paste(boxes()[0] as HTMLInputElement, { clipboardData: { getData: () => 'AB12' } });
    expect(screen.getByTestId('value').textContent).toBe('AB12');
  });

  it('shows an error linked to the boxes', () => {
    renderWithProviders(
      <OneTimeCodeInput length={4} value="" onChange={() => undefined} error="Invalid pin" />,
    );
    const first = boxes()[0] as HTMLInputElement;
    expect(first.getAttribute('aria-invalid')).toBe('true');
    const message = first.getAttribute('aria-errormessage') ?? '';
    expect(document.getElementById(message)?.textContent).toBe('Invalid pin');
    const group = screen.getByRole('group');
    expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Invalid pin',
    );
  });

  it('gives every box its own id, and its label names the group and the first box (HTML conformance)', () => {
    renderWithProviders(<Harness type="number" />);
    const ids = boxes().map((b) => b.id);
    expect(new Set(ids).size).toBe(4);
    expect(ids.every((id) => document.querySelectorAll(`[id="${id}"]`).length === 1)).toBe(true);
    const label = screen.getByText('Code');
    expect(label.tagName).toBe('LABEL');
    expect(label.getAttribute('for')).toBe(ids[0]);
    expect(screen.getByRole('group', { name: 'Code' }).contains(boxes()[3] as HTMLInputElement)).toBe(true);
  });
});
