import { GenericError } from '@auth0/auth0-spa-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authConstants } from '#machines/constants';
import { logger } from '../logger';
import { checkSessionSilently, type SilentCheckClient } from './silent-check';

// Spied, not replaced: this file shares its module registry (decision 140).
beforeEach(() => {
  vi.spyOn(logger, 'info').mockImplementation(() => false);
  vi.spyOn(logger, 'warn').mockImplementation(() => false);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A client whose silent token requests answer, in turn, with the given errors (or a token). */
function clientAnswering(...answers: (string | null)[]) {
  const getTokenSilently = vi.fn(async () => {
    const error = answers.shift() ?? null;
    if (error) throw new GenericError(error, `${error} from the provider`);
    return 'token';
  });
  const checkSession = vi.fn(async () => undefined);
  return {
    getTokenSilently,
    checkSession,
    client: { getTokenSilently, checkSession } as unknown as SilentCheckClient,
  };
}

describe('checkSessionSilently (decision 128)', () => {
  it('asks once more when the provider refused the code (invalid_grant), and keeps the session', async () => {
    const sdk = clientAnswering('invalid_grant', null);
    await checkSessionSilently(sdk.client, true);
    expect(sdk.getTokenSilently).toHaveBeenCalledTimes(2);
    expect(sdk.checkSession).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });

  it(`stops after ${authConstants.silentCheckAttempts} attempts, without throwing (signed out)`, async () => {
    const sdk = clientAnswering('invalid_grant', 'invalid_grant', 'invalid_grant');
    await expect(checkSessionSilently(sdk.client, true)).resolves.toBeUndefined();
    expect(sdk.getTokenSilently).toHaveBeenCalledTimes(authConstants.silentCheckAttempts);
  });

  it.each(['login_required', 'timeout', 'consent_required'])('takes %s as final', async (error) => {
    const sdk = clientAnswering(error, null);
    await expect(checkSessionSilently(sdk.client, true)).resolves.toBeUndefined();
    expect(sdk.getTokenSilently).toHaveBeenCalledTimes(1);
  });

  it('takes a network failure as final (no second wait for an unreachable provider)', async () => {
    const getTokenSilently = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const client = { getTokenSilently, checkSession: vi.fn() } as unknown as SilentCheckClient;
    await checkSessionSilently(client, true);
    expect(getTokenSilently).toHaveBeenCalledTimes(1);
  });

  it("without the SDK's flag, leaves the decision to the SDK's own checkSession()", async () => {
    const sdk = clientAnswering();
    await checkSessionSilently(sdk.client, false);
    expect(sdk.checkSession).toHaveBeenCalledTimes(1);
    expect(sdk.getTokenSilently).not.toHaveBeenCalled();
  });
});
