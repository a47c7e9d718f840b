import { defineMessages, useIntl } from 'react-intl';
import { BusyView } from '../shared/busy-view';

const messages = defineMessages({
  redirecting: {
    id: 'portalRedirect.page.loading',
    defaultMessage: 'Taking you to your portal…',
    description: 'Spinner label while /mobile/* or /billing/* redirects to the regional portal',
  },
});

/**
 * /mobile/* and /billing/*: the machine picks the portal (the route owns the actor); what every
 * state of the portal-redirect machine shows is this spinner (also in the screen atlas).
 */
export function PortalRedirectView() {
  const intl = useIntl();
  return <BusyView page heading={intl.formatMessage(messages.redirecting)} />;
}
