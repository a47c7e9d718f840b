import { PlaceholderScreen } from '../placeholder';

export function UnverifiedEmailPage() {
  return <PlaceholderScreen name="UnverifiedEmailPage" />;
}
