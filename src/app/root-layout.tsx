import { Box } from '@mantine/core';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useDeferredValue, useEffect, useRef, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { selectIsProviderUnreachable } from '#machines/session.machine';
import { ConnectionStatus } from '../realtime/connection-status';
import { HubConnectionActorContext } from '../realtime/context';
import { useRuntimeConfig } from '../ui/runtime-config';
import { AppNavbar, isNavbarHidden } from '../ui/shell/app-navbar';
import { mainContentId, SkipLink } from '../ui/shell/skip-link';
import { supportLinksOf } from '../ui/support-defaults';
import { SessionProviderUnreachableView } from '../views/session/session-provider-unreachable-view';
import { useRootActors } from './actors-context';
import { buildTitle, defaultProductName, titleRoutePathOf } from './route-titles';

export { isNavbarHidden };

/**
 * The shell around every route: skip link, the navigation bar (header + nav landmarks; hidden on
 * /auth and /invite-code), the main landmark, and the page title '{product name} | Segment'.
 */
export function RootLayout() {
  const intl = useIntl();
  const config = useRuntimeConfig();
  const { session, realtime } = useRootActors();
  // The hub connection exists from the first sign-in on (src/app/root-actors.ts); none before.
  const hubConnection = useSyncExternalStore(
    realtime.subscribe,
    () => realtime.current()?.hubConnection ?? null,
    () => null,
  );
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const href = useRouterState({ select: (s) => s.location.href });
  const routePath = useRouterState({ select: (s) => titleRoutePathOf(s.matches) });
  const productName = config.app.productName?.trim() || defaultProductName;
  // A login that stopped because the identity provider is unreachable, from whichever page.
  const providerUnreachable = useSelector(session, selectIsProviderUnreachable);

  useEffect(() => {
    document.title = buildTitle(intl, productName, routePath);
  }, [intl, productName, routePath]);

  // The provider-unreachable screen takes the page's place and gives it back: focus follows, as
  // after a navigation.
  useFocusHeadingOnNavigation(providerUnreachable ? `${pathname}#provider-unreachable` : pathname);

  return (
    <HubConnectionActorContext.Provider value={hubConnection}>
      <Box>
        <SkipLink />
        {isNavbarHidden(pathname) ? null : (
          <AppNavbar session={session} pathname={pathname} returnTo={href} productName={productName} />
        )}
        <Box component="main" id={mainContentId} tabIndex={-1}>
          <ConnectionStatus />
          {providerUnreachable ? (
            <SessionProviderUnreachableView
              {...supportLinksOf(config.app)}
              onRetry={() => session.send({ type: 'session.retryLogin' })}
              onBack={() => session.send({ type: 'session.dismissError' })}
            />
          ) : (
            <FirstScreenOutlet />
          )}
        </Box>
      </Box>
    </HubConnectionActorContext.Provider>
  );
}

/**
 * After an in-app navigation (not on the page the document was loaded at), keyboard focus moves to the new page's
 * level-one heading, so keyboard and screen-reader users start on the new page rather than on
 * <body> (the control they used is gone). A page that moved focus itself (the onboarding wizard
 * focuses each step's heading, a form its first invalid field) keeps it. Waits up to 3 s for a
 * lazily loaded page's heading, and moves focus again when the heading it focused goes with the
 * previous page (focus back on <body>) within that time.
 */
function documentPathname(): string {
  const entry = performance.getEntriesByType('navigation')[0];
  try {
    return new URL(entry?.name ?? window.location.href).pathname;
  } catch {
    return window.location.pathname;
  }
}

function useFocusHeadingOnNavigation(pathname: string) {
  // The path the document was loaded at: a first render elsewhere (after the sign-in return page
  // moved on, or a lazily loaded shell) is already a navigation.
  // Read in the effect: the layout is also rendered outside a browser (src/prerender).
  const shown = useRef<string | null>(null);
  useEffect(() => {
    shown.current ??= documentPathname();
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById(mainContentId);
    if (!main) return;
    // Watched for the whole window, not just until a heading takes focus: while a lazily loaded
    // page arrives the router still shows the previous one, whose heading may be focused first and
    // then removed with it (focus falls back to <body>); the new page's heading then takes it.
    let current: HTMLElement | null = null;
    const attempt = (): boolean => {
      const active = document.activeElement;
      const onBody = !active || active === document.body;
      if (current) {
        if (active === current) return false;
        // Focus moved on (the user, or the page itself): done.
        if (!(onBody && !current.isConnected)) return true;
        current = null;
      } else if (!onBody && active && main.contains(active)) {
        // The page put focus inside itself (the wizard's step heading, a form's invalid field).
        return true;
      }
      // Not a loading screen's hidden heading: it goes when the page arrives, and the focus with it.
      const heading = [...main.querySelectorAll<HTMLElement>('h1:not([data-loading-heading])')].find((h) =>
        h.checkVisibility(),
      );
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      current = heading;
      return false;
    };
    let frame = requestAnimationFrame(function watch() {
      if (!attempt()) frame = requestAnimationFrame(watch);
    });
    const giveUp = setTimeout(() => cancelAnimationFrame(frame), 3000);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(giveUp);
    };
  }, [pathname]);
}

/**
 * The route's screen, mounted in a deferred render the first time (decision 181). The router's
 * first load ends in store updates that React renders at once, blocking (`useSyncExternalStore`);
 * the first screen would be rendered whole in that one task. Deferred, React renders it in slices
 * in the background and commits it when done (until then the prerendered shell, or the loading
 * screen, is what the visitor sees). Later navigations render as usual: this stays mounted.
 */
function FirstScreenOutlet() {
  // The prerender (react-dom/server, no document) renders the screen at once: it is the page.
  const mounted = useDeferredValue(true, typeof document === 'undefined');
  return mounted ? <Outlet /> : null;
}
