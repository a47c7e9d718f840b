import { PlaceholderScreen } from '../placeholder';

export function RedirectedPage() {
  return <PlaceholderScreen name="RedirectedPage" />;
}
