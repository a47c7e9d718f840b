import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { buildTitle, defaultProductName, isNotFoundMatch, titleRoutePathOf } from './route-titles';

const intl = createIntl({ locale: 'en-AU', defaultLocale: 'en-AU', messages: {} });

/** Every route of spec §2 (as route paths, parameters as $name) and its expected title. */
const specRoutes: [routePath: string, title: string][] = [
  ['/', 'Vet Portal'],
  ['/auth/redirect', 'Vet Portal | Account | Signing In'],
  ['/auth/unverified-email', 'Vet Portal | Account | Verify Your Email'],
  ['/auth/verified-email', 'Vet Portal | Account | Email Verified'],
  ['/onboarding', 'Vet Portal | Onboarding'],
  ['/onboarding/register-account', 'Vet Portal | Onboarding | Register Account'],
  ['/onboarding/register-profile', 'Vet Portal | Onboarding | Register Profile'],
  ['/onboarding/register-practice', 'Vet Portal | Onboarding | Register Practice'],
  ['/onboarding/thank-you', 'Vet Portal | Onboarding | Thank You'],
  ['/onboarding/directory-practice/$directoryPracticeKey', 'Vet Portal | Onboarding | Directory Practice'],
  ['/switch-practice', 'Vet Portal | Switch Practice'],
  ['/invite', 'Vet Portal | Invite'],
  ['/invite-code', 'Vet Portal | Invite Code'],
  ['/mobile/$', 'Vet Portal | Mobile'],
  ['/billing/$', 'Vet Portal | Billing'],
  ['/server-error', 'Vet Portal | Server Error'],
  ['/redirected', 'Vet Portal | Redirected'],
  ['/no-access', 'Vet Portal | No Access'],
  ['/not-found', 'Vet Portal | Not Found'],
];

describe('buildTitle', () => {
  it.each(specRoutes)('%s → %s', (routePath, title) => {
    expect(buildTitle(intl, 'Vet Portal', routePath)).toBe(title);
  });

  it('uses the default product name when none is configured (or it is blank)', () => {
    expect(buildTitle(intl, undefined, '/switch-practice')).toBe(`${defaultProductName} | Switch Practice`);
    expect(buildTitle(intl, '   ', '/')).toBe(defaultProductName);
    expect(defaultProductName).toBe('Practice Portal');
  });

  it('never puts parameter values in the title and title-cases unknown segments', () => {
    expect(buildTitle(intl, 'P', '/some-new/thing_here/$id')).toBe('P | Some New | Thing Here');
  });

  it('translates segments (en-GB catalog values are used when present)', () => {
    const gb = createIntl({
      locale: 'en-GB',
      defaultLocale: 'en-AU',
      messages: { 'title.segment.switchPractice': 'Change Practice' },
    });
    expect(buildTitle(gb, 'P', '/switch-practice')).toBe('P | Change Practice');
  });
});

describe('titleRoutePathOf', () => {
  const root = { routeId: '__root__', fullPath: '/', status: 'success' };
  it('is the leaf route path', () => {
    expect(titleRoutePathOf([root, { routeId: '/mobile/$', fullPath: '/mobile/$', status: 'success' }])).toBe(
      '/mobile/$',
    );
  });
  it('is /not-found for the catch-all (only the root matched) or a notFound match', () => {
    expect(titleRoutePathOf([{ ...root, status: 'notFound' }])).toBe('/not-found');
    expect(titleRoutePathOf([root])).toBe('/not-found');
    expect(isNotFoundMatch([root, { routeId: '/invite', fullPath: '/invite', status: 'notFound' }])).toBe(
      true,
    );
    expect(isNotFoundMatch([root, { routeId: '/invite', fullPath: '/invite', status: 'success' }])).toBe(
      false,
    );
  });
});
