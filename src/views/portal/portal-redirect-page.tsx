import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { usePortalRedirectActor } from '../../app/live/practices';
import { BusyScreen } from '../shared/busy-screen';

const messages = defineMessages({
  redirecting: {
    id: 'portal.redirect.loading',
    defaultMessage: 'Taking you to your portal…',
    description: 'Spinner label while /mobile/* or /billing/* redirects to the regional portal',
  },
});

/** /mobile/* and /billing/*: the machine picks the portal; this only shows a spinner. */
export function PortalRedirectPage() {
  // The address as requested, before the router normalises its query (unknown parameters are kept).
  const [target] = useState(() => ({ path: window.location.pathname, search: window.location.search }));
  usePortalRedirectActor(target);
  return <PortalRedirectView />;
}

/** What every state of the portal-redirect machine shows (also in the screen atlas). */
export function PortalRedirectView() {
  const intl = useIntl();
  return <BusyScreen page heading={intl.formatMessage(messages.redirecting)} />;
}
