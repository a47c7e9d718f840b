import type { CallFailure } from '#machines/practice-flow';
import { type ApiClient, createApiClient, isApiError } from '../../api/client';
import { createEndpoints, type Endpoints } from '../../api/endpoints';
import { NotSignedInError, tryGetAccessToken } from '../../auth/token';
import { logger } from '../../logger';

/**
 * The one way the app calls the API: `call((api) => api.endpoint(…))`, on the app's one client
 * and endpoint set (bearer token when signed in; src/api/endpoints.ts declares each endpoint
 * once). A failure reaches the machine as a `CallFailure` (machines never see ApiError). Flows
 * get it as `edges.call` (./edge.ts). The configuration, asked for before sign-in and before
 * the first paint, has its anonymous client (./config.ts).
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

/** An API call (spec §7); a failure rejects with a `CallFailure`. */
export async function call<T>(work: (api: Endpoints) => Promise<T>): Promise<T> {
  try {
    return await work(api());
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
function api(): Endpoints {
  sharedEndpoints ??= createEndpoints(apiClient());
  return sharedEndpoints;
}
