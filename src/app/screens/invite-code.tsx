import { getRouteApi } from '@tanstack/react-router';
import { InviteCodeView } from '../../views/invites/invite-code-page';
import { useInviteCodeActor } from '../live/invites';

const route = getRouteApi('/invite-code');

/** /invite-code: the route's invite-code actor, rendered by its view. */
export function InviteCodeScreen() {
  const search = route.useSearch();
  const actor = useInviteCodeActor({ forceLogin: search.forceLogin ?? null, code: search.code ?? null });
  return <InviteCodeView actor={actor} />;
}
