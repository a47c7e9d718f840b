/**
 * The prerendered routes, each with an address a visitor would open: the signed-out screens that
 * first-paint.spec.ts (the shell never drifts) and accessibility.spec.ts (axe) walk.
 */
export const prerenderedAddresses = [
  '/',
  '/onboarding',
  '/onboarding/register-account',
  '/onboarding/register-practice',
  '/invite-code',
  '/invite?practiceKey=au-harbourside',
  '/server-error',
  '/not-found',
  '/no-access',
  '/redirected',
];
