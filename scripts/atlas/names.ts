/**
 * The machines `npm run atlas` photographs by default: each has an entry in
 * scripts/atlas/targets.tsx (real view) and in tests/model/registry.ts (path spec). Every machine
 * of the registry is either here or in `withoutAtlasScreen` with the reason
 * (tests/model/atlas-coverage.test.ts), so a new machine with a screen cannot be left out unseen.
 * Node-safe (no view imports), shared by scripts/atlas.ts, the harness and the viewer.
 */
export const defaultAtlasMachines = [
  'onboarding',
  'emailVerification',
  'invite',
  'inviteCode',
  'landing',
  'switchPractice',
  'authRedirect',
  'session',
  'build-check',
  'portalRedirect',
  'loading',
  'hubConnection',
  'appBootstrap',
];

/** Registry machines not photographed, and why. */
export const withoutAtlasScreen: Record<string, string> = {
  userStore: 'no screen: holds the signed-in user for other machines',
  busyIndicator:
    "no screen of its own: the submit button's spinner of the onboarding steps (photographed there)",
  profileStep:
    'no screen of its own: the profile step inside the invite and invite-code screens (photographed there)',
};
