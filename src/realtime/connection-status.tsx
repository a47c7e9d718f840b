import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import {
  type HubConnectionSnapshot,
  selectHasBeenConnected,
  selectIsConnected,
  selectTryingToConnect,
} from '../../machines/hub-connection.machine';
import { useHubConnectionActor } from './context';

// The notice's code (Mantine Affix + Notification) loads only when a connection is lost.
const ReconnectingNotice = lazy(() =>
  import('./reconnecting-notice').then((m) => ({ default: m.ReconnectingNotice })),
);

/** Lost after having been connected, and trying to come back (reconnecting, retrying, resting). */
const selectShowsReconnecting = (snapshot: HubConnectionSnapshot): boolean =>
  selectHasBeenConnected(snapshot) && !selectIsConnected(snapshot) && selectTryingToConnect(snapshot);

/**
 * A small status notice for the live connection: 'Reconnecting…' while a connection that was up
 * is being re-established. Nothing otherwise (the first connect is silent).
 */
export function ConnectionStatus() {
  const actor = useHubConnectionActor();
  const reconnecting = useSelector(actor, selectShowsReconnecting);
  if (!reconnecting) return null;
  return (
    <Suspense fallback={null}>
      <ReconnectingNotice />
    </Suspense>
  );
}
