import { deploymentDefaults } from 'virtual:deployment-defaults';
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { onboardingStepTable } from '#machines/onboarding-steps';
import { onboardingStepTitles } from './onboarding-step-titles';

/**
 * Page titles are built from the path segments as '{product name} | Segment' (spec §2).
 * Each known segment has a translated name; parameters (keys) are not part of the title.
 */
const appSegments = defineMessages({
  auth: { id: 'title.segment.auth', defaultMessage: 'Account', description: 'Title segment for /auth' },
  redirect: {
    id: 'title.segment.redirect',
    defaultMessage: 'Signing In',
    description: 'Title segment for /auth/redirect',
  },
  'unverified-email': {
    id: 'title.segment.unverifiedEmail',
    defaultMessage: 'Verify Your Email',
    description: 'Title segment for /auth/unverified-email',
  },
  'verified-email': {
    id: 'title.segment.verifiedEmail',
    defaultMessage: 'Email Verified',
    description: 'Title segment for /auth/verified-email',
  },
  'switch-practice': {
    id: 'title.segment.switchPractice',
    defaultMessage: 'Switch Practice',
    description: 'Title segment for /switch-practice',
  },
  invite: { id: 'title.segment.invite', defaultMessage: 'Invite', description: 'Title segment for /invite' },
  'invite-code': {
    id: 'title.segment.inviteCode',
    defaultMessage: 'Invite Code',
    description: 'Title segment for /invite-code',
  },
  mobile: { id: 'title.segment.mobile', defaultMessage: 'Mobile', description: 'Title segment for /mobile' },
  billing: {
    id: 'title.segment.billing',
    defaultMessage: 'Billing',
    description: 'Title segment for /billing',
  },
  'server-error': {
    id: 'title.segment.serverError',
    defaultMessage: 'Server Error',
    description: 'Title segment for /server-error',
  },
  redirected: {
    id: 'title.segment.redirected',
    defaultMessage: 'Redirected',
    description: 'Title segment for /redirected',
  },
  'no-access': {
    id: 'title.segment.noAccess',
    defaultMessage: 'No Access',
    description: 'Title segment for /no-access',
  },
  'not-found': {
    id: 'title.segment.notFound',
    defaultMessage: 'Not Found',
    description: 'Title segment for /not-found',
  },
});

/** The static segments of a route path (parameters and splats dropped). */
const staticSegmentsOf = (routePath: string): string[] =>
  routePath.split('/').filter((s) => s && !s.startsWith('$'));

/**
 * Every named segment: the app's, and each onboarding step's last segment with the step's title
 * (the step table's, src/app/onboarding-step-titles.ts).
 */
const segments: Record<string, MessageDescriptor> = {
  ...appSegments,
  ...Object.fromEntries(
    onboardingStepTable.map((step) => [staticSegmentsOf(step.path).at(-1), onboardingStepTitles[step.id]]),
  ),
};

/** The product's name when the runtime configuration has none: the deployment's (decision 117). */
export const defaultProductName = deploymentDefaults.productName;

/** The static segments of a route path (parameters and splats dropped). */
export function titleSegmentsOf(routePath: string): string[] {
  return staticSegmentsOf(routePath);
}

/** True when every static segment of the path has a translated title name. */
export function hasTranslatedTitle(routePath: string): boolean {
  return titleSegmentsOf(routePath).every((s) => Object.hasOwn(segments, s));
}

/** Title-cases an unknown segment: 'some-thing' → 'Some Thing'. */
function titleCase(segment: string): string {
  return segment
    .split(/[-_]/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

interface MatchLike {
  routeId: string;
  fullPath: string;
  status: string;
}

/** True when the router rendered the not-found screen (catch-all, or a route that threw notFound). */
export function isNotFoundMatch(matches: readonly MatchLike[]): boolean {
  const leaf = matches[matches.length - 1];
  return !leaf || leaf.routeId === '__root__' || matches.some((m) => m.status === 'notFound');
}

/** The route path the title is built from: the leaf's full path, or /not-found. */
export function titleRoutePathOf(matches: readonly MatchLike[]): string {
  if (isNotFoundMatch(matches)) return '/not-found';
  return matches[matches.length - 1]?.fullPath ?? '/not-found';
}

/**
 * `routePath` is the matched route's path with parameters still as `$name` (so keys never leak
 * into the title); for the catch-all it is the not-found page.
 */
export function buildTitle(intl: IntlShape, productName: string | undefined, routePath: string): string {
  const prefix = productName?.trim() || defaultProductName;
  const parts = titleSegmentsOf(routePath).map((s) => {
    const known = Object.hasOwn(segments, s) ? segments[s] : undefined;
    return known ? intl.formatMessage(known) : titleCase(s);
  });
  return [prefix, ...parts].join(' | ');
}
