/**
 * Test harness for the shell: renders the real RootLayout inside a memory router with a small
 * route tree, the real session machine (fake identity-provider actors) and a viewport width that
 * drives `matchMedia` (so the navbar's breakpoint logic runs as in a browser).
 */
import {
  type AnyRouter,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import type { AppConfig, SessionUser } from '#machines/domain';
import { hubConnectionMachine } from '#machines/hub-connection.machine';
import {
  type LoginRequest,
  type LogoutRequest,
  type SessionCheckResult,
  sessionMachine,
} from '#machines/session.machine';
import { userStoreMachine } from '#machines/user-store.machine';
import { RootActorsProvider } from '../../src/app/actors-context';
import { existingRealtime, idleCodeRecovery, type RootActors } from '../../src/app/root-actors';
import { RootLayout } from '../../src/app/root-layout';
import { RuntimeConfigContext } from '../../src/ui/runtime-config';
import { renderWithProviders } from './render';

/** A `matchMedia` that answers min-width/max-width queries (px or em) for the given width. */
export function setViewportWidth(width: number): void {
  const toPx = (value: string, unit: string) => Number(value) * (unit === 'em' || unit === 'rem' ? 16 : 1);
  const matches = (query: string) => {
    const min = /min-width:\s*([\d.]+)(px|em|rem)/.exec(query);
    const max = /max-width:\s*([\d.]+)(px|em|rem)/.exec(query);
    if (min?.[1] && min[2] && width < toPx(min[1], min[2])) return false;
    if (max?.[1] && max[2] && width > toPx(max[1], max[2])) return false;
    return Boolean(min || max);
  };
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: matches(query),
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

/**
 * The real session machine with the identity provider faked: signed in as `user` (or signed out);
 * each redirect login is recorded, then goes as `login` says (default: resolves at once).
 */
export function createTestSession(
  user: SessionUser | null,
  { login }: { login?: (request: LoginRequest) => Promise<void> } = {},
) {
  const logins: LoginRequest[] = [];
  const logouts: LogoutRequest[] = [];
  const machine = sessionMachine.provide({
    actors: {
      checkSession: fromPromise<SessionCheckResult>(async () =>
        user
          ? { kind: 'signedIn', user, returnTo: null, callbackErrorCode: null }
          : { kind: 'signedOut', callbackErrorCode: null },
      ),
      loginWithRedirect: fromPromise<void, LoginRequest>(async ({ input }) => {
        logins.push(input);
        await login?.(input);
      }),
      logout: fromPromise<void, LogoutRequest>(async ({ input }) => {
        logouts.push(input);
      }),
    },
  });
  const session = createActor(machine);
  session.start();
  return { session, logins, logouts };
}

/** Identity-provider settings of the rendered-shell tests (the SDK itself is never reached). */
export const testAuthConfig: RuntimeConfig['auth'] = {
  auth0Domain: 'http://localhost:1',
  auth0ClientId: 'client',
  auth0Audience: 'default',
  cacheLocation: 'memory',
  cookieDomain: null,
  useRefreshTokens: false,
  scope: null,
};

export const testAppConfig: AppConfig = {
  loglevel: 'INFO',
  portals: [],
  productName: 'Vet Portal',
  marketingSiteUrl: 'https://marketing.example.test/',
  supportEmail: 'support@example.test',
};

const paths = [
  '/',
  '/onboarding',
  '/switch-practice',
  '/auth/redirect',
  '/auth/unverified-email',
  '/invite-code',
  '/invite',
  '/not-found',
  '/mobile/$',
] as const;

/** Renders `router` with the app's providers: the runtime configuration and the root actors. */
export function renderRouter(router: AnyRouter, actors: RootActors, config: RuntimeConfig) {
  return renderWithProviders(
    <RuntimeConfigContext.Provider value={config}>
      <RootActorsProvider actors={actors}>
        <RouterProvider router={router} />
      </RootActorsProvider>
    </RuntimeConfigContext.Provider>,
  );
}

export async function renderShell({
  path = '/',
  user = null,
  width = 1280,
  app = testAppConfig,
}: {
  path?: string;
  user?: SessionUser | null;
  width?: number;
  app?: AppConfig;
} = {}) {
  setViewportWidth(width);
  const { session, logins, logouts } = createTestSession(user);
  const config: RuntimeConfig = { app, auth: testAuthConfig };
  const rootRoute = createRootRoute({
    component: RootLayout,
    notFoundComponent: () => <p>catch-all not found</p>,
  });
  const children = paths.map((p) =>
    createRoute({ getParentRoute: () => rootRoute, path: p, component: () => <p>page {p}</p> }),
  );
  const router = createRouter({
    routeTree: rootRoute.addChildren(children),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  // The connection stays disconnected (nobody sends hub.connect here); the shell only reads it.
  const actors: RootActors = {
    session,
    realtime: existingRealtime({
      hubConnection: createActor(hubConnectionMachine).start(),
      userStore: createActor(userStoreMachine, { input: undefined }).start(),
    }),
    codeRecovery: idleCodeRecovery(),
  };
  const view = renderRouter(router, actors, config);
  // Let the session check and the initial route load settle.
  await act(async () => {
    await router.load();
  });
  return { ...view, router, session, logins, logouts };
}
