import { PlaceholderScreen } from '../placeholder';

export function PinPage() {
  return <PlaceholderScreen name="PinPage" />;
}
