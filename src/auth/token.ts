import { authErrorCode } from '#machines/session.machine';
import { existingAuthClient } from './auth-client';
import { authMethods } from './auth-methods';

/**
 * Access tokens for the API client and the real-time hub (spec §7: every authenticated call sends
 * a bearer token; the audience comes from the auth configuration).
 *
 *   getAccessToken({ cacheMode: 'off' })   // fresh token (e.g. after verifying the email)
 *   tryGetAccessToken()                    // null when nobody is signed in (anonymous calls)
 *
 * A `login_required` answer from silent renewal tells the session machine (which logs out) and
 * is rethrown as a `NotSignedInError`. Tokens come through the identity provider's React provider
 * (`getAccessTokenSilently` of its hook), which mounts once the session's start-up check is over.
 */

export interface TokenOptions {
  cacheMode?: 'on' | 'off';
}

export class NotSignedInError extends Error {
  readonly code: string;
  constructor(code = 'login_required') {
    super(`No access token: ${code}`);
    this.name = 'NotSignedInError';
    this.code = code;
  }
}

let loginRequiredListener: (() => void) | null = null;

/** Wired once by src/app/live/session.ts: what to do when silent renewal says login_required. */
export function onLoginRequired(listener: (() => void) | null): void {
  loginRequiredListener = listener;
}

export async function getAccessToken(options: TokenOptions = {}): Promise<string> {
  const pending = existingAuthClient();
  if (!pending) throw new NotSignedInError('not_initialised');
  await pending;
  const auth = await authMethods();
  try {
    const token = await auth.getAccessTokenSilently({ cacheMode: options.cacheMode ?? 'on' });
    if (!token) throw new NotSignedInError('no_token');
    return token;
  } catch (error) {
    const code = authErrorCode(error, 'token_failed');
    if (code === 'login_required') {
      loginRequiredListener?.();
      throw new NotSignedInError(code);
    }
    throw error;
  }
}

/** A token when somebody is signed in, otherwise null (for calls that are anonymous when signed out). */
export async function tryGetAccessToken(options: TokenOptions = {}): Promise<string | null> {
  const pending = existingAuthClient();
  if (!pending) return null;
  const client = await pending;
  if (!(await client.isAuthenticated())) return null;
  try {
    return await getAccessToken(options);
  } catch (error) {
    if (error instanceof NotSignedInError) return null;
    throw error;
  }
}
