import { PlaceholderScreen } from '../placeholder';

export function ThankYouPage() {
  return <PlaceholderScreen name="ThankYouPage" />;
}
