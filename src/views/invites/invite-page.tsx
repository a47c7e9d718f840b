import { PlaceholderScreen } from '../placeholder';

export function InvitePage() {
  return <PlaceholderScreen name="InvitePage" />;
}
