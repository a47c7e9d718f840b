import type { CallFailure } from '#machines/practice-flow';
import { type ApiClient, createApiClient, isApiError } from '../../api/client';
import { createEndpoints, type Endpoints } from '../../api/endpoints';
import { NotSignedInError, tryGetAccessToken } from '../../auth/token';
import { logger } from '../../logger';

/**
 * The app's one API client and endpoint set (bearer token when signed in), and the one way a
 * call's failure reaches a machine: `call` maps whatever the client threw to `CallFailure`
 * (machines never see ApiError).
 */

/** The API client's errors as the machines read them. */
export function toCallFailure(error: unknown): CallFailure {
  if (error instanceof NotSignedInError) return { status: 401, message: null, fieldErrors: {} };
  if (isApiError(error)) {
    // The server's words: an error status's body, or a 200 answering { isSuccess: false, message }
    // (CUSTOM_ERROR, spec §8). Client-made messages (network down, timeout, unparseable, a body
    // without a message) are not the server's words: they carry their descriptor.
    const fromServer = error.code === 'HTTP_ERROR' || error.code === 'CUSTOM_ERROR';
    const message = fromServer && !error.messageDescriptor ? error.message : null;
    const failure: CallFailure = { status: error.status, message, fieldErrors: error.fieldErrors };
    if (error.code === 'CUSTOM_ERROR') failure.customError = true;
    // The server's retry hint (429), when it gave one.
    if (error.retryAfterSeconds !== null) failure.retryAfterSeconds = error.retryAfterSeconds;
    return failure;
  }
  return { status: 500, message: null, fieldErrors: {} };
}

export async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    logger.debug('api: call failed', error);
    throw toCallFailure(error);
  }
}

let sharedClient: ApiClient | null = null;
function apiClient(): ApiClient {
  sharedClient ??= createApiClient({
    baseUrl: '',
    getToken: async () => (await tryGetAccessToken()) ?? undefined,
  });
  return sharedClient;
}

let sharedEndpoints: Endpoints | null = null;
/** The endpoints of spec §3–§8, signed in when there is a session. */
export function api(): Endpoints {
  sharedEndpoints ??= createEndpoints(apiClient());
  return sharedEndpoints;
}
