import { PlaceholderScreen } from '../placeholder';

export function AuthRedirectPage() {
  return <PlaceholderScreen name="AuthRedirectPage" />;
}
