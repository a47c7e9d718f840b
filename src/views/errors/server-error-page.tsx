import { PlaceholderScreen } from '../placeholder';

export function ServerErrorPage() {
  return <PlaceholderScreen name="ServerErrorPage" />;
}
