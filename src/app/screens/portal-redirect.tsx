import { useState } from 'react';
import { PortalRedirectView } from '../../views/portal-redirect/portal-redirect-view';
import { usePortalRedirectActor } from '../live/portal-redirect';

/** /mobile/* and /billing/*: the route's portal-redirect actor; its view is a spinner. */
export function PortalRedirectScreen() {
  // The address as requested, before the router normalises its query (unknown parameters are kept).
  const [target] = useState(() => ({ path: window.location.pathname, search: window.location.search }));
  usePortalRedirectActor(target);
  return <PortalRedirectView />;
}
