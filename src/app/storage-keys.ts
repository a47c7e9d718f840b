import { draftStorageKeys } from '#machines/onboarding-steps';

/**
 * The app's local-storage keys: the spec's (§9: the onboarding pin, practice registration, profile
 * registration and options, the stored page, the invite landing flag) and two of ours (the stored
 * invite, and whose data the per-user keys hold). They are read and written by the edge
 * (src/app/live/onboarding.ts, stored-invite.ts, invite-landing.ts), src/app/stored-page.ts and
 * src/app/user-storage.ts (which removes the per-user ones, decision 080), and the shell guard
 * reads the practice draft (src/boot/draft-fill.ts, decision 100). Machines receive and persist
 * data through provided actions. Not listed here: the identity provider's own keys (the shell guard
 * looks for its token cache; app.tsx removes them on a logout before the configuration) and two
 * session-storage marks of this tab (src/app/live/build-check.ts, src/app/live/code-recovery.ts).
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
