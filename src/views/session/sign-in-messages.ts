import { defineMessages } from 'react-intl';

/**
 * Texts shared by the two screens that stand between the app and the identity provider: the
 * return point (/auth/redirect) and the pending screen a signed-in-only route shows while its
 * guard sends the browser to the provider (src/views/session/session-sign-in-pending-view.tsx,
 * docs/decisions/022-guard-sign-in-pending.md). One definition, so both say the same thing.
 */
export const signInMessages = defineMessages({
  spinnerLabel: {
    id: 'session.signIn.loading',
    defaultMessage: 'Signing you in',
    description:
      'Accessible label of the spinner while signing in (sign-in return page, and a signed-in-only page on its way to the identity provider)',
  },
  signingIn: {
    id: 'session.signIn.signingIn',
    defaultMessage: 'Signing you in...',
    description:
      'Shown while signing in: on the sign-in return page while the session is established, and on a signed-in-only page while the browser leaves for the identity provider',
  },
  failedTitle: {
    id: 'session.signIn.failedTitle',
    defaultMessage: "We couldn't sign you in",
    description:
      'Heading when signing in failed (on the sign-in return page, or when the redirect login could not start)',
  },
  signInAgain: {
    id: 'session.signIn.signInAgain',
    defaultMessage: 'Sign in again',
    description: 'Button: start signing in again after a failed sign-in',
  },
  home: {
    id: 'session.signIn.home',
    defaultMessage: 'Go to the home page',
    description: 'Button: leave the failed sign-in page for the home page',
  },
});
