import { Button, Group } from '@mantine/core';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { fromPromise } from 'xstate';
import { appBootstrapMachine, type RuntimeConfig } from '../../machines/app-bootstrap.machine';
import { selectUpdateAvailable } from '../../machines/build-check.machine';
import { clearAllCookies, removeProviderKeys } from '../auth/provider-storage';
import { setLogLevel } from '../logger';
import { GenericFailureScreen } from '../ui/errors/error-screen';
import { LoadingScreen } from '../ui/loading-screen';
import { RootActorsContext, RuntimeConfigContext } from './actors-context';
import { useBuildCheckActor } from './live/build-check';
import { loadRuntimeConfig } from './live/config';
import { createRootActors } from './root-actors';
import { RouteErrorScreen } from './route-error';
import { routeTree } from './routes';
import { parseSearch, stringifySearch } from './search-serialization';
import { subscribeStoredPage } from './stored-page';
import { builtInSupport } from './support-defaults';

const bootstrapMachine = appBootstrapMachine.provide({
  actors: { loadConfig: fromPromise(loadRuntimeConfig) },
  actions: { applyConfig: (_, { config }) => setLogLevel(config.app.loglevel) },
});

function createAppRouter(config: RuntimeConfig) {
  const actors = createRootActors(config);
  const router = createRouter({
    routeTree,
    context: { actors, config },
    defaultPreload: 'intent',
    defaultErrorComponent: RouteErrorScreen,
    scrollRestoration: true,
    parseSearch,
    stringifySearch,
  });
  subscribeStoredPage(router);
  return { actors, router };
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>['router'];
  }
}

// The prompt's code (a Mantine Notification) loads only when a new build is actually published.
const NewVersionPrompt = lazy(() =>
  import('../ui/new-version-prompt').then((m) => ({ default: m.NewVersionPrompt })),
);

/** Runs the build-check machine for the whole app and shows its prompt when it asks to. */
function BuildFreshness() {
  const buildCheck = useBuildCheckActor();
  const updateAvailable = useSelector(buildCheck, selectUpdateAvailable);
  if (!updateAvailable) return null;
  return (
    <Suspense fallback={null}>
      <NewVersionPrompt actorRef={buildCheck} />
    </Suspense>
  );
}

function ReadyApp({ config }: { config: RuntimeConfig }) {
  const [{ actors, router }] = useState(() => createAppRouter(config));
  return (
    <RuntimeConfigContext.Provider value={config}>
      <RootActorsContext.Provider value={actors}>
        <RouterProvider router={router} />
        <BuildFreshness />
      </RootActorsContext.Provider>
    </RuntimeConfigContext.Provider>
  );
}

/**
 * Logout before the configuration arrived: nothing is known of the identity provider yet, so the
 * sign-in it may have left in this browser is forgotten locally and the app starts over.
 */
function logoutWithoutConfig(): void {
  removeProviderKeys(window.localStorage);
  clearAllCookies(document, null);
  window.location.assign('/');
}

export function App() {
  const [snapshot, send] = useMachine(bootstrapMachine);
  // The app's first full render (router, root layout, the route's screen) is rendered from a
  // deferred value: React renders it in the background in small slices instead of one long task
  // when the configuration arrives (a machine's update is otherwise rendered at once).
  const config = useDeferredValue(snapshot.context.config);
  if (snapshot.matches('failed')) {
    // The configuration never arrived: the built-in support links (decision 050).
    return (
      <GenericFailureScreen
        marketingSiteUrl={builtInSupport.marketingSiteUrl}
        supportEmail={builtInSupport.supportEmail}
        actions={
          <Group justify="center">
            <Button onClick={() => send({ type: 'bootstrap.retry' })}>
              <FormattedMessage
                id="bootstrap.retry"
                defaultMessage="Try again"
                description="Retry loading the app configuration"
              />
            </Button>
            <Button variant="default" onClick={logoutWithoutConfig} data-testid="bootstrap-logout">
              <FormattedMessage
                id="bootstrap.logout"
                defaultMessage="Logout"
                description="Start-up failure: forget the sign-in kept in this browser and start over"
              />
            </Button>
          </Group>
        }
      />
    );
  }

  // Before the configuration arrives there is no session yet: the long-loading message's Logout
  // forgets the sign-in kept in this browser; 'contact us' opens the built-in support page.
  return (
    <LoadingScreen loading={!config} supportUrl={builtInSupport.supportUrl} onLogout={logoutWithoutConfig}>
      {config ? <ReadyApp config={config} /> : null}
    </LoadingScreen>
  );
}
