import { Button, Menu, type MenuItemProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';
import type { NavItem } from './nav-item';

/**
 * Below the menu breakpoint an item with sub-items becomes a dropdown (Mantine Menu) listing the
 * item itself and its sub-items as router links. Loaded only when such an item is shown.
 */
type MenuItemAnchorProps = MenuItemProps &
  AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> };

function MenuItemAnchor(props: MenuItemAnchorProps) {
  return <Menu.Item component="a" {...props} />;
}

const RouterMenuItem = createLink(MenuItemAnchor);

export function NavDropdown({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="subtle" justify="flex-start">
          {item.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <RouterMenuItem to={item.to} onClick={onNavigate}>
          {item.label}
        </RouterMenuItem>
        {item.children?.map((child) => (
          <RouterMenuItem key={child.key} to={child.to} onClick={onNavigate}>
            {child.label}
          </RouterMenuItem>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
