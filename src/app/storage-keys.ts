import { draftStorageKeys } from '#machines/onboarding-steps';

/**
 * Local storage keys (spec §9: the onboarding pin, practice registration, profile registration
 * and options, the stored page, and the invite landing flag). Storage is touched by the edge
 * (src/app/live/*), src/app/stored-page.ts, src/app/user-storage.ts (per-user data), app.tsx's
 * logout before the configuration (the provider's keys), and the first paint's shell guard
 * (src/boot/shell-guard.ts, which looks for the provider's token cache); machines receive and
 * persist data through provided actions.
 */
export const storageKeys = {
  // The onboarding draft's keys are the step table's (machines/onboarding-steps.ts, decision 160).
  onboardingPin: draftStorageKeys.pin,
  onboardingPracticeRegistration: draftStorageKeys.practice,
  onboardingProfileRegistration: draftStorageKeys.profile,
  onboardingOptions: draftStorageKeys.options,
  storedPage: 'storedPage',
  invite: 'invite',
  inviteLanding: 'invite.landing',
  /** Whose data the per-user keys hold (the signed-in user's sub; src/app/user-storage.ts). */
  userDataOwner: 'user.owner',
} as const;
