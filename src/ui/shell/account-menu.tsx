import { Button } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { SessionUser } from '../../../machines/domain';
import {
  type SessionStatus,
  selectSessionStatus,
  selectUser,
  type sessionMachine,
} from '../../../machines/session.machine';

const AccountDropdown = lazy(() =>
  import('./account-dropdown').then((m) => ({ default: m.AccountDropdown })),
);

const messages = defineMessages({
  login: {
    id: 'shell.account.login',
    defaultMessage: 'Login',
    description: 'Account menu: button shown when signed out',
  },
});

export interface AccountMenuProps {
  status: SessionStatus;
  user: SessionUser | null;
  onLogin: () => void;
  onLogout: () => void;
}

/**
 * The account menu (spec §2): signed in, an avatar (the user's picture, or at most 3 initials)
 * opening a menu with the user's name as its header and Logout; signed out, a Login button.
 * While the session is still being checked nothing is shown (no flash of the wrong state).
 */
export function AccountMenu({ status, user, onLogin, onLogout }: AccountMenuProps) {
  const intl = useIntl();
  if (status === 'checking') return null;
  if (status === 'signedOut' || !user) {
    return (
      <Button variant="light" onClick={onLogin} data-testid="account-login" data-sign-in="">
        {intl.formatMessage(messages.login)}
      </Button>
    );
  }
  return (
    <Suspense fallback={null}>
      <AccountDropdown user={user} onLogout={onLogout} />
    </Suspense>
  );
}

/** The account menu wired to the session actor (`useRootActors().session`). */
export function SessionAccountMenu({
  session,
  returnTo,
}: {
  session: ActorRefFrom<typeof sessionMachine>;
  /** Where the login should come back to (the current path with query and hash). */
  returnTo: string;
}) {
  const status = useSelector(session, selectSessionStatus);
  const user = useSelector(session, selectUser);
  return (
    <AccountMenu
      status={status}
      user={user}
      onLogin={() => session.send({ type: 'session.login', request: { returnTo } })}
      onLogout={() => session.send({ type: 'session.logout' })}
    />
  );
}
