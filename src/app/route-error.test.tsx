// @vitest-environment jsdom
/**
 * The product's error boundary on every route (docs/decisions/060-route-error-boundary-and-chunk-retry.md):
 * the real RouteErrorScreen in a memory router, a screen that fails to load through lazyScreen,
 * the real session machine (identity provider faked).
 */
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import type { SessionUser } from '#machines/domain';
import { hubConnectionMachine } from '#machines/hub-connection.machine';
import { userStoreMachine } from '#machines/user-store.machine';
import { renderWithProviders } from '../../tests/support/render';
import { createTestSession, testAuthConfig } from '../../tests/support/shell-harness';
import { forgetFailedStylesheets } from '../ui/chunk-retry';
import { RuntimeConfigContext } from '../ui/runtime-config';
import { builtInSupport } from '../ui/support-defaults';
import { RootActorsProvider } from './actors-context';
import { lazyScreen } from './lazy-screen';
import { existingRealtime, type RootActors } from './root-actors';
import { RouteErrorScreen } from './route-error';
import type { RouterContext } from './router-context';

const ada: SessionUser = { sub: 'auth0|ada', name: 'Ada Lovelace', email: 'ada@example.test' };
const config: RuntimeConfig = { app: { loglevel: 'SILENT', portals: [] }, auth: testAuthConfig };

function Page() {
  return <p>the page</p>;
}

afterEach(() => {
  for (const link of Array.from(document.head.querySelectorAll('link'))) link.remove();
});

/** A route whose screen fails to load `failures` times, then loads. */
function renderFailingScreen({ user, failures }: { user: SessionUser | null; failures: number }) {
  let attempts = 0;
  const { session, logouts } = createTestSession(user);
  const actors: RootActors = {
    session,
    realtime: existingRealtime({
      hubConnection: createActor(hubConnectionMachine).start(),
      userStore: createActor(userStoreMachine, { input: undefined }).start(),
    }),
  };
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: () => <Outlet />,
    errorComponent: RouteErrorScreen,
  });
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: lazyScreen(async () => {
      attempts += 1;
      if (attempts <= failures)
        throw new TypeError('Failed to fetch dynamically imported module: /assets/page.js');
      return { Page };
    }, 'Page'),
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context: { actors, config },
    defaultErrorComponent: RouteErrorScreen,
  });
  const caught: unknown[] = [];
  renderWithProviders(
    <RuntimeConfigContext.Provider value={config}>
      <RootActorsProvider actors={actors}>
        <RouterProvider router={router} />
      </RootActorsProvider>
    </RuntimeConfigContext.Provider>,
    // As in the app: what a boundary caught is the boundary's to show (not a console error).
    { onCaughtError: (error) => caught.push(error) },
  );
  return { logouts, attempts: () => attempts };
}

describe('the route error boundary', () => {
  it('a screen that cannot load shows the product failure screen (never the router default), with the built-in support links', async () => {
    renderFailingScreen({ user: null, failures: 1 });
    expect(await screen.findByRole('heading', { name: "Oops! Something's not working." })).toBeTruthy();
    expect(screen.queryByText('Something went wrong!')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByTestId('support-email').getAttribute('href')).toBe(
      `mailto:${builtInSupport.supportEmail}`,
    );
    expect(screen.getByTestId('support-page').getAttribute('href')).toBe(builtInSupport.supportUrl);
    expect(screen.getByTestId('visit-us').getAttribute('href')).toBe(`${builtInSupport.marketingSiteUrl}/`);
    // Signed out: no Logout.
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('Try again loads the screen; signed in, Logout ends the session', async () => {
    const { logouts, attempts } = renderFailingScreen({ user: ada, failures: 1 });
    await screen.findByRole('heading', { name: "Oops! Something's not working." });
    const logout = await screen.findByRole('button', { name: 'Logout' });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(attempts()).toBe(2);
    expect(logout.isConnected).toBe(false);
    expect(logouts).toEqual([]);
  });

  it('Logout (signed in) sends the session a logout', async () => {
    const { logouts } = renderFailingScreen({ user: ada, failures: 5 });
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(logouts).toHaveLength(1));
  });

  it('tries again by itself when the browser is back online', async () => {
    const { attempts } = renderFailingScreen({ user: null, failures: 1 });
    await screen.findByRole('heading', { name: "Oops! Something's not working." });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(attempts()).toBe(2);
  });
});

describe('forgetFailedStylesheets', () => {
  it('unlinks only the stylesheets whose load failed, so the next attempt links them again', async () => {
    const failed = document.createElement('link');
    failed.rel = 'stylesheet';
    failed.href = 'http://localhost/assets/page-abc.css';
    const loaded = document.createElement('link');
    loaded.rel = 'stylesheet';
    loaded.href = 'http://localhost/assets/index-def.css';
    document.head.append(failed, loaded);
    const screenLoad = lazyScreen(async () => {
      throw new Error(`Unable to preload CSS for ${failed.href}`);
    }, 'never' as never);
    await (screenLoad as unknown as { preload: () => Promise<void> }).preload();
    forgetFailedStylesheets();
    expect(failed.isConnected).toBe(false);
    expect(loaded.isConnected).toBe(true);
  });
});
