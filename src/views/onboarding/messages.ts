import { defineMessage, defineMessages, type IntlShape } from 'react-intl';

/** Texts of the onboarding screens (spec §2, §5, §8; en-AU source text). */
export const onboardingMessages = defineMessages({
  pinTitle: {
    id: 'onboarding.pin.title',
    defaultMessage: 'Set up your practice',
    description: 'Heading of /onboarding (the pin entry)',
  },
  pinIntro: {
    id: 'onboarding.pin.intro',
    defaultMessage: 'Enter the 4-digit code shown in the companion app.',
    description: 'Explains the pin entry on /onboarding',
  },
  pinLabel: {
    id: 'onboarding.pin.label',
    defaultMessage: 'Companion app code',
    description: 'Accessible label of the 4-digit code input',
  },
  pinContinue: {
    id: 'onboarding.pin.continue',
    defaultMessage: 'Continue',
    description: 'Button: verify the pin and continue',
  },
  pinSkip: {
    id: 'onboarding.pin.skip',
    defaultMessage: 'Continue without setting up a hub and scanner',
    description: 'Button: continue the onboarding without a pin',
  },
  pinInvalid: {
    id: 'onboarding.pin.invalid',
    defaultMessage: 'Invalid pin, please try again.',
    description: 'Error: the pin was not accepted (spec §8)',
  },
  pinLimitedNoHint: {
    id: 'onboarding.pin.limitedNoHint',
    defaultMessage: 'Too many attempts. Please wait a minute and try again.',
    description: 'Error: too many pin checks from this device, without a waiting time from the server',
  },
  accountTitle: {
    id: 'onboarding.account.title',
    defaultMessage: 'Create your account',
    description: 'Heading of step 1, /onboarding/register-account',
  },
  accountIntro: {
    id: 'onboarding.account.intro',
    defaultMessage: 'Choose a login method to create an account.',
    description: 'Explains step 1 of the onboarding',
  },
  signUpFailed: {
    id: 'onboarding.account.signUpFailed',
    defaultMessage: 'The sign-up could not start, please try again.',
    description: 'Error: the redirect to the identity provider could not start',
  },
  signInFailed: {
    id: 'onboarding.practice.signInFailed',
    defaultMessage: 'The sign-in could not start, please try again.',
    description:
      'Error under the practice form: registering needs a sign-in and the redirect to the identity provider could not start',
  },
  profileTitle: {
    id: 'onboarding.profile.title',
    defaultMessage: 'Your profile',
    description: 'Heading of step 2, /onboarding/register-profile',
  },
  fieldsStepContinue: {
    id: 'onboarding.fieldsStep.continue',
    defaultMessage: 'Continue',
    description: 'Button of a step of text fields (a step table row with fields): go to the next step',
  },
  profileContinue: {
    id: 'onboarding.profile.continue',
    defaultMessage: 'Continue',
    description: 'Button: save the profile and go to the practice step',
  },
  practiceTitle: {
    id: 'onboarding.practice.title',
    defaultMessage: 'Your practice',
    description: 'Heading of step 3, /onboarding/register-practice',
  },
  regionLabel: {
    id: 'onboarding.practice.region',
    defaultMessage: 'Where is your practice?',
    description: 'Label of the region choice (the regional environment) on the practice step',
  },
  regionAu: {
    id: 'onboarding.practice.region.au',
    defaultMessage: 'Australia',
    description: 'Region choice: the AU environment',
  },
  regionUk: {
    id: 'onboarding.practice.region.uk',
    defaultMessage: 'United Kingdom',
    description: 'Region choice: the UK environment',
  },
  devicesUnavailable: {
    id: 'onboarding.practice.devicesUnavailable',
    defaultMessage: 'The devices of your companion app could not be loaded. You can continue without them.',
    description: 'Warning: fetch-devices failed on the practice step',
  },
  practiceSubmit: {
    id: 'onboarding.practice.submit',
    defaultMessage: 'Register practice',
    description: 'Button: register the practice',
  },
  noProfile: {
    id: 'onboarding.practice.noProfile',
    defaultMessage: 'No profile registration found.',
    description: 'Error: register-practice without a profile (spec §8)',
  },
  completeProfile: {
    id: 'onboarding.practice.completeProfile',
    defaultMessage: 'Complete your profile',
    description: 'Button under "No profile registration found.": back to step 2 (decision 044)',
  },
  practiceFailed: {
    id: 'onboarding.practice.failed',
    defaultMessage: 'There has been an error, please try again.',
    description: 'Error: register-practice failed without a server message (spec §8)',
  },
  thankYouTitle: {
    id: 'onboarding.thankYou.title',
    defaultMessage: 'Thank you!',
    description: 'Heading of /onboarding/thank-you',
  },
  thankYouActivating: {
    id: 'onboarding.thankYou.activating',
    defaultMessage: 'We are activating your practice, this can take a couple of minutes...',
    description: 'Shown while the new practice is being activated',
  },
  thankYouTakingLong: {
    id: 'onboarding.thankYou.takingLong',
    defaultMessage:
      'This is taking longer than usual. Keep this page open: we will take you to your practice as soon as it is ready.',
    description: 'Shown when activation takes unusually long; the page keeps waiting',
  },
  directoryLoading: {
    id: 'onboarding.directory.loading',
    defaultMessage: 'Loading the practice details...',
    description: 'Heading while a directory practice link loads',
  },
  directoryFailedTitle: {
    id: 'onboarding.directory.failedTitle',
    defaultMessage: 'Oops! Something went wrong',
    description: 'Heading when a directory practice link could not be loaded (spec §8)',
  },
  directoryFailed: {
    id: 'onboarding.directory.failed',
    defaultMessage:
      'A problem occured while attempting to load the account details for the email address that you used to open this page.',
    description: 'Directory practice link could not be loaded (spec §8, spelling as specified)',
  },
});

export const devicesMessage = defineMessage<{ names: string }>({
  id: 'onboarding.practice.devices',
  defaultMessage: 'Devices from your companion app: {names}',
  description: 'Lists the hub and scanner found for the pin; they are registered with the practice',
});

export const directoryExistsMessage = defineMessage<{ name: string }>({
  id: 'onboarding.directory.accountExists',
  defaultMessage:
    'An account already exists for {name}. Please contact your practice administration team and request an invite to {name}',
  description: 'Directory practice link: the practice already has an account (spec §8)',
});

const limitedWithHint = defineMessage<{ seconds: number }>({
  id: 'onboarding.pin.limited',
  defaultMessage:
    // `{seconds}`, not `#`: `#` formats with Intl.NumberFormat, a long task on its first use.
    'Too many attempts. Please wait {seconds, plural, one {{seconds} second} other {{seconds} seconds}} and try again.',
  description: 'Error: too many pin checks from this device, with how long the server asked to wait',
});

/**
 * Too many pin checks (429 from verify-pin on the pin step, or fetch-devices on the practice step,
 * decision 080): the server's waiting time when it gave one.
 */
export function limitedMessage(intl: IntlShape, retryAfterSeconds: number | null): string {
  return retryAfterSeconds
    ? intl.formatMessage(limitedWithHint, { seconds: retryAfterSeconds })
    : intl.formatMessage(onboardingMessages.pinLimitedNoHint);
}
