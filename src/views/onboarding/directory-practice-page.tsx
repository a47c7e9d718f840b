import { PlaceholderScreen } from '../placeholder';

export function DirectoryPracticePage() {
  return <PlaceholderScreen name="DirectoryPracticePage" />;
}
