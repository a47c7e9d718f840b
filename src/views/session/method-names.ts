import { defineMessages } from 'react-intl';

/** Login method names (spec §9 provider codes: auth0 = Email, waad/windowslive = Microsoft, apple, google-oauth2). */
export const methodNameMessages = defineMessages({
  email: {
    id: 'session.method.email',
    defaultMessage: 'Email',
    description: 'Login method name: email and password',
  },
  microsoft: {
    id: 'session.method.microsoft',
    defaultMessage: 'Microsoft',
    description: 'Login method name: Microsoft',
  },
  apple: { id: 'session.method.apple', defaultMessage: 'Apple', description: 'Login method name: Apple' },
  google: { id: 'session.method.google', defaultMessage: 'Google', description: 'Login method name: Google' },
});
