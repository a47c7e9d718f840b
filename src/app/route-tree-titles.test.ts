import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { onboardingStepTable } from '#machines/onboarding-steps';
import { routePathsOfTheApp } from '../../tests/support/route-paths';
import { buildTitle, hasTranslatedTitle } from './route-titles';

const intl = createIntl({ locale: 'en-AU', defaultLocale: 'en-AU', messages: {} });
// Routes with an address: not the root, not pathless layouts (the onboarding flow's).
const routePaths = routePathsOfTheApp();

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
        // The onboarding flow's steps: the step table's (checked against spec §2 below).
        ...onboardingStepTable.map((step) => step.path),
        '/redirected',
        '/server-error',
        '/switch-practice',
      ].sort(),
    );
  });

  it("spec §2's onboarding addresses are steps of the table", () => {
    expect(onboardingStepTable.map((step) => step.path)).toEqual(
      expect.arrayContaining([
        '/onboarding',
        '/onboarding/directory-practice/$directoryPracticeKey',
        '/onboarding/register-account',
        '/onboarding/register-practice',
        '/onboarding/register-profile',
        '/onboarding/thank-you',
      ]),
    );
  });

  it.each(routePaths)('%s: every segment has a translated name and no parameter leaks', (path) => {
    expect(hasTranslatedTitle(path)).toBe(true);
    const title = buildTitle(intl, 'P', path);
    expect(title).not.toContain('$');
    expect(title.startsWith('P')).toBe(true);
  });
});
