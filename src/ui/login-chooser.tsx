import { Button, Stack } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import type { LoginConnection } from '#machines/domain';

/**
 * The login method chooser (spec §2 '/', onboarding step 1, invite pages): Microsoft, Apple,
 * Google and Email buttons. Each sends its connection (spec §7): windowslive, apple,
 * google-oauth2, or null for email. `preferred` highlights one method (alternate providers:
 * "This email is registered with Google").
 *
 *   <LoginChooser mode="login" onChoose={(connection) => send({ type: 'landing.login', connection })} />
 */

export type LoginMethod = 'microsoft' | 'apple' | 'google' | 'email';

export const loginMethods: readonly { method: LoginMethod; connection: LoginConnection }[] = [
  { method: 'microsoft', connection: 'windowslive' },
  { method: 'apple', connection: 'apple' },
  { method: 'google', connection: 'google-oauth2' },
  { method: 'email', connection: null },
];

const messages = defineMessages({
  loginMicrosoft: {
    id: 'auth.loginChooser.login.microsoft',
    defaultMessage: 'Sign in with Microsoft',
    description: 'Login chooser button: sign in with a Microsoft account',
  },
  loginApple: {
    id: 'auth.loginChooser.login.apple',
    defaultMessage: 'Sign in with Apple',
    description: 'Login chooser button: sign in with an Apple account',
  },
  loginGoogle: {
    id: 'auth.loginChooser.login.google',
    defaultMessage: 'Sign in with Google',
    description: 'Login chooser button: sign in with a Google account',
  },
  loginEmail: {
    id: 'auth.loginChooser.login.email',
    defaultMessage: 'Sign in with Email',
    description: 'Login chooser button: sign in with email and password',
  },
  signupMicrosoft: {
    id: 'auth.loginChooser.signup.microsoft',
    defaultMessage: 'Sign up with Microsoft',
    description: 'Login chooser button: create an account with a Microsoft account',
  },
  signupApple: {
    id: 'auth.loginChooser.signup.apple',
    defaultMessage: 'Sign up with Apple',
    description: 'Login chooser button: create an account with an Apple account',
  },
  signupGoogle: {
    id: 'auth.loginChooser.signup.google',
    defaultMessage: 'Sign up with Google',
    description: 'Login chooser button: create an account with a Google account',
  },
  signupEmail: {
    id: 'auth.loginChooser.signup.email',
    defaultMessage: 'Sign up with Email',
    description: 'Login chooser button: create an account with email and password',
  },
  groupLabel: {
    id: 'auth.loginChooser.groupLabel',
    defaultMessage: 'Choose a login method',
    description: 'Accessible label of the group of login method buttons',
  },
});

const labelOf = {
  login: {
    microsoft: messages.loginMicrosoft,
    apple: messages.loginApple,
    google: messages.loginGoogle,
    email: messages.loginEmail,
  },
  signup: {
    microsoft: messages.signupMicrosoft,
    apple: messages.signupApple,
    google: messages.signupGoogle,
    email: messages.signupEmail,
  },
} as const;

export interface LoginChooserProps {
  mode: 'login' | 'signup';
  onChoose: (connection: LoginConnection) => void;
  /** Disable the buttons (e.g. while the browser leaves for the identity provider). */
  busy?: boolean;
  /** Highlight one method and dim the others. */
  preferred?: LoginMethod;
}

export function LoginChooser({ mode, onChoose, busy = false, preferred }: LoginChooserProps) {
  const intl = useIntl();
  return (
    <Stack gap="sm" role="group" aria-label={intl.formatMessage(messages.groupLabel)} w="100%" maw={360}>
      {loginMethods.map(({ method, connection }) => (
        <Button
          key={method}
          size="md"
          fullWidth
          variant={
            preferred
              ? preferred === method
                ? 'filled'
                : 'default'
              : method === 'email'
                ? 'filled'
                : 'default'
          }
          disabled={busy}
          data-method={method}
          // A sign-in intent: the identity provider's SDK starts loading (src/app/live/session.ts).
          data-sign-in=""
          onClick={() => onChoose(connection)}
        >
          {intl.formatMessage(labelOf[mode][method])}
        </Button>
      ))}
    </Stack>
  );
}
