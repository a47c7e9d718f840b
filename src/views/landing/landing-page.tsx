import { PlaceholderScreen } from '../placeholder';

export function LandingPage() {
  return <PlaceholderScreen name="LandingPage" />;
}
