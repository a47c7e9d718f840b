import { createRouter, RouterProvider } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { use, useState } from 'react';
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

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * The app of one configuration, with its route loaded first when `loadFirst` (decision 058): the
 * router's first load then happens before the router renders, and the route's screen is part of
 * the app's first render, which is rendered in slices (a deferred value, src/app/bootstrap-view.tsx).
 * Loaded by the router once mounted instead, the screen would come with the router's store update:
 * one blocking render of the whole screen. Kept per configuration (a render that waits for the
 * load is thrown away and tried again, and must find the same router).
 */
const apps = new WeakMap<RuntimeConfig, { app: AppRouter; loaded: Promise<void> | null }>();

/** How long the first load may hold the first render back before the router renders anyway. */
const firstLoadAtMost = 5_000;

function appOf(config: RuntimeConfig, loadFirst: boolean) {
  let entry = apps.get(config);
  if (!entry) {
    const app = createAppRouter(config);
    const loaded = loadFirst
      ? Promise.race([
          app.router.load().catch(() => undefined),
          new Promise<void>((resolve) => setTimeout(resolve, firstLoadAtMost)),
        ])
      : null;
    entry = { app, loaded };
    apps.set(config, entry);
  }
  return entry;
}

function ReadyApp({ config, loadFirst }: { config: RuntimeConfig; loadFirst: boolean }) {
  const entry = appOf(config, loadFirst);
  if (entry.loaded) use(entry.loaded);
  const [{ actors, router }] = useState(() => entry.app);
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

/**
 * `loadFirst`: the page shows a prerendered screen of a public route (src/boot/handoff.ts) — its
 * route is loaded before the app renders it, so it replaces the shell whole, rendered in slices.
 * Elsewhere (a guarded route shows its pending screen while it waits) the router loads as usual.
 */
export function App({ loadFirst = false }: { loadFirst?: boolean }) {
  return (
    <AppErrorBoundary onLogout={logoutWithoutConfig}>
      <StartUp loadFirst={loadFirst} />
    </AppErrorBoundary>
  );
}

function StartUp({ loadFirst }: { loadFirst: boolean }) {
  const actor = useActorRef(bootstrapMachine);
  return (
    <BootstrapView
      actor={actor}
      onLogout={logoutWithoutConfig}
      ready={(config) => <ReadyApp config={config} loadFirst={loadFirst} />}
    />
  );
}
