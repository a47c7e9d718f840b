import { Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { defineMessages, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { type SessionStatus, selectSessionStatus, type sessionMachine } from '#machines/session.machine';
import { SessionAccountMenu } from './account-menu';
import { Navbar, type NavItem } from './navbar';

const messages = defineMessages({
  home: {
    id: 'shell.navbar.home',
    defaultMessage: 'Home',
    description: 'Navigation item shown when signed out',
  },
  setupPractice: {
    id: 'shell.navbar.setupPractice',
    defaultMessage: 'Setup Practice Account',
    description: 'Navigation item (signed in) that starts onboarding',
  },
  switchPractice: {
    id: 'shell.navbar.switchPractice',
    defaultMessage: 'Switch Practice',
    description: 'Navigation item (signed in) to the practice list',
  },
});

/** Paths on which the navigation bar is hidden (spec §2): under /auth and /invite-code. */
export function isNavbarHidden(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return ['/auth', '/invite-code'].some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Which items the left menu shows for a session status (spec §2). */
export function leftMenuKeys(
  status: SessionStatus,
): readonly ('home' | 'setupPractice' | 'switchPractice')[] {
  if (status === 'signedIn') return ['setupPractice', 'switchPractice'];
  if (status === 'signedOut') return ['home'];
  return [];
}

const targets = { home: '/', setupPractice: '/onboarding', switchPractice: '/switch-practice' } as const;

/**
 * The product's navigation bar: Home when signed out; Setup Practice Account and Switch Practice
 * when signed in; the account menu on the right. Reads the session actor only.
 */
export function AppNavbar({
  session,
  pathname,
  returnTo,
  productName,
  sticky = true,
}: {
  session: ActorRefFrom<typeof sessionMachine>;
  pathname: string;
  /** The current location (path, query, hash) for the Login button to come back to. */
  returnTo: string;
  productName: string;
  sticky?: boolean;
}) {
  const intl = useIntl();
  const status = useSelector(session, selectSessionStatus);
  const left: NavItem[] = leftMenuKeys(status).map((key) => ({
    key,
    label: intl.formatMessage(messages[key]),
    to: targets[key],
  }));
  return (
    <Navbar
      pathname={pathname}
      sticky={sticky}
      logo={
        <Text component="span" fw={700} size="lg">
          {productName}
        </Text>
      }
      left={left}
      account={<SessionAccountMenu session={session} returnTo={returnTo} />}
    />
  );
}
