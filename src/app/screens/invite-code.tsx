import { getRouteApi } from '@tanstack/react-router';
import { InviteCodeView } from '../../views/invites/invite-code-page';
import { useInviteCodeActor } from '../live/invites';

const route = getRouteApi('/invite-code');

/** /invite-code: the join-practice actor of an invite code entry, rendered by its view. */
export function InviteCodeScreen() {
  const search = route.useSearch();
  const actor = useInviteCodeActor(search);
  return <InviteCodeView actor={actor} />;
}
