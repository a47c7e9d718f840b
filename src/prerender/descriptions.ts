import { defineMessage, type IntlShape } from 'react-intl';

/**
 * The meta description of each prerendered public screen (issue 26 item 3; decision 120): written
 * into the served HTML at build time, in the locale of the page, from the react-intl catalogs
 * (en-AU from the code, en-GB from its catalog). The spec has no text for it; the product name
 * comes from the configuration, as in the title.
 */
const signIn = defineMessage<{ productName: string }>({
  id: 'app.meta.description.signIn',
  defaultMessage:
    'Sign in to {productName} to reach your veterinary practice, or create an account to get started.',
  description: 'Meta description of the sign-in screen (/), read by search engines and link previews',
});

const onboarding = defineMessage<{ productName: string }>({
  id: 'app.meta.description.onboarding',
  defaultMessage:
    'Set up your veterinary practice in {productName}: create your account and profile, then register your practice.',
  description: 'Meta description of the onboarding screens, read by search engines and link previews',
});

const joinPractice = defineMessage<{ productName: string }>({
  id: 'app.meta.description.joinPractice',
  defaultMessage: 'Join your veterinary practice in {productName} with your invitation or invite code.',
  description: 'Meta description of the invitation screens, read by search engines and link previews',
});

const other = defineMessage<{ productName: string }>({
  id: 'app.meta.description.other',
  defaultMessage: '{productName}: sign-in and onboarding for veterinary practice staff.',
  description: 'Meta description of the public error screens, read by search engines and link previews',
});

/** The description of a prerendered route, in the locale of `intl`. */
export function describeRoute(intl: IntlShape, productName: string, path: string): string {
  const values = { productName };
  if (path.startsWith('/onboarding')) return intl.formatMessage(onboarding, values);
  if (path.startsWith('/invite')) return intl.formatMessage(joinPractice, values);
  if (path === '/') return intl.formatMessage(signIn, values);
  return intl.formatMessage(other, values);
}
