import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

/**
 * Router-aware Mantine anchor (TanStack `createLink`): client-side navigation, `aria-current`
 * and `data-status="active"` on the current route, a real `<a href>` for keyboard, middle-click
 * and screen readers.
 */
type AnchorElementProps = AnchorProps &
  AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> };

function AnchorBase(props: AnchorElementProps) {
  return <Anchor {...props} />;
}

export const RouterAnchor = createLink(AnchorBase);
