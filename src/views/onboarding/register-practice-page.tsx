import { PlaceholderScreen } from '../placeholder';

export function RegisterPracticePage() {
  return <PlaceholderScreen name="RegisterPracticePage" />;
}
