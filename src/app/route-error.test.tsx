// @vitest-environment jsdom
/**
 * The product's error boundary on every route (docs/decisions/195-a-page-whose-code-cannot-load-says-so.md):
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
import {
  failedLoadNames,
  forgetFailedStylesheets,
  onFailedLoad,
  resetFailedLoads,
  retryFailedLoads,
} from '../code-loads';
import { RuntimeConfigContext } from '../ui/runtime-config';
import { builtInSupport } from '../ui/support-defaults';
import { RootActorsProvider } from './actors-context';
import { lazyScreen } from './lazy-screen';
import { type CodeRecoveryEdges, createCodeRecoveryActor, RECOVERY_RELOAD_KEY } from './live/code-recovery';
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
  resetFailedLoads();
});

/**
 * The app's origin and the document as the code-recovery machine sees them (decision 195): whether
 * the origin answers, the browser's `online` event, and the reloads asked for.
 */
function fakeOrigin({
  answering,
  recentlyReloaded = false,
}: {
  answering: boolean;
  recentlyReloaded?: boolean;
}) {
  const origin = { answering, reloads: 0, online: [] as Array<() => void> };
  const stored = new Map<string, string>();
  if (recentlyReloaded) stored.set(RECOVERY_RELOAD_KEY, String(Date.now()));
  const edges: CodeRecoveryEdges = {
    fetch: async () => {
      if (!origin.answering) throw new TypeError('Failed to fetch');
      return new Response('{"buildTime":"2026-11-26T00:00:00Z"}', { status: 200 });
    },
    now: () => Date.now(),
    sessionStorage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => stored.set(key, value),
    },
    reload: () => {
      origin.reloads += 1;
    },
    retryFailedLoads: () => retryFailedLoads(),
    onFailedLoad,
    failedLoadNames,
    addOnlineListener: (listener) => origin.online.push(listener),
  };
  const backOnline = async () => {
    origin.answering = true;
    await act(async () => {
      for (const listener of origin.online) listener();
    });
  };
  return { origin, edges, backOnline };
}

/**
 * A route whose screen fails to load `failures` times, then loads (an engine that retries a failed
 * module fetch); `failures: Infinity` is an engine that keeps the failure for the whole document.
 */
function renderFailingScreen({
  user,
  failures,
  recovery,
}: {
  user: SessionUser | null;
  failures: number;
  recovery: CodeRecoveryEdges;
}) {
  let attempts = 0;
  const { session, logouts } = createTestSession(user);
  const actors: RootActors = {
    session,
    realtime: existingRealtime({
      hubConnection: createActor(hubConnectionMachine).start(),
      userStore: createActor(userStoreMachine, { input: undefined }).start(),
    }),
    codeRecovery: createCodeRecoveryActor(recovery),
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
  return { logouts, attempts: () => attempts, recovery: actors.codeRecovery };
}

const failureHeading = { name: "Oops! Something's not working." };

describe('the route error boundary', () => {
  it('a screen that cannot load shows the product failure screen (never the router default), with the built-in support links', async () => {
    const { edges } = fakeOrigin({ answering: false });
    renderFailingScreen({ user: null, failures: 1, recovery: edges });
    expect(await screen.findByRole('heading', failureHeading)).toBeTruthy();
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

  it('while the origin does not answer nothing is retried, Try again included, and the page is never reloaded', async () => {
    const { origin, edges } = fakeOrigin({ answering: false });
    const { attempts } = renderFailingScreen({ user: null, failures: 1, recovery: edges });
    await screen.findByRole('heading', failureHeading);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', failureHeading)).toBeTruthy();
    expect(attempts()).toBe(1);
    expect(origin.reloads).toBe(0);
  });

  it('Try again once the origin answers loads the screen; signed in, Logout ends the session', async () => {
    const { origin, edges } = fakeOrigin({ answering: false });
    const { logouts } = renderFailingScreen({ user: ada, failures: 1, recovery: edges });
    await screen.findByRole('heading', failureHeading);
    const logout = await screen.findByRole('button', { name: 'Logout' });
    origin.answering = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(logout.isConnected).toBe(false);
    expect(logouts).toEqual([]);
    expect(origin.reloads).toBe(0);
  });

  it('Logout (signed in) sends the session a logout', async () => {
    const { edges } = fakeOrigin({ answering: false });
    const { logouts } = renderFailingScreen({ user: ada, failures: 5, recovery: edges });
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(logouts).toHaveLength(1));
  });

  it('loads by itself once the browser is back online and the origin answers (an engine that retries a failed module)', async () => {
    const { origin, edges, backOnline } = fakeOrigin({ answering: false });
    renderFailingScreen({ user: null, failures: 1, recovery: edges });
    await screen.findByRole('heading', failureHeading);
    await backOnline();
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(origin.reloads).toBe(0);
  });

  it('an engine that keeps the failed module for the document: once the origin answers, the same address is loaded afresh, once', async () => {
    const { origin, edges, backOnline } = fakeOrigin({ answering: false });
    const { recovery } = renderFailingScreen({
      user: null,
      failures: Number.POSITIVE_INFINITY,
      recovery: edges,
    });
    await screen.findByRole('heading', failureHeading);
    expect(origin.reloads).toBe(0);
    await backOnline();
    await waitFor(() => expect(origin.reloads).toBe(1));
    expect(recovery.getSnapshot().value).toBe('reloading');
    expect(screen.getByRole('button', { name: 'Try again' }).hasAttribute('data-loading')).toBe(true);
  });

  it('a document loaded by a recovery reload moments ago does not reload by itself again: Try again does', async () => {
    const { origin, edges } = fakeOrigin({ answering: true, recentlyReloaded: true });
    const { recovery } = renderFailingScreen({
      user: null,
      failures: Number.POSITIVE_INFINITY,
      recovery: edges,
    });
    await screen.findByRole('heading', failureHeading);
    await waitFor(() => expect(recovery.getSnapshot().value).toBe('stuck'));
    expect(origin.reloads).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(origin.reloads).toBe(1);
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
