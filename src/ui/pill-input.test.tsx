// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../tests/support/render';
import { PillInput } from './pill-input';

function Harness({ initial = [] }: { initial?: string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <PillInput label="Emails" value={value} onChange={setValue} placeholder="Add" />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]') as string[];

describe('PillInput', () => {
  it('adds a pill on Enter and on comma, ignoring blanks and duplicates', async () => {
    renderWithProviders(<Harness />);
    const field = screen.getByPlaceholderText('Add');
    await userEvent.type(field, 'a@x.com{Enter}b@x.com,');
    expect(value()).toEqual(['a@x.com', 'b@x.com']);
    await userEvent.type(field, '   {Enter}a@x.com{Enter}');
    expect(value()).toEqual(['a@x.com', 'b@x.com']);
    expect(screen.getByText('a@x.com')).toBeTruthy();
  });

  it('splits pasted text on commas', () => {
    renderWithProviders(<Harness />);
    fireEvent.change(screen.getByPlaceholderText('Add'), { target: { value: 'one,two,thr' } });
    expect(value()).toEqual(['one', 'two']);
    expect((screen.getByPlaceholderText('Add') as HTMLInputElement).value).toBe('thr');
  });

  it('removes pills with their button and with Backspace', async () => {
    renderWithProviders(<Harness initial={['one', 'two', 'three']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove two' }));
    expect(value()).toEqual(['one', 'three']);
    await userEvent.type(screen.getByPlaceholderText('Add'), '{Backspace}');
    expect(value()).toEqual(['one']);
  });
});
