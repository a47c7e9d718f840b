import { Avatar, Button, Menu, UnstyledButton } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { defineMessages, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { limits } from '../../../machines/constants';
import type { SessionUser } from '../../../machines/domain';
import {
  displayNameOf,
  initialsOf,
  type SessionStatus,
  selectSessionStatus,
  selectUser,
  type sessionMachine,
} from '../../../machines/session.machine';

const messages = defineMessages({
  login: {
    id: 'shell.account.login',
    defaultMessage: 'Login',
    description: 'Account menu: button shown when signed out',
  },
  logout: {
    id: 'shell.account.logout',
    defaultMessage: 'Logout',
    description: 'Account menu: sign-out item',
  },
});

const openMessages = defineMessages<{ open: { name: string } }>({
  open: {
    id: 'shell.account.open',
    defaultMessage: 'Account menu for {name}',
    description: 'Accessible name of the avatar button that opens the account menu',
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
      <Button variant="light" onClick={onLogin} data-testid="account-login">
        {intl.formatMessage(messages.login)}
      </Button>
    );
  }
  const name = displayNameOf(user);
  const initials = initialsOf(name, limits.avatarInitials);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={intl.formatMessage(openMessages.open, { name })}
          data-testid="account-menu"
        >
          <Avatar src={user.picture || null} alt={name} radius="xl" color="initials" name={name}>
            {initials}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label data-testid="account-name">{name}</Menu.Label>
        <Menu.Item onClick={onLogout}>{intl.formatMessage(messages.logout)}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
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
