import type { ReactElement } from 'react';
import type { AnyActorRef } from 'xstate';
import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import type { RootActors } from '../app/root-actors';

/**
 * A prerendered route's screen: the view to render and the actor it shows, if any, which the
 * prerender stops once the page is rendered (a started actor's delays would otherwise keep the
 * build's process alive until they fire).
 */
export type ScreenFactory = (
  actors: RootActors,
  config: RuntimeConfig,
) => Promise<{ render: () => ReactElement; actor?: AnyActorRef }>;
