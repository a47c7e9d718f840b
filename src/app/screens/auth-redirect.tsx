import { AuthRedirectView } from '../../views/auth-redirect/auth-redirect-view';
import { useAuthRedirectActor } from '../live/auth-redirect';

/** /auth/redirect: the route's auth-redirect actor, rendered by its view. */
export function AuthRedirectScreen() {
  const actor = useAuthRedirectActor();
  return <AuthRedirectView actor={actor} />;
}
