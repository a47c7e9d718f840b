import { PlaceholderScreen } from '../placeholder';

export function NotFoundPage() {
  return <PlaceholderScreen name="NotFoundPage" />;
}
