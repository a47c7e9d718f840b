import { Anchor, type AnchorProps, Menu, type MenuItemProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

/**
 * Router-aware Mantine links (TanStack `createLink`): client-side navigation, `aria-current`
 * and `data-status="active"` on the current route, real `<a href>` for keyboard, middle-click
 * and screen readers.
 */
type AnchorElementProps = AnchorProps &
  AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> };

function AnchorBase(props: AnchorElementProps) {
  return <Anchor {...props} />;
}

export const RouterAnchor = createLink(AnchorBase);

type MenuItemAnchorProps = MenuItemProps &
  AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> };

function MenuItemAnchor(props: MenuItemAnchorProps) {
  return <Menu.Item component="a" {...props} />;
}

export const RouterMenuItem = createLink(MenuItemAnchor);
