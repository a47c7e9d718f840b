import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { buildTitle, hasTranslatedTitle } from './route-titles';
import type { RouterContext } from './router-context';
import { routeTree } from './routes';

const intl = createIntl({ locale: 'en-AU', defaultLocale: 'en-AU', messages: {} });
// Only the route table is read (no route loads), so the router context is never used.
const router = createRouter({
  routeTree,
  history: createMemoryHistory({ initialEntries: ['/'] }),
  context: {} as RouterContext,
});
// Routes with an address: not the root, not pathless layouts (the onboarding flow's).
const routePaths = Object.values(
  router.routesById as Record<string, { id: string; fullPath: string; options: { path?: string } }>,
)
  .filter((r) => r.id !== '__root__' && r.options.path !== undefined)
  .map((r) => r.fullPath);

describe('every route of the real route tree has a translated title', () => {
  it('the tree holds exactly the routes of spec §2', () => {
    expect([...routePaths].sort()).toEqual(
      [
        '/',
        '/auth/redirect',
        '/auth/unverified-email',
        '/auth/verified-email',
        '/billing/$',
        '/invite',
        '/invite-code',
        '/mobile/$',
        '/no-access',
        '/not-found',
        '/onboarding',
        '/onboarding/directory-practice/$directoryPracticeKey',
        '/onboarding/register-account',
        '/onboarding/register-practice',
        '/onboarding/register-profile',
        '/onboarding/thank-you',
        '/redirected',
        '/server-error',
        '/switch-practice',
      ].sort(),
    );
  });

  it.each(routePaths)('%s: every segment has a translated name and no parameter leaks', (path) => {
    expect(hasTranslatedTitle(path)).toBe(true);
    const title = buildTitle(intl, 'P', path);
    expect(title).not.toContain('$');
    expect(title.startsWith('P')).toBe(true);
  });
});
