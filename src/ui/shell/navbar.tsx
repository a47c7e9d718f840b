import {
  Box,
  Burger,
  Collapse,
  Group,
  type MantineBreakpoint,
  Stack,
  UnstyledButton,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useId, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { collapseAnimationMs, menuBreakpoint } from '#machines/constants';
import { LazyPart, partLoader } from '../lazy-part';
import { RouterAnchor } from './links';
import type { NavItem } from './nav-item';
import classes from './navbar.module.css';

export type { NavItem };

export interface NavbarProps {
  /** The current path: marks the active item and closes the collapsed menu when it changes. */
  pathname: string;
  /**
   * The logo (product name or image), linked to `logoHref`. Its text (or an image's alt text) is the
   * link's accessible name, so speech users can say what they see (WCAG 2.5.3, label in name).
   */
  logo: ReactNode;
  /** Where the logo links to; defaults to the site root. */
  logoHref?: string;
  left?: readonly NavItem[];
  right?: readonly NavItem[];
  /** Rendered at the far right, always visible (the account menu). */
  account?: ReactNode;
  /** Optional second-level bar. Sub-items of the active item are added to it above the breakpoint. */
  secondLevel?: ReactNode;
  /** Keep the bar at the top of the viewport while scrolling. */
  sticky?: boolean;
  /** Below this breakpoint the menus collapse behind a burger and sub-items move into dropdowns. */
  breakpoint?: MantineBreakpoint;
}

const messages = defineMessages({
  main: {
    id: 'shell.navbar.mainLabel',
    defaultMessage: 'Main',
    description: 'Accessible name of the main navigation',
  },
  secondary: {
    id: 'shell.navbar.secondaryLabel',
    defaultMessage: 'Section',
    description: 'Accessible name of the second-level navigation bar',
  },
  toggle: {
    id: 'shell.navbar.toggle',
    defaultMessage: 'Toggle navigation',
    description: 'Accessible name of the burger button that opens and closes the menu on small screens',
  },
});

function isActive(item: NavItem, pathname: string): boolean {
  if (item.to === '/') return pathname === '/';
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}

function isAppPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/** Whether the viewport is at least `breakpoint` wide (read synchronously, so no flash of the wrong bar). */
function useExpanded(breakpoint: MantineBreakpoint): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(min-width: ${theme.breakpoints[breakpoint]})`, true, {
    getInitialValueInEffect: false,
  });
}

function InlineItems({ items }: { items: readonly NavItem[] }) {
  return items.map((item) => (
    <RouterAnchor key={item.key} to={item.to} className={classes.link} underline="never">
      {item.label}
    </RouterAnchor>
  ));
}

// Mantine Menu loads only when such an item is shown; if it cannot be loaded, the item and its
// sub-items show as plain links (a way on), and the code recovery tries it again (decision 195).
const navDropdown = partLoader('NavDropdown', () => import('./nav-dropdown').then((m) => m.NavDropdown));

/** One item as a plain link of the collapsed menu. */
function ItemLink({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  return (
    <RouterAnchor to={item.to} className={classes.link} underline="never" onClick={onNavigate}>
      {item.label}
    </RouterAnchor>
  );
}

function PlainItemLinks({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  return (
    <Stack gap={4} data-testid="nav-dropdown-fallback">
      {[item, ...(item.children ?? [])].map((entry) => (
        <ItemLink key={entry.key} item={entry} onNavigate={onNavigate} />
      ))}
    </Stack>
  );
}

/** Below the breakpoint: plain items stack; items with sub-items become dropdowns (Mantine Menu). */
function CollapsedItems({ items, onNavigate }: { items: readonly NavItem[]; onNavigate: () => void }) {
  return items.map((item) =>
    item.children?.length ? (
      <LazyPart
        key={item.key}
        loader={navDropdown}
        props={{ item, onNavigate }}
        fallback={<PlainItemLinks item={item} onNavigate={onNavigate} />}
      />
    ) : (
      <ItemLink key={item.key} item={item} onNavigate={onNavigate} />
    ),
  );
}

/**
 * The navigation bar (spec §2): logo link, left and right menus, an optional second-level bar,
 * and below the menu breakpoint (default sm) a burger that opens a collapsible menu (350 ms) in
 * which sub-items are dropdowns. The collapsed menu closes whenever the path changes.
 */
export function Navbar({
  pathname,
  logo,
  logoHref = '/',
  left = [],
  right = [],
  account,
  secondLevel,
  sticky = false,
  breakpoint = menuBreakpoint,
}: NavbarProps) {
  const intl = useIntl();
  const expanded = useExpanded(breakpoint);
  const collapseId = useId();
  // The menu is open only for the path it was opened on: any route change closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const opened = !expanded && openedOn === pathname;
  const close = () => setOpenedOn(null);
  const toggle = () => setOpenedOn(opened ? null : pathname);

  const activeChildren = [...left, ...right].find(
    (item) => item.children?.length && isActive(item, pathname),
  )?.children;
  const hasSecondLevel = expanded && (secondLevel || activeChildren);
  const hasMenuItems = left.length + right.length > 0;

  const logoLink = isAppPath(logoHref) ? (
    <RouterAnchor to={logoHref} underline="never" fw={700} c="inherit">
      {logo}
    </RouterAnchor>
  ) : (
    <Box component="a" href={logoHref} fw={700} c="inherit">
      {logo}
    </Box>
  );

  return (
    <Box
      component="header"
      className={`${classes.header} ${sticky ? classes.sticky : ''}`}
      data-sticky={sticky}
    >
      <Group className={classes.bar} px="md" justify="space-between" wrap="nowrap">
        <Group gap="lg" wrap="nowrap">
          {logoLink}
          {expanded && left.length > 0 ? (
            <Group component="nav" aria-label={intl.formatMessage(messages.main)} gap="xs" data-menu="left">
              <InlineItems items={left} />
            </Group>
          ) : null}
        </Group>
        <Group gap="sm" wrap="nowrap">
          {expanded && right.length > 0 ? (
            <Group gap="xs" data-menu="right">
              <InlineItems items={right} />
            </Group>
          ) : null}
          {account}
          {!expanded && hasMenuItems ? (
            // Mantine's Burger, with its classes, but its lines in a span: Burger renders a div in
            // its button, which HTML does not allow (docs/decisions/120-html-conformance.md).
            <UnstyledButton
              className={`${Burger.classes.root} mantine-Burger-root`}
              onClick={toggle}
              aria-label={intl.formatMessage(messages.toggle)}
              aria-expanded={opened}
              aria-controls={collapseId}
              data-menu-toggle=""
              style={{
                '--burger-size': 'var(--burger-size-sm)',
                '--burger-transition-duration': `${collapseAnimationMs}ms`,
              }}
            >
              <Box
                component="span"
                className={`${Burger.classes.burger} mantine-Burger-burger`}
                mod={['reduce-motion', { opened }]}
              />
            </UnstyledButton>
          ) : null}
        </Group>
      </Group>
      {hasSecondLevel ? (
        <Group
          component="nav"
          aria-label={intl.formatMessage(messages.secondary)}
          className={classes.secondLevel}
          px="md"
          py={4}
          gap="xs"
          data-menu="second-level"
        >
          {secondLevel}
          {activeChildren ? <InlineItems items={activeChildren} /> : null}
        </Group>
      ) : null}
      {!expanded && hasMenuItems ? (
        <Collapse
          id={collapseId}
          expanded={opened}
          transitionDuration={collapseAnimationMs}
          keepMountedMode="display-none"
          className={classes.collapsed}
        >
          <Stack
            component="nav"
            aria-label={intl.formatMessage(messages.main)}
            gap={4}
            p="sm"
            data-menu="collapsed"
          >
            <CollapsedItems items={left} onNavigate={close} />
            <CollapsedItems items={right} onNavigate={close} />
          </Stack>
        </Collapse>
      ) : null}
    </Box>
  );
}
