import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import type { RootActors } from './root-actors';

/** What every route's `beforeLoad` and component can reach: stable actor refs and the config. */
export interface RouterContext {
  actors: RootActors;
  config: RuntimeConfig;
}
