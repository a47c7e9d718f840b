import { PlaceholderScreen } from '../placeholder';

export function RegisterProfilePage() {
  return <PlaceholderScreen name="RegisterProfilePage" />;
}
