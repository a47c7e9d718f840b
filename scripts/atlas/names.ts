/**
 * The machines `npm run atlas` photographs by default (issue 9): each has an entry in
 * scripts/atlas/targets.tsx (real view) and in tests/model/registry.ts (path spec).
 * Node-safe (no view imports), shared by scripts/atlas.ts and the harness.
 */
export const defaultAtlasMachines = [
  'onboarding',
  'emailVerification',
  'invite',
  'inviteCode',
  'landing',
  'switchPractice',
];
