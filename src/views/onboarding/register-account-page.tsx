import { PlaceholderScreen } from '../placeholder';

export function RegisterAccountPage() {
  return <PlaceholderScreen name="RegisterAccountPage" />;
}
