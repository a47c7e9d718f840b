// @vitest-environment jsdom
/**
 * The signed-in-only routes' pending screen (docs/decisions/022-guard-sign-in-pending.md): the real
 * guard (`requireSignedIn`), the real pending screen (`signedInOnlyPending`) and the real session
 * machine in a memory router; only the identity provider's SDK is faked (the session's actors).
 */
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import { loadingDelays } from '#machines/constants';
import type { SessionUser } from '#machines/domain';
import { hubConnectionMachine } from '#machines/hub-connection.machine';
import { userStoreMachine } from '#machines/user-store.machine';
import { createTestSession, renderRouter, testAuthConfig } from '../../tests/support/shell-harness';
import { signedInOnlyPending } from './guard-screens';
import { requireSignedIn } from './guards';
import { existingRealtime, idleCodeRecovery, type RootActors } from './root-actors';
import type { RouterContext } from './router-context';

const ada: SessionUser = { sub: 'auth0|ada', name: 'Ada Lovelace', email: 'ada@example.test' };

const config: RuntimeConfig = {
  app: {
    loglevel: 'INFO',
    portals: [],
    productName: 'Vet Portal',
    supportUrl: 'https://support.example.test/',
  },
  auth: testAuthConfig,
};

/** How each redirect login attempt goes: the page leaves (never settles here) or it fails to start. */
type Attempt = 'leaves' | { fails: string };

async function renderGuarded({
  path,
  user = null,
  attempts = ['leaves'],
}: {
  path: string;
  user?: SessionUser | null;
  attempts?: Attempt[];
}) {
  let attempt = 0;
  const { session, logins } = createTestSession(user, {
    login: () => {
      const next = attempts[attempt] ?? 'leaves';
      attempt += 1;
      if (next === 'leaves') return new Promise<void>(() => undefined);
      return Promise.reject(Object.assign(new Error('could not start'), { error: next.fails }));
    },
  });
  const actors: RootActors = {
    session,
    realtime: existingRealtime({
      hubConnection: createActor(hubConnectionMachine).start(),
      userStore: createActor(userStoreMachine, { input: undefined }).start(),
    }),
    codeRecovery: idleCodeRecovery(),
  };
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: () => (
      <main>
        <Outlet />
      </main>
    ),
  });
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <p>home page</p> });
  const guarded = createRoute({
    getParentRoute: () => rootRoute,
    path: '/switch-practice',
    beforeLoad: requireSignedIn,
    ...signedInOnlyPending,
    component: () => <p>switch practice page</p>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([home, guarded]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { actors, config },
  });
  const view = renderRouter(router, actors, config);
  return { ...view, router, session: actors.session, logins };
}

/** The loading screen's pop-in delay plus room for the router and React. */
const popIn = { timeout: loadingDelays.popInDelay + 1500 };

describe('signed-in-only route while the guard sends the browser to the identity provider', () => {
  it("shows the pending screen at once, calm (nothing until the pop-in), then 'Signing you in...'", async () => {
    const { logins, session } = await renderGuarded({ path: '/switch-practice?tab=invites#top' });

    const pending = await screen.findByTestId('sign-in-pending');
    await waitFor(() => expect(session.getSnapshot().value).toBe('redirectingToLogin'));
    expect(pending.getAttribute('aria-busy')).toBe('true');
    expect(pending.getAttribute('data-progress')).toBe('redirecting');
    // Before the pop-in delay: no spinner flashes (a quick redirect shows nothing).
    expect(screen.queryByRole('status')).toBeNull();

    const status = await screen.findByRole('status', { name: 'Signing you in' }, popIn);
    expect(pending.contains(status)).toBe(true);
    expect(within(pending).getByRole('heading', { name: 'Signing you in...' })).toBeTruthy();
    expect(screen.queryByText('switch practice page')).toBeNull();
    expect(logins).toEqual([{ returnTo: '/switch-practice?tab=invites#top', screenHint: 'login' }]);
  });

  it("a redirect login that cannot start shows why, and 'Sign in again' starts it again", async () => {
    const { logins, session } = await renderGuarded({
      path: '/switch-practice',
      attempts: [{ fails: 'timeout' }, 'leaves'],
    });

    expect(await screen.findByRole('heading', { name: "We couldn't sign you in" })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Signing in took too long. Please try again.');
    expect(screen.queryByTestId('sign-in-pending')).toBeNull(); // not busy any more
    expect(session.getSnapshot().value).toBe('signedOut');

    await userEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(logins).toHaveLength(2));
    expect(logins[1]).toEqual({ returnTo: '/switch-practice', screenHint: 'login' });
    expect(await screen.findByRole('status', { name: 'Signing you in' }, popIn)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: "We couldn't sign you in" })).toBeNull();
  });

  it("'Go to the home page' leaves the failed sign-in for /", async () => {
    const { router, logins } = await renderGuarded({
      path: '/switch-practice',
      attempts: [{ fails: 'login_failed' }],
    });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Something went wrong while signing you in.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go to the home page' }));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(logins).toHaveLength(1);
  });

  it('signed in: the page itself, no pending screen and no login', async () => {
    const { logins, router } = await renderGuarded({ path: '/switch-practice', user: ada });
    expect(await screen.findByText('switch practice page')).toBeTruthy();
    await act(async () => {
      await router.load();
    });
    expect(screen.queryByTestId('sign-in-pending')).toBeNull();
    expect(logins).toEqual([]);
  });
});
