import { defineMessages, type MessageDescriptor } from 'react-intl';

/**
 * What an auth error code (spec §8; machines keep codes, never strings) means to a user. Used by
 * the /auth/redirect failure screen and anywhere the session's error code is shown.
 */
const messages = defineMessages({
  invalidState: {
    id: 'session.error.invalidState',
    defaultMessage: 'This sign-in link has already been used or has expired.',
    description:
      'Auth error: state mismatch or missing transaction (back button or refresh on the return page)',
  },
  loginRequired: {
    id: 'session.error.loginRequired',
    defaultMessage: 'Your session has ended. Please sign in again.',
    description: 'Auth error: the identity provider needs the user to sign in again',
  },
  timeout: {
    id: 'session.error.timeout',
    defaultMessage: 'Signing in took too long. Please try again.',
    description: 'Auth error: timeout talking to the identity provider',
  },
  cancelled: {
    id: 'session.error.cancelled',
    defaultMessage: 'Sign-in was cancelled.',
    description: 'Auth error: the user closed or cancelled the sign-in',
  },
  invalidIdToken: {
    id: 'session.error.invalidIdToken',
    defaultMessage: "We couldn't confirm your identity with the sign-in provider.",
    description: 'Auth error: the ID token failed a check (issuer, audience, nonce, expiry, ...)',
  },
  mfaRequired: {
    id: 'session.error.mfaRequired',
    defaultMessage: 'Your account needs an extra verification step before you can sign in.',
    description: 'Auth error: multi-factor authentication required',
  },
  missingRefreshToken: {
    id: 'session.error.missingRefreshToken',
    defaultMessage: 'Your sign-in could not be renewed. Please sign in again.',
    description: 'Auth error: no refresh token available',
  },
  providerUnreachable: {
    id: 'session.error.providerUnreachable',
    defaultMessage:
      "We can't reach the sign-in service at the moment. Check your internet connection, then try again.",
    description: 'Auth error: the identity provider could not be reached when signing in',
  },
  generic: {
    id: 'session.error.generic',
    defaultMessage: 'Something went wrong while signing you in.',
    description: 'Auth error: any other failure',
  },
});

export function authErrorMessage(code: string | null): MessageDescriptor {
  switch (code) {
    case 'state_mismatch':
    case 'missing_transaction':
    case 'invalid_state':
      return messages.invalidState;
    case 'login_required':
    case 'consent_required':
    case 'interaction_required':
      return messages.loginRequired;
    case 'timeout':
      return messages.timeout;
    case 'cancelled':
    case 'access_denied':
      return messages.cancelled;
    case 'invalid_id_token':
      return messages.invalidIdToken;
    case 'mfa_required':
      return messages.mfaRequired;
    case 'missing_refresh_token':
      return messages.missingRefreshToken;
    case 'provider_unreachable':
      return messages.providerUnreachable;
    default:
      return messages.generic;
  }
}
