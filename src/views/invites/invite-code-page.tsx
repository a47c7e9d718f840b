import { PlaceholderScreen } from '../placeholder';

export function InviteCodePage() {
  return <PlaceholderScreen name="InviteCodePage" />;
}
