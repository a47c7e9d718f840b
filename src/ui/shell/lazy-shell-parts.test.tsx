// @vitest-environment jsdom
/**
 * The navbar's lazily loaded parts when their code cannot be loaded (offline, the stack down, a
 * build replaced): the account menu becomes a plain Logout button, a collapsed dropdown becomes
 * plain links. Never nothing, never a blank app (decision 195).
 */
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { renderShell, setViewportWidth } from '../../../tests/support/shell-harness';
import { setLogLevel } from '../../logger';
import { Navbar, type NavItem } from './navbar';

vi.mock('./account-dropdown', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/account-dropdown.js');
});
vi.mock('./nav-dropdown', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/nav-dropdown.js');
});

beforeAll(() => setLogLevel('SILENT'));

const alice = { sub: 'auth0|alice', name: 'Alice Mary Jane Smith', email: 'alice@example.test' };

describe('the account menu cannot be loaded', () => {
  it('signed in, a Logout button stands in for the avatar menu and logs out', async () => {
    const { logouts } = await renderShell({ path: '/switch-practice', user: alice });
    const banner = await screen.findByRole('banner');
    const logout = await within(banner).findByRole('button', { name: 'Logout' });
    expect(within(banner).queryByRole('button', { name: /Account menu for/ })).toBeNull();
    await userEvent.click(logout);
    await waitFor(() => expect(logouts).toHaveLength(1));
  });
});

describe('a collapsed dropdown cannot be loaded', () => {
  it('below the breakpoint, the item and its sub-items show as plain links', async () => {
    setViewportWidth(375);
    const items: NavItem[] = [
      {
        key: 'practices',
        label: 'Practices',
        to: '/practices',
        children: [{ key: 'list', label: 'All practices', to: '/practices/list' }],
      },
    ];
    const root = createRootRoute({ component: () => <Navbar pathname="/" logo="Logo" left={items} /> });
    const routes = ['/', '/practices', '/practices/list'].map((p) =>
      createRoute({ getParentRoute: () => root, path: p, component: () => null }),
    );
    const router = createRouter({
      routeTree: root.addChildren(routes),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    renderWithProviders(<RouterProvider router={router} />);
    await act(async () => {
      await router.load();
    });
    const fallback = await screen.findByTestId('nav-dropdown-fallback');
    const links = within(fallback).getAllByRole('link', { hidden: true });
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Practices', '/practices'],
      ['All practices', '/practices/list'],
    ]);
  });
});
