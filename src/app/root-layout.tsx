import { AppShell } from '@mantine/core';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Navbar } from '../ui/shell/navbar';
import { useRuntimeConfig } from './actors-context';
import { buildTitle, defaultProductName } from './route-titles';

/** Paths on which the navigation bar is hidden (spec §2). */
export function isNavbarHidden(pathname: string): boolean {
  return pathname.startsWith('/auth') || pathname.startsWith('/invite-code');
}

export function RootLayout() {
  const intl = useIntl();
  const config = useRuntimeConfig();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const routePath = useRouterState({
    select: (s) => {
      const leaf = s.matches[s.matches.length - 1];
      if (!leaf || leaf.routeId === '__root__' || s.matches.some((m) => m.status === 'notFound'))
        return '/not-found';
      return leaf.fullPath;
    },
  });
  const productName = config.app.productName ?? defaultProductName;

  useEffect(() => {
    document.title = buildTitle(intl, productName, routePath);
  }, [intl, productName, routePath]);

  const hideNavbar = isNavbarHidden(pathname);
  return (
    <AppShell header={hideNavbar ? undefined : { height: 60 }} padding={0}>
      {hideNavbar ? null : (
        <AppShell.Header>
          <Navbar productName={productName} />
        </AppShell.Header>
      )}
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
