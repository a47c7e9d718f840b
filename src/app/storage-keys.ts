/**
 * Local storage keys (spec §9: the onboarding pin, practice registration, profile registration
 * and options, the stored page, and the invite landing flag). Only src/app/live/* and
 * src/app/stored-page.ts touch storage; machines receive and persist data through provided
 * actions.
 */
export const storageKeys = {
  onboardingPin: 'onboarding.pin',
  onboardingPracticeRegistration: 'onboarding.practiceRegistration',
  onboardingProfileRegistration: 'onboarding.profileRegistration',
  onboardingOptions: 'onboarding.options',
  storedPage: 'storedPage',
  invite: 'invite',
  inviteLanding: 'invite.landing',
  /** Whose data the per-user keys hold (the signed-in user's sub; src/app/user-storage.ts). */
  userDataOwner: 'user.owner',
} as const;
