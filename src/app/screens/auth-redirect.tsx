import { AuthRedirectView } from '../../views/auth/redirect-page';
import { useAuthRedirectActor } from '../live/auth-screens';

/** /auth/redirect: the route's auth-redirect actor, rendered by its view. */
export function AuthRedirectScreen() {
  const actor = useAuthRedirectActor();
  return <AuthRedirectView actor={actor} />;
}
