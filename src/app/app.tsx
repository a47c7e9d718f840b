import { createRouter, RouterProvider } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { appBootstrapMachine, type RuntimeConfig } from '../../machines/app-bootstrap.machine';
import { selectUpdateAvailable } from '../../machines/build-check.machine';
import { clearAllCookies, removeProviderKeys } from '../auth/provider-storage';
import { setLogLevel } from '../logger';
import { LazyPart, partLoader } from '../ui/lazy-part';
import { NewVersionFallback } from '../ui/new-version-fallback';
import { RootActorsContext, RuntimeConfigContext } from './actors-context';
import { AppErrorBoundary } from './app-error-boundary';
import { BootstrapView } from './bootstrap-view';
import { useBuildCheckActor } from './live/build-check';
import { loadRuntimeConfig } from './live/config';
import { createRootActors } from './root-actors';
import { RouteErrorScreen } from './route-error';
import { routeTree } from './routes';
import { parseSearch, stringifySearch } from './search-serialization';
import { subscribeStoredPage } from './stored-page';

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
// A new build may have replaced the old chunks, so its load can fail: the same prompt from
// elements already loaded stands in (never nothing), and the load is tried again when online.
const newVersionPrompt = partLoader('NewVersionPrompt', () =>
  import('../ui/new-version-prompt').then((m) => m.NewVersionPrompt),
);

/** Runs the build-check machine for the whole app and shows its prompt when it asks to. */
function BuildFreshness() {
  const buildCheck = useBuildCheckActor();
  const updateAvailable = useSelector(buildCheck, selectUpdateAvailable);
  if (!updateAvailable) return null;
  return (
    <LazyPart
      loader={newVersionPrompt}
      props={{ actorRef: buildCheck }}
      fallback={<NewVersionFallback actorRef={buildCheck} />}
    />
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
  return (
    <AppErrorBoundary onLogout={logoutWithoutConfig}>
      <StartUp />
    </AppErrorBoundary>
  );
}

function StartUp() {
  const actor = useActorRef(bootstrapMachine);
  return (
    <BootstrapView
      actor={actor}
      onLogout={logoutWithoutConfig}
      ready={(config) => <ReadyApp config={config} />}
    />
  );
}
