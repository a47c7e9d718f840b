import { getRouteApi } from '@tanstack/react-router';
import { InviteView } from '../../views/invites/invite-page';
import { useInviteActor } from '../live/invites';

const route = getRouteApi('/invite');

/** /invite: the route's invite actor (from the address or the stored invite), rendered by its view. */
export function InviteScreen() {
  const search = route.useSearch();
  const actor = useInviteActor(search);
  return <InviteView actor={actor} />;
}
