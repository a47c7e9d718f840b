import { PlaceholderScreen } from '../placeholder';

export function NoAccessPage() {
  return <PlaceholderScreen name="NoAccessPage" />;
}
