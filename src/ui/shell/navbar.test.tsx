// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../../../tests/support/shell-harness';

const alice = { sub: 'auth0|alice', name: 'Alice Mary Jane Smith', email: 'alice@example.test' };

describe('navigation bar — signed out', () => {
  it('shows Home and a Login button, not the signed-in items', async () => {
    await renderShell({ path: '/' });
    const banner = await screen.findByRole('banner');
    const nav = within(banner).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(banner).getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(within(banner).queryByRole('link', { name: 'Switch Practice' })).toBeNull();
    expect(within(banner).queryByRole('link', { name: 'Setup Practice Account' })).toBeNull();
  });

  it('Login sends session.login with the current location as the return target', async () => {
    const { logins, session } = await renderShell({ path: '/switch-practice' });
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    await waitFor(() => expect(logins).toEqual([{ returnTo: '/switch-practice', screenHint: 'login' }]));
    expect(session.getSnapshot().value).toBe('redirectingToLogin');
  });

  it('links the logo to the site root, named by its visible text (label in name)', async () => {
    await renderShell({ path: '/switch-practice' });
    const logo = await screen.findByRole('link', { name: 'Vet Portal' });
    expect(logo.getAttribute('href')).toBe('/');
    expect(logo.textContent).toBe('Vet Portal');
  });
});

describe('navigation bar — signed in', () => {
  it('shows Setup Practice Account and Switch Practice and the avatar with initials', async () => {
    await renderShell({ path: '/', user: alice });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Setup Practice Account' }).getAttribute('href')).toBe(
      '/onboarding',
    );
    expect(within(nav).getByRole('link', { name: 'Switch Practice' }).getAttribute('href')).toBe(
      '/switch-practice',
    );
    expect(within(nav).queryByRole('link', { name: 'Home' })).toBeNull();
    const avatarButton = await screen.findByRole('button', {
      name: 'Account menu for Alice Mary Jane Smith',
    });
    // At most three initials.
    expect(avatarButton.textContent).toBe('AMJ');
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  });

  it('opens the account menu with the name as header; Logout sends session.logout', async () => {
    const { logouts, session } = await renderShell({ path: '/switch-practice', user: alice });
    await userEvent.click(await screen.findByRole('button', { name: /Account menu for/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Alice Mary Jane Smith')).toBeTruthy();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(logouts).toHaveLength(1));
    await waitFor(() => expect(session.getSnapshot().value).toBe('signedOut'));
    // Back to the signed-out bar.
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();
  });

  it('shows the picture with the display name as alt text when there is one', async () => {
    await renderShell({
      path: '/',
      user: {
        sub: 'x',
        nickname: 'drbob',
        email: 'bob@example.test',
        picture: 'https://img.example.test/b.png',
      },
    });
    const img = await screen.findByRole('img', { name: 'drbob' });
    expect(img.getAttribute('src')).toBe('https://img.example.test/b.png');
  });

  it('falls back to the email local part (dots as spaces) for the name', async () => {
    await renderShell({ path: '/', user: { sub: 'x', email: 'jane.q.public@example.test' } });
    const button = await screen.findByRole('button', { name: 'Account menu for jane q public' });
    expect(button.textContent).toBe('JQP');
  });
});

describe('navigation bar — visibility', () => {
  for (const path of ['/auth/redirect', '/auth/unverified-email', '/invite-code']) {
    it(`is hidden on ${path}`, async () => {
      await renderShell({ path });
      expect(await screen.findByText(/^page /)).toBeTruthy();
      expect(screen.queryByRole('banner')).toBeNull();
      expect(screen.queryByRole('navigation')).toBeNull();
      // The main landmark and skip link stay.
      expect(screen.getByRole('main')).toBeTruthy();
    });
  }

  for (const path of ['/', '/invite', '/switch-practice', '/not-found', '/some/unknown/path']) {
    it(`is shown on ${path}`, async () => {
      await renderShell({ path });
      expect(await screen.findByRole('banner')).toBeTruthy();
    });
  }
});

describe('landmarks and skip link', () => {
  it('has header, nav and main landmarks and a skip link to main', async () => {
    await renderShell({ path: '/' });
    const skip = await screen.findByRole('link', { name: 'Skip to main content' });
    const main = screen.getByRole('main');
    expect(skip.getAttribute('href')).toBe(`#${main.id}`);
    expect(main.getAttribute('tabindex')).toBe('-1');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    // The skip link comes before the header in the document (first tab stop).
    expect(
      skip.compareDocumentPosition(screen.getByRole('banner')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});

describe('collapsible menu below the breakpoint (sm = 576 px)', () => {
  it('at 375 px shows a burger instead of inline items', async () => {
    await renderShell({ path: '/switch-practice', user: alice, width: 375 });
    const burger = await screen.findByRole('button', { name: 'Toggle navigation' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Switch Practice' })).toBeNull();
    await userEvent.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    // The collapse animates open (350 ms).
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(nav.closest(`[id="${burger.getAttribute('aria-controls')}"]`)).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Setup Practice Account' })).toBeTruthy();
  });

  it('at 576 px shows the items inline and no burger', async () => {
    await renderShell({ path: '/', user: alice, width: 576 });
    expect(await screen.findByRole('link', { name: 'Switch Practice' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Toggle navigation' })).toBeNull();
  });

  it('closes when a menu link is followed', async () => {
    const { router } = await renderShell({ path: '/', user: alice, width: 375 });
    const burger = await screen.findByRole('button', { name: 'Toggle navigation' });
    await userEvent.click(burger);
    await userEvent.click(await screen.findByRole('link', { name: 'Switch Practice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/switch-practice'));
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull());
  });

  it('closes on any route change (not only its own links)', async () => {
    const { router } = await renderShell({ path: '/', user: alice, width: 375 });
    const burger = await screen.findByRole('button', { name: 'Toggle navigation' });
    fireEvent.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    await router.navigate({ to: '/invite' });
    await waitFor(() => expect(screen.getByText('page /invite')).toBeTruthy());
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    // Opening again on the new route works.
    fireEvent.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
  });
});
