import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { OnboardingStepId } from '#machines/onboarding-steps';

/**
 * The title segment of each onboarding step's address (spec §2: '{product name} | Onboarding |
 * Register Account'), by step: a step of the table (machines/onboarding-steps.ts) without a title
 * is a type error; each message's id is the table's `titleId` (machines/onboarding-steps.test.ts).
 * The pin step's title, 'Onboarding', is also the first segment of every other step's title.
 */
export const onboardingStepTitles = defineMessages({
  pin: {
    id: 'title.segment.onboarding',
    defaultMessage: 'Onboarding',
    description: 'Title segment for /onboarding',
  },
  account: {
    id: 'title.segment.registerAccount',
    defaultMessage: 'Register Account',
    description: 'Title segment for the account step',
  },
  profile: {
    id: 'title.segment.registerProfile',
    defaultMessage: 'Register Profile',
    description: 'Title segment for the profile step',
  },
  practice: {
    id: 'title.segment.registerPractice',
    defaultMessage: 'Register Practice',
    description: 'Title segment for the practice step',
  },
  thankYou: {
    id: 'title.segment.thankYou',
    defaultMessage: 'Thank You',
    description: 'Title segment for thank-you',
  },
  directoryPractice: {
    id: 'title.segment.directoryPractice',
    defaultMessage: 'Directory Practice',
    description: 'Title segment for a directory practice link',
  },
}) satisfies Record<OnboardingStepId, MessageDescriptor>;
