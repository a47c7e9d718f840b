import type { HubErrorCode } from '#machines/hub-connection.machine';

/**
 * Maps the SignalR client's connection errors (spec §8) to the machine's error codes, without
 * importing the client (this module is in the first bundle). The client marks some errors with
 * `errorType`; the others are recognised by the messages it throws (HttpConnection.ts).
 */
export function toHubErrorCode(error: unknown): HubErrorCode {
  if (!error || typeof error !== 'object') return 'unknown';
  const errorType = 'errorType' in error ? (error as { errorType: unknown }).errorType : undefined;
  const message = 'message' in error ? String((error as { message: unknown }).message) : '';
  if (/Negotiate redirection limit exceeded/i.test(message)) return 'negotiateRedirectLimit';
  if (/Unexpected status code returned from negotiate/i.test(message)) return 'negotiateUnexpectedStatus';
  if (errorType === 'FailedToNegotiateWithServerError' || /Failed to complete negotiation/i.test(message)) {
    return /Status code '401'/.test(message) ? 'unauthorized' : 'negotiateFailed';
  }
  if (
    errorType === 'UnsupportedTransportError' ||
    errorType === 'DisabledTransportError' ||
    errorType === 'FailedToStartTransportError' ||
    /Unable to connect to the server with any of the available transports/i.test(message) ||
    /None of the transports supported by the client are supported by the server/i.test(message)
  ) {
    return 'noTransport';
  }
  if (
    /Server timeout elapsed|WebSocket closed|connection was closed|Connection disconnected/i.test(message)
  ) {
    return 'connectionLost';
  }
  return 'unknown';
}
