import type { RuntimeConfig } from '../../../machines/app-bootstrap.machine';
import type { sessionMachine } from '../../../machines/session.machine';

/**
 * Provides the session machine's effects. The identity-provider adapter (src/auth) replaces
 * this with the Auth0 SDK; until then nobody is signed in.
 */
export function provideSession(
  machine: typeof sessionMachine,
  _config: RuntimeConfig,
): typeof sessionMachine {
  return machine;
}
