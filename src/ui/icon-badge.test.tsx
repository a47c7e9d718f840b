// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../tests/support/render';
import { logger } from '../logger';
import { badgeLetters, IconBadge } from './icon-badge';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('IconBadge', () => {
  it.each([
    ['Happy Paws', 'Hap'],
    ['Vet', 'Vet'],
    ['Al', 'Al'],
    ['  Zoë Clinic', 'Zoë'],
    ['1st Vets', 'stV'],
    ['123456', '123'],
  ])('shows the first 3 letters of %j: %j', (title, letters) => {
    expect(badgeLetters(title)).toBe(letters);
  });

  it('renders the letters of a title with options', () => {
    renderWithProviders(
      <IconBadge title="Happy Paws" shape="square" size="lg" backgroundColor="grape" color="#fff" />,
    );
    const badge = screen.getByRole('img', { name: 'Happy Paws' });
    expect(badge.textContent).toBe('Hap');
    expect(badge.getAttribute('data-shape')).toBe('square');
    const placeholder = badge.querySelector('.mantine-Avatar-placeholder') as HTMLElement;
    expect(placeholder.getAttribute('style')).toContain(
      'background-color: var(--mantine-color-grape-filled)',
    );
    expect(placeholder.getAttribute('style')).toContain('; color: rgb(255, 255, 255)');
    expect(badge.getAttribute('style')).toContain('--avatar-radius: 0');
    expect(badge.getAttribute('style')).toContain('--avatar-size: var(--avatar-size-lg)');
  });

  it('renders an icon in place of letters', () => {
    renderWithProviders(<IconBadge icon={<svg data-testid="icon" />} title="Happy Paws" />);
    expect(screen.getByTestId('icon')).toBeTruthy();
    expect(screen.queryByText('Hap')).toBeNull();
  });

  it('renders an image', () => {
    const { container } = renderWithProviders(<IconBadge image="/logo.png" title="Happy Paws" />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/logo.png');
    expect(img?.getAttribute('alt')).toBe('Happy Paws');
    expect(screen.queryByText('Hap')).toBeNull();
  });

  it('logs an error and renders nothing when given no icon, image or title', () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => false);
    const { container } = renderWithProviders(<IconBadge color="red" />);
    expect(error).toHaveBeenCalledWith('IconBadge: an icon, an image or a title is required');
    expect(container.querySelector('.mantine-Avatar-root')).toBeNull();
  });

  it('does not log when given a title', () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => false);
    renderWithProviders(<IconBadge title="Vet" />);
    expect(error).not.toHaveBeenCalled();
  });
});
