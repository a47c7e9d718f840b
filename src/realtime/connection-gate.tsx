import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import {
  type HubConnectionSnapshot,
  selectHasBeenConnected,
  selectIsConnected,
} from '../../machines/hub-connection.machine';
import { useHubConnectionActor } from './context';

export interface ConnectionGateProps {
  /** 'always': children only while connected. 'once': after having been connected once. */
  mode?: 'always' | 'once';
  fallback: ReactNode;
  children: ReactNode;
}

const openAlways = (snapshot: HubConnectionSnapshot) => selectIsConnected(snapshot);
const openOnce = (snapshot: HubConnectionSnapshot) =>
  selectIsConnected(snapshot) || selectHasBeenConnected(snapshot);

/** Spec §4: shows its children only while connected (or once connected), otherwise the fallback. */
export function ConnectionGate({ mode = 'always', fallback, children }: ConnectionGateProps) {
  const actor = useHubConnectionActor();
  const open = useSelector(actor, mode === 'once' ? openOnce : openAlways);
  return <>{open ? children : fallback}</>;
}
