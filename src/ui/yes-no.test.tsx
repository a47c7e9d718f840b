// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../tests/support/render';
import { YesNo } from './yes-no';

function Harness() {
  const [value, setValue] = useState<boolean | null>(null);
  return <YesNo label="Do you have a hub?" value={value} onChange={setValue} />;
}

describe('YesNo', () => {
  it('starts unanswered and marks the chosen answer pressed', async () => {
    renderWithProviders(<Harness />);
    const group = screen.getByRole('group', { name: 'Do you have a hub?' });
    expect(group).toBeTruthy();
    const yes = screen.getByRole('button', { name: 'Yes' });
    const no = screen.getByRole('button', { name: 'No' });
    expect(yes.getAttribute('aria-pressed')).toBe('false');
    expect(no.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(no);
    expect(no.getAttribute('aria-pressed')).toBe('true');
    expect(yes.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(yes);
    expect(yes.getAttribute('aria-pressed')).toBe('true');
    expect(no.getAttribute('aria-pressed')).toBe('false');
  });
});
