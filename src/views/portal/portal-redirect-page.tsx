import { PlaceholderScreen } from '../placeholder';

export function PortalRedirectPage() {
  return <PlaceholderScreen name="PortalRedirectPage" />;
}
