import { describe, expect, it, vi } from 'vitest';
import { realtime } from '#machines/constants';
import { isUserStateMessage } from './actors';
import { reconnectPolicy, redactTokens } from './connection';
import { toHubErrorCode } from './errors';
import { resolveAccessTokenFactory } from './token';
import { watchVisibility } from './visibility';

describe('reconnect policy', () => {
  it('follows 0, 0, 2 s, 10 s, 30 s, then stops', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6].map((previousRetryCount) =>
      reconnectPolicy.nextRetryDelayInMilliseconds({
        previousRetryCount,
        elapsedMilliseconds: 0,
        retryReason: new Error('x'),
      }),
    );
    expect(delays).toEqual([0, 0, 2000, 10000, 30000, null, null]);
    expect(realtime.reconnectDelays).toEqual([0, 0, 2000, 10000, 30000]);
  });
});

/** The client's error classes are not exported; they are Errors carrying `errorType`. */
const typed = (errorType: string, message: string) => Object.assign(new Error(message), { errorType });
const negotiateError = (message: string) => typed('FailedToNegotiateWithServerError', message);

describe('connection error codes (spec §8)', () => {
  it('maps failure to negotiate, unexpected status, redirect limit and no transport', () => {
    expect(
      toHubErrorCode(
        negotiateError('Failed to complete negotiation with the server: TypeError: fetch failed'),
      ),
    ).toBe('negotiateFailed');
    expect(
      toHubErrorCode(
        negotiateError(
          "Failed to complete negotiation with the server: Error: Unauthorized: Status code '401'",
        ),
      ),
    ).toBe('unauthorized');
    expect(toHubErrorCode(new Error("Unexpected status code returned from negotiate '204'"))).toBe(
      'negotiateUnexpectedStatus',
    );
    expect(toHubErrorCode(new Error('Negotiate redirection limit exceeded.'))).toBe('negotiateRedirectLimit');
    expect(
      toHubErrorCode(
        new Error('None of the transports supported by the client are supported by the server.'),
      ),
    ).toBe('noTransport');
    expect(toHubErrorCode(typed('UnsupportedTransportError', 'no'))).toBe('noTransport');
    expect(toHubErrorCode(typed('FailedToStartTransportError', 'no'))).toBe('noTransport');
    expect(
      toHubErrorCode(new Error('Server timeout elapsed without receiving a message from the server.')),
    ).toBe('connectionLost');
    expect(toHubErrorCode('weird')).toBe('unknown');
    expect(toHubErrorCode(new Error('something else'))).toBe('unknown');
  });
});

describe('access token (spec §6)', () => {
  const silent = async () => 'silent';
  const custom = async () => 'custom';
  it('uses the silent provider token for a same-origin socket URL', () => {
    expect(
      resolveAccessTokenFactory({
        url: '/sockets/appstate',
        pageOrigin: 'https://app.local',
        getTokenSilently: silent,
      }),
    ).toBe(silent);
  });
  it('uses no token for another origin, unless a custom getter is given', () => {
    expect(
      resolveAccessTokenFactory({
        url: 'https://other.local/sockets/appstate',
        pageOrigin: 'https://app.local',
        getTokenSilently: silent,
      }),
    ).toBeUndefined();
    expect(
      resolveAccessTokenFactory({
        url: 'https://other.local/sockets/appstate',
        pageOrigin: 'https://app.local',
        getTokenSilently: silent,
        getAccessToken: custom,
      }),
    ).toBe(custom);
    expect(
      resolveAccessTokenFactory({
        url: '/sockets/appstate',
        pageOrigin: 'https://app.local',
        getTokenSilently: silent,
        getAccessToken: custom,
      }),
    ).toBe(custom);
  });
});

describe('message shape', () => {
  it('accepts the five message types with a payload, rejects the rest', () => {
    expect(isUserStateMessage({ type: 'invites', payload: [] })).toBe(true);
    expect(isUserStateMessage({ type: 'profile', payload: { hasProfile: true } })).toBe(true);
    expect(isUserStateMessage({ type: 'other', payload: [] })).toBe(false);
    expect(isUserStateMessage({ type: 'state' })).toBe(false);
    expect(isUserStateMessage('state')).toBe(false);
  });
});

describe('visibility', () => {
  it('sends app.visible when the tab becomes visible', () => {
    const listeners: Array<() => void> = [];
    const doc = {
      visibilityState: 'hidden' as DocumentVisibilityState,
      addEventListener: (_: string, listener: () => void) => listeners.push(listener),
      removeEventListener: vi.fn(),
    };
    const send = vi.fn();
    const stop = watchVisibility(send, doc as unknown as Document);
    listeners[0]?.();
    expect(send).not.toHaveBeenCalled();
    doc.visibilityState = 'visible';
    listeners[0]?.();
    expect(send).toHaveBeenCalledExactlyOnceWith({ type: 'app.visible' });
    stop();
    expect(doc.removeEventListener).toHaveBeenCalled();
  });
});

describe('log redaction', () => {
  it('never lets an access token reach a log line', () => {
    expect(
      redactTokens(
        'WebSocket connected to ws://localhost/sockets/appstate?id=abc&access_token=eyJ.a.b-c_d&x=1',
      ),
    ).toBe('WebSocket connected to ws://localhost/sockets/appstate?id=abc&access_token=[redacted]&x=1');
    expect(redactTokens('Authorization: Bearer eyJhbGciOi.J9.x_y')).toBe('Authorization: Bearer [redacted]');
  });
});
