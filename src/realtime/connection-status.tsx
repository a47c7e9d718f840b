import { useSelector } from '@xstate/react';
import type { HubConnectionSnapshot } from '#machines/hub-connection.machine';
import {
  selectHasBeenConnected,
  selectIsConnected,
  selectTryingToConnect,
} from '#machines/hub-connection.selectors';
import { useHubConnectionActor } from './context';
import { ReconnectingNotice } from './reconnecting-notice';

/** Lost after having been connected, and trying to come back (reconnecting, retrying, resting). */
const selectShowsReconnecting = (snapshot: HubConnectionSnapshot | undefined): boolean =>
  snapshot !== undefined &&
  selectHasBeenConnected(snapshot) &&
  !selectIsConnected(snapshot) &&
  selectTryingToConnect(snapshot);

/**
 * A small status notice for the live connection: 'Reconnecting…' while a connection that was up
 * is being re-established. Nothing otherwise (the first connect is silent).
 *
 * The notice and its stylesheet ship with the shell, never lazily: it shows exactly when the
 * network may be gone, so it cannot wait for a chunk (decision 195).
 */
export function ConnectionStatus() {
  const actor = useHubConnectionActor();
  // No connection yet (nobody signed in so far): nothing to say.
  const reconnecting = useSelector(actor ?? undefined, selectShowsReconnecting);
  if (!reconnecting) return null;
  return <ReconnectingNotice />;
}
