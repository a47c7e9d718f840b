import { describe, expect, it } from 'vitest';
import { userMessageOf } from '#machines/practice-flow';
import { ApiError, createApiClient } from '../../api/client';
import { toCallFailure } from './api';

const answering = (status: number, body: unknown): typeof fetch =>
  (async () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    })) as unknown as typeof fetch;

async function failureOf(status: number, body: unknown) {
  const client = createApiClient({ baseUrl: 'http://api.test', fetch: answering(status, body) });
  try {
    await client.request('/api/userpractice/invite-code', { method: 'POST', body: {} });
  } catch (error) {
    return toCallFailure(error);
  }
  throw new Error('the call did not fail');
}

describe('toCallFailure', () => {
  // Spec §8: "Error bodies are read in three shapes: problem details (…), { isSuccess, message },
  // or a validation map." A 200 carrying { isSuccess: false, message } is a failure in the
  // server's own words: they reach the machine (and the screen) as they are.
  it('keeps the server message of a 200 answer { isSuccess: false, message }', async () => {
    const failure = await failureOf(200, { isSuccess: false, message: 'This invite code has expired.' });
    expect(failure).toEqual({
      status: 500,
      message: 'This invite code has expired.',
      fieldErrors: {},
      customError: true,
    });
    // What a form shows: the server's answer, not the default text.
    expect(userMessageOf(failure)).toBe('This invite code has expired.');
  });

  it("a 500's body is no message for the user (the form says its default)", async () => {
    const failure = await failureOf(500, { message: 'boom' });
    expect(failure.customError).toBeUndefined();
    expect(userMessageOf(failure)).toBeNull();
  });

  it('a 200 answer { isSuccess: false } without a message has no server words (the screen says its default)', async () => {
    const failure = await failureOf(200, { isSuccess: false });
    expect(failure.message).toBeNull();
  });

  it('keeps the message of an error status too, and drops client-made ones', async () => {
    expect((await failureOf(400, { isSuccess: false, message: 'Code unknown' })).message).toBe(
      'Code unknown',
    );
    const timeout = new ApiError({
      status: 408,
      code: 'TIMEOUT_ERROR',
      message: 'Request timed out, please try again',
      messageDescriptor: { id: 'api.error.timeout', defaultMessage: 'x', description: 'x' },
    });
    expect(toCallFailure(timeout).message).toBeNull();
  });
});
