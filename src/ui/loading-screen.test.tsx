// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../tests/support/render';
import { LoadingScreen, type LoadingScreenProps } from './loading-screen';

const base: LoadingScreenProps = {
  loading: true,
  heading: 'Fetching your practices',
  supportUrl: 'https://support.example/contact',
  onLogout: () => {},
  children: <p>the content</p>,
};

function setMobile(mobile: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: mobile && query.includes('max-width: 768px'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('LoadingScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setMobile(false);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows nothing before 500 ms, then the spinner and heading', () => {
    renderWithProviders(<LoadingScreen {...base} />);
    expect(screen.queryByTestId('loading-spinner')).toBeNull();
    expect(screen.queryByText('the content')).toBeNull();
    advance(499);
    expect(screen.queryByTestId('loading-spinner')).toBeNull();
    advance(1);
    expect(screen.getByTestId('loading-spinner')).toBeTruthy();
    expect(screen.getByText('Fetching your practices')).toBeTruthy();
  });

  it('keeps the spinner at least 2000 ms after it appeared, then shows the content', () => {
    const { rerender } = renderWithProviders(<LoadingScreen {...base} />);
    advance(600); // spinner shown at 500
    rerender(<LoadingScreen {...base} loading={false} />);
    expect(screen.getByTestId('loading-spinner')).toBeTruthy();
    advance(1899); // t = 2499
    expect(screen.queryByText('the content')).toBeNull();
    advance(1); // t = 2500 = 500 + 2000
    expect(screen.getByText('the content')).toBeTruthy();
    expect(screen.queryByTestId('loading-spinner')).toBeNull();
  });

  it('shows the content at once when loading ends before the pop-in (no spinner flash)', () => {
    const { rerender } = renderWithProviders(<LoadingScreen {...base} />);
    advance(200);
    rerender(<LoadingScreen {...base} loading={false} />);
    expect(screen.getByText('the content')).toBeTruthy();
    advance(5000);
    expect(screen.queryByTestId('loading-spinner')).toBeNull();
  });

  it('keepContentVisible keeps the children until the pop-in', () => {
    renderWithProviders(<LoadingScreen {...base} keepContentVisible />);
    expect(screen.getByText('the content')).toBeTruthy();
    advance(500);
    expect(screen.queryByText('the content')).toBeNull();
    expect(screen.getByTestId('loading-spinner')).toBeTruthy();
  });

  it('adds the long-loading message at 15000 ms (desktop text), contact link and logout', () => {
    const onLogout = vi.fn();
    renderWithProviders(<LoadingScreen {...base} onLogout={onLogout} />);
    advance(14999);
    expect(screen.queryByText('Sorry!')).toBeNull();
    advance(1);
    expect(screen.getByText('Sorry!')).toBeTruthy();
    expect(screen.getByText("Looks like it's taking us a while...")).toBeTruthy();
    expect(screen.getByTestId('loading-long').textContent).toContain(
      'Please try refreshing the page. If problems continue, contact us.',
    );
    expect(screen.getByTestId('loading-contact-us').getAttribute('href')).toBe(
      'https://support.example/contact',
    );
    act(() => {
      screen.getByTestId('loading-logout').click();
    });
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('tells mobile users to try again', () => {
    setMobile(true);
    renderWithProviders(<LoadingScreen {...base} />);
    advance(15000);
    expect(screen.getByTestId('loading-long').textContent).toContain(
      'Please try again. If problems continue, contact us.',
    );
  });

  it('renders the content directly when mounted already loaded', () => {
    renderWithProviders(<LoadingScreen {...base} loading={false} />);
    expect(screen.getByText('the content')).toBeTruthy();
  });
});
