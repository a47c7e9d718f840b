import { PlaceholderScreen } from '../placeholder';

export function VerifiedEmailPage() {
  return <PlaceholderScreen name="VerifiedEmailPage" />;
}
