// @vitest-environment jsdom
/**
 * The last boundary above start-up, the router and the build check (src/app/app-error-boundary.tsx):
 * whatever they throw ends on the product failure screen, never React's blank page or the router's
 * raw "Something went wrong!".
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../tests/support/render';
import { setLogLevel } from '../logger';
import { builtInSupport } from '../ui/support-defaults';
import { AppErrorBoundary } from './app-error-boundary';

beforeAll(() => setLogLevel('SILENT'));

/** Throws while `fault.on`. */
function Flaky({ fault }: { fault: { on: boolean } }) {
  if (fault.on) throw new Error('Unable to preload CSS for /assets/Notification.css');
  return <h1>the app</h1>;
}

function renderApp() {
  const fault = { on: true };
  const logouts: true[] = [];
  renderWithProviders(
    <AppErrorBoundary onLogout={() => logouts.push(true)}>
      <Flaky fault={fault} />
    </AppErrorBoundary>,
    { onCaughtError: () => undefined },
  );
  return { fault, logouts: () => logouts.length };
}

describe('the app error boundary', () => {
  it('shows the product failure screen with Try again, Logout and the built-in support links', async () => {
    const { logouts } = renderApp();
    expect(await screen.findByRole('heading', { name: "Oops! Something's not working." })).toBeTruthy();
    expect(screen.queryByText('Something went wrong!')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByTestId('support-email').getAttribute('href')).toBe(
      `mailto:${builtInSupport.supportEmail}`,
    );
    expect(screen.getByTestId('support-page').getAttribute('href')).toBe(builtInSupport.supportUrl);
    expect(screen.getByTestId('visit-us').getAttribute('href')).toBe(`${builtInSupport.marketingSiteUrl}/`);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(logouts()).toBe(1);
  });

  it('Try again renders the app again', async () => {
    const { fault } = renderApp();
    await screen.findByRole('heading', { name: "Oops! Something's not working." });
    fault.on = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'the app' })).toBeTruthy();
  });

  it('tries again by itself when the browser is back online', async () => {
    const { fault } = renderApp();
    await screen.findByRole('heading', { name: "Oops! Something's not working." });
    fault.on = false;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { name: 'the app' })).toBeTruthy();
  });
});
