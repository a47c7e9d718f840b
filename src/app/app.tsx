import { createRouter, RouterProvider } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { startTransition, useEffect, useState } from 'react';
import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import { selectUpdateAvailable } from '#machines/build-check.machine';
import { bootstrapDelays } from '#machines/constants';
import { clearAllCookies, removeProviderKeys } from '../auth/provider-storage';
import { useFlowActor } from '../ui/flow-actor';
import { LazyPart, partLoader } from '../ui/lazy-part';
import { NewVersionFallback } from '../ui/new-version-fallback';
import { RuntimeConfigContext } from '../ui/runtime-config';
import { RootActorsProvider } from './actors-context';
import { AppErrorBoundary } from './app-error-boundary';
import { BootstrapView } from './bootstrap-view';
import { provideAppBootstrap } from './live/app-bootstrap';
import { AuthProviderMount } from './live/auth-provider';
import { useBuildCheckActor } from './live/build-check';
import { createRootActors, type RootActors } from './root-actors';
import { RouteErrorScreen } from './route-error';
import { routeTree } from './routes';
import { parseSearch, stringifySearch } from './search-serialization';
import { subscribeStoredPage } from './stored-page';

function createAppRouter(config: RuntimeConfig, actors: RootActors) {
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
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
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

interface AppRouter {
  actors: RootActors;
  router: ReturnType<typeof createAppRouter>;
}

/**
 * The app of one configuration, made in short tasks, outside any render (decision 181): after the
 * task that asked for it, the root actors, then the router, then (with `loadFirst`) the router's
 * first load, so that the route's screen is part of the app's first render, which React renders in
 * slices. Made in a render, or loaded by the router once mounted (its store update renders at
 * once, blocking), the router and the first screen were one long task. Kept per configuration
 * (React may run an effect twice).
 */
const apps = new WeakMap<RuntimeConfig, Promise<AppRouter>>();

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function appOf(config: RuntimeConfig, loadFirst: boolean): Promise<AppRouter> {
  let made = apps.get(config);
  if (!made) {
    made = (async () => {
      // Not in the effect's task that asks for it: React runs passive effects right after the
      // commit that mounted them, so the actors' start (their first transitions, the session's
      // storage read) made one long task with the start-up screen's commit.
      await nextTask();
      const actors = createRootActors(config);
      await nextTask();
      const router = createAppRouter(config, actors);
      if (loadFirst) {
        await nextTask();
        await Promise.race([
          router.load().catch(() => undefined),
          new Promise<void>((resolve) => setTimeout(resolve, bootstrapDelays.firstLoadAtMost)),
        ]);
      }
      return { actors, router };
    })();
    apps.set(config, made);
  }
  return made;
}

/** The app once it is made (`appOf`), shown in a transition: rendered in slices. */
function ReadyApp({ config, loadFirst }: { config: RuntimeConfig; loadFirst: boolean }) {
  const [shown, setShown] = useState<AppRouter | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    let current = true;
    appOf(config, loadFirst).then(
      (app) => {
        if (current) startTransition(() => setShown(app));
      },
      // Making the app failed: the app's error boundary says so (src/app/app-error-boundary.tsx).
      (error: unknown) => {
        if (current) setFailure({ error });
      },
    );
    return () => {
      current = false;
    };
  }, [config, loadFirst]);
  if (failure) throw failure.error;
  if (!shown) return null;
  const { actors, router } = shown;
  return (
    <RuntimeConfigContext.Provider value={config}>
      <RootActorsProvider actors={actors}>
        <RouterProvider router={router} />
        <BuildFreshness />
        <AuthProviderMount />
      </RootActorsProvider>
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
  const actor = useFlowActor(provideAppBootstrap);
  return (
    <BootstrapView
      actor={actor}
      onLogout={logoutWithoutConfig}
      ready={(config) => <ReadyApp config={config} loadFirst={loadFirst} />}
    />
  );
}
