// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../tests/support/render';
import { clampStep, StepProgress } from './step-progress';

const current = () => screen.getByLabelText(/^Step \d+ of \d+$/);

describe('StepProgress', () => {
  it('shows the current step of the total', () => {
    renderWithProviders(<StepProgress current={2} total={3} />);
    expect(current().getAttribute('aria-label')).toBe('Step 2 of 3');
    // A name needs a role (a div's aria-label is ignored): the group is named by it.
    expect(screen.getByRole('group', { name: 'Step 2 of 3' })).toBe(current());
    expect(current().getAttribute('data-current-step')).toBe('2');
    expect(document.querySelectorAll('.mantine-Stepper-step')).toHaveLength(3);
    expect(document.querySelectorAll('[data-completed]').length).toBeGreaterThanOrEqual(1);
  });

  it.each([
    [0, 3, 1],
    [-5, 3, 1],
    [4, 3, 3],
    [99, 3, 3],
    [1, 1, 1],
    [Number.NaN, 3, 1],
  ])('clamps current %s of %s to %s', (given, total, expected) => {
    expect(clampStep(given, total)).toBe(expected);
    renderWithProviders(<StepProgress current={given} total={total} />);
    expect(current().getAttribute('aria-label')).toBe(`Step ${expected} of ${total}`);
  });

  it.each([0, -1, 0.5, Number.NaN])('shows nothing when the total is %s', (total) => {
    const { container } = renderWithProviders(<StepProgress current={1} total={total} />);
    expect(container.querySelector('.mantine-Stepper-root')).toBeNull();
    expect(screen.queryByLabelText(/^Step/)).toBeNull();
  });

  it('shows step labels', () => {
    renderWithProviders(<StepProgress current={1} total={3} labels={['Account', 'Profile', 'Practice']} />);
    expect(screen.getByText('Profile')).toBeTruthy();
  });

  it('names every step button when the steps have no visible label (completed steps show only an icon)', () => {
    renderWithProviders(<StepProgress current={3} total={3} />);
    const steps = [...document.querySelectorAll('.mantine-Stepper-step')];
    expect(steps.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Step 1, completed',
      'Step 2, completed',
      'Step 3',
    ]);
    expect(screen.getByRole('button', { name: 'Step 1, completed' })).toBeTruthy();
  });

  it('leaves the name to the visible label when there is one', () => {
    renderWithProviders(<StepProgress current={2} total={2} labels={['Account', 'Profile']} />);
    const steps = [...document.querySelectorAll('.mantine-Stepper-step')];
    expect(steps.map((s) => s.getAttribute('aria-label'))).toEqual([null, null]);
    expect(screen.getByRole('button', { name: /Account/ })).toBeTruthy();
  });
});
