import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { limits } from '#machines/constants';
import type { SessionUser } from '#machines/domain';
import { displayNameOf, initialsOf } from '#machines/session.machine';

/**
 * The signed-in half of the account menu (Mantine Menu + Avatar). Loaded only once somebody is
 * signed in, so the first paint of a signed-out visitor does not carry the menu/popover code.
 */
const messages = defineMessages({
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

export function AccountDropdown({ user, onLogout }: { user: SessionUser; onLogout: () => void }) {
  const intl = useIntl();
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
