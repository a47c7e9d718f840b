import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { HubConnectionSnapshot } from '#machines/hub-connection.machine';
import { selectHasBeenConnected, selectIsConnected } from '#machines/hub-connection.selectors';
import { useHubConnectionActor } from './context';

export interface ConnectionGateProps {
  /** 'always': children only while connected. 'once': after having been connected once. */
  mode?: 'always' | 'once';
  fallback: ReactNode;
  children: ReactNode;
}

// No connection yet (nobody signed in so far): closed.
const openAlways = (snapshot: HubConnectionSnapshot | undefined) =>
  snapshot !== undefined && selectIsConnected(snapshot);
const openOnce = (snapshot: HubConnectionSnapshot | undefined) =>
  snapshot !== undefined && (selectIsConnected(snapshot) || selectHasBeenConnected(snapshot));

/** Spec §4: shows its children only while connected (or once connected), otherwise the fallback. */
export function ConnectionGate({ mode = 'always', fallback, children }: ConnectionGateProps) {
  const actor = useHubConnectionActor();
  const open = useSelector(actor ?? undefined, mode === 'once' ? openOnce : openAlways);
  return <>{open ? children : fallback}</>;
}
