import { Box } from '@mantine/core';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { ConnectionStatus } from '../realtime/connection-status';
import { HubConnectionActorContext } from '../realtime/context';
import { AppNavbar, isNavbarHidden } from '../ui/shell/app-navbar';
import { mainContentId, SkipLink } from '../ui/shell/skip-link';
import { useRootActors, useRuntimeConfig } from './actors-context';
import { buildTitle, defaultProductName, titleRoutePathOf } from './route-titles';

export { isNavbarHidden };

/**
 * The shell around every route: skip link, the navigation bar (header + nav landmarks; hidden on
 * /auth and /invite-code), the main landmark, and the page title '{product name} | Segment'.
 */
export function RootLayout() {
  const intl = useIntl();
  const config = useRuntimeConfig();
  const { session, hubConnection } = useRootActors();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const href = useRouterState({ select: (s) => s.location.href });
  const routePath = useRouterState({ select: (s) => titleRoutePathOf(s.matches) });
  const productName = config.app.productName?.trim() || defaultProductName;

  useEffect(() => {
    document.title = buildTitle(intl, productName, routePath);
  }, [intl, productName, routePath]);

  return (
    <HubConnectionActorContext.Provider value={hubConnection}>
      <Box>
        <SkipLink />
        {isNavbarHidden(pathname) ? null : (
          <AppNavbar session={session} pathname={pathname} returnTo={href} productName={productName} />
        )}
        <Box component="main" id={mainContentId} tabIndex={-1}>
          <ConnectionStatus />
          <Outlet />
        </Box>
      </Box>
    </HubConnectionActorContext.Provider>
  );
}
