import type { Auth0Client } from '@auth0/auth0-spa-js';
import { authConstants } from '#machines/constants';
import { authErrorCode } from '#machines/session.machine';
import { logger } from '../logger';

/** The part of the identity provider's SDK the silent check uses. */
export type SilentCheckClient = Pick<Auth0Client, 'checkSession' | 'getTokenSilently'>;

/**
 * Asks the identity provider, without a page of its own, whether it still has a session for this
 * browser: the SDK's `checkSession()`, which asks only when its authenticated flag is set and
 * keeps every error to itself (a user it cannot restore is simply signed out).
 *
 * One answer is asked again (decision 128): `invalid_grant`, the provider refusing the code it
 * had just issued. That happens when an earlier exchange used the code and its answer never
 * reached the page (the page was left mid-exchange, the network dropped it): the SDK sends the
 * same code again, and the provider treats the replay as theft and revokes the tokens of the
 * grant (RFC 6749 §4.1.2), including a code another page of the same browser was about to
 * exchange. The provider's session is intact, so a new code works; without this the user would
 * land signed out. `login_required` and every other answer are final.
 *
 * `flagged`: the SDK's authenticated flag is set (`hasAuthenticatedFlag`, src/auth/session-hint.ts,
 * pinned against the SDK), so its `checkSession()` would ask the provider, or the page is
 * recovering from a failed redirect callback; otherwise the SDK's own `checkSession()` runs, which
 * asks nobody.
 */
export async function checkSessionSilently(sdk: SilentCheckClient, flagged: boolean): Promise<void> {
  if (!flagged) {
    await sdk.checkSession();
    return;
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      await sdk.getTokenSilently();
      return;
    } catch (error) {
      const code = authErrorCode(error, 'failed');
      if (code !== 'invalid_grant' || attempt >= authConstants.silentCheckAttempts) {
        logger.info('session: no session from the silent check', code);
        return;
      }
      logger.warn('session: the provider refused the code of a silent check; asking for a new one');
    }
  }
}
