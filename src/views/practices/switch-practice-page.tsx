import { PlaceholderScreen } from '../placeholder';

export function SwitchPracticePage() {
  return <PlaceholderScreen name="SwitchPracticePage" />;
}
