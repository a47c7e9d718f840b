// @vitest-environment jsdom
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useRouterState,
} from '@tanstack/react-router';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createContext, useContext } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { setViewportWidth } from '../../../tests/support/shell-harness';
import { Navbar, type NavItem } from './navbar';

const left: NavItem[] = [
  {
    key: 'practices',
    label: 'Practices',
    to: '/practices',
    children: [
      { key: 'list', label: 'All practices', to: '/practices/list' },
      { key: 'new', label: 'New practice', to: '/practices/new' },
    ],
  },
  { key: 'help', label: 'Help', to: '/help' },
];
const right: NavItem[] = [{ key: 'settings', label: 'Settings', to: '/settings' }];

type ExtraProps = { sticky?: boolean; logoHref?: string };
const ExtraPropsContext = createContext<ExtraProps>({});

function Layout() {
  const props = useContext(ExtraPropsContext);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <>
      <Navbar
        pathname={pathname}
        logo="Logo"
        left={left}
        right={right}
        secondLevel={<span>Extra bar content</span>}
        {...props}
      />
      <Outlet />
    </>
  );
}

async function renderNavbar(
  path: string,
  width: number,
  props: { sticky?: boolean; logoHref?: string } = {},
) {
  setViewportWidth(width);
  const root = createRootRoute({ component: Layout });
  const routes = ['/', '/practices', '/practices/list', '/practices/new', '/help', '/settings'].map((p) =>
    createRoute({ getParentRoute: () => root, path: p, component: () => <p>page {p}</p> }),
  );
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  renderWithProviders(
    <ExtraPropsContext.Provider value={props}>
      <RouterProvider router={router} />
    </ExtraPropsContext.Provider>,
  );
  await act(async () => {
    await router.load();
  });
  return router;
}

describe('Navbar above the breakpoint', () => {
  it('shows left and right menus inline and the second-level bar with the active item’s sub-items', async () => {
    await renderNavbar('/practices/list', 1024);
    const main = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Practices' })).toBeTruthy();
    expect(within(main).getByRole('link', { name: 'Help' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' })).toBeTruthy();
    const second = screen.getByRole('navigation', { name: 'Section' });
    expect(within(second).getByText('Extra bar content')).toBeTruthy();
    const current = within(second).getByRole('link', { name: 'All practices' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(within(second).getByRole('link', { name: 'New practice' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Toggle navigation' })).toBeNull();
  });

  it('shows only the configured second-level content when the active item has no sub-items', async () => {
    await renderNavbar('/help', 1024);
    const second = await screen.findByRole('navigation', { name: 'Section' });
    expect(within(second).queryByRole('link')).toBeNull();
  });

  it('is not sticky unless asked; sticky marks the header', async () => {
    await renderNavbar('/', 1024);
    expect((await screen.findByRole('banner')).getAttribute('data-sticky')).toBe('false');
  });

  it('sticky', async () => {
    await renderNavbar('/', 1024, { sticky: true });
    expect((await screen.findByRole('banner')).getAttribute('data-sticky')).toBe('true');
  });

  it('logo links to the site root by default, or to a configured address', async () => {
    await renderNavbar('/help', 1024, { logoHref: 'https://www.example.test/' });
    expect((await screen.findByRole('link', { name: 'Logo' })).getAttribute('href')).toBe(
      'https://www.example.test/',
    );
  });
});

describe('Navbar below the breakpoint', () => {
  it('moves sub-items into a dropdown inside the collapsed menu and hides the second-level bar', async () => {
    const router = await renderNavbar('/', 400);
    expect(screen.queryByRole('navigation', { name: 'Section' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Toggle navigation' }));
    const menu = await screen.findByRole('navigation', { name: 'Main' });
    // Plain items stay links; the item with sub-items becomes a dropdown trigger.
    expect(within(menu).getByRole('link', { name: 'Help' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Settings' })).toBeTruthy();
    await userEvent.click(within(menu).getByRole('button', { name: 'Practices' }));
    const dropdown = await screen.findByRole('menu');
    const items = within(dropdown).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Practices', 'All practices', 'New practice']);
    await userEvent.click(within(dropdown).getByRole('menuitem', { name: 'New practice' }));
    await act(async () => {
      await router.load();
    });
    expect(router.state.location.pathname).toBe('/practices/new');
    expect(screen.getByRole('button', { name: 'Toggle navigation' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });
});
