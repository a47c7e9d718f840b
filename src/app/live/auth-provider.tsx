import { useSelector } from '@xstate/react';
import { useCallback, useSyncExternalStore } from 'react';
import type { SessionUser } from '#machines/domain';
import { selectHasCheckedSession } from '#machines/session.machine';
import { loadedAuthEdge, subscribeAuthEdge } from '../../auth/auth-client';
import type { ProviderState } from '../../auth/auth0-edge';
import { useRootActors } from '../actors-context';

/**
 * Mounts @auth0/auth0-react's provider below the session actor, once the SDK has loaded (on the
 * session's first need of it, or a sign-in intent: src/app/live/session.ts) and the session's
 * start-up check is over, so the provider never runs before the redirect callback and the
 * cleanup checks. What the provider sees goes to the session machine as an event.
 */
export function AuthProviderMount() {
  const { session } = useRootActors();
  const loaded = useSyncExternalStore(subscribeAuthEdge, loadedAuthEdge, () => null);
  const checked = useSelector(session, selectHasCheckedSession);
  const onState = useCallback(
    (state: ProviderState) => {
      const user = state.isAuthenticated && state.user?.sub ? (state.user as SessionUser) : null;
      session.send({ type: 'session.providerChanged', user });
    },
    [session],
  );
  if (!loaded || !checked) return null;
  const { edge, client } = loaded;
  return <edge.AuthProviderEdge client={client} onState={onState} />;
}
