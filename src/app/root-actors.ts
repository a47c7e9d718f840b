import type { ActorRefFrom } from 'xstate';
import type { RuntimeConfig } from '../../machines/app-bootstrap.machine';
import type { sessionMachine } from '../../machines/session.machine';
import { createSessionActor } from './live/session';

/**
 * The long-lived actors of the app, created once after the configuration is loaded and handed
 * to the router context and to React (src/app/actors-context.tsx). Each is the pure machine from
 * machines/ with its effects provided by src/app/live/*.
 */
export interface RootActors {
  session: ActorRefFrom<typeof sessionMachine>;
}

export function createRootActors(config: RuntimeConfig): RootActors {
  const session = createSessionActor(config);
  return { session };
}
