import { getRouteApi } from '@tanstack/react-router';
import { InviteView } from '../../views/invites/invite-page';
import { useInviteLinkActor } from '../live/invites';

const route = getRouteApi('/invite');

/** /invite: the join-practice actor of the invitation link (from the address or the stored invite). */
export function InviteScreen() {
  const search = route.useSearch();
  const actor = useInviteLinkActor(search);
  return <InviteView actor={actor} />;
}
