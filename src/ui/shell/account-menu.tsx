import { Button } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { defineMessages, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { SessionUser } from '#machines/domain';
import {
  loginRequestOf,
  type SessionStatus,
  selectSessionStatus,
  selectUser,
  type sessionMachine,
} from '#machines/session.machine';

import { LazyPart, partLoader } from '../lazy-part';

// Menu and Avatar load only once somebody is signed in (the signed-out first screen stays small);
// if they cannot be loaded (offline, the stack down) a plain Logout button stands in, and they are
// tried again by the code recovery once the origin answers (decision 195).
const accountDropdown = partLoader('AccountDropdown', () =>
  import('./account-dropdown').then((m) => m.AccountDropdown),
);

const messages = defineMessages({
  login: {
    id: 'shell.account.login',
    defaultMessage: 'Login',
    description: 'Account menu: button shown when signed out',
  },
  logoutFallback: {
    id: 'shell.account.logoutFallback',
    defaultMessage: 'Logout',
    description:
      'Account menu: the sign-out button shown in place of the avatar menu when the menu could not be loaded',
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
    <LazyPart
      loader={accountDropdown}
      props={{ user, onLogout }}
      fallback={
        <Button variant="default" onClick={onLogout} data-testid="account-logout-fallback">
          {intl.formatMessage(messages.logoutFallback)}
        </Button>
      }
    />
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
      onLogin={() =>
        session.send({
          type: 'session.login',
          request: loginRequestOf({ connection: undefined, screenHint: 'login', returnTo }, user),
        })
      }
      onLogout={() => session.send({ type: 'session.logout' })}
    />
  );
}
