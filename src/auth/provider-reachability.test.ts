import { describe, expect, it } from 'vitest';
import { checkProviderReachable, discoveryUrlOf, ProviderUnreachableError } from './provider-reachability';

describe('checkProviderReachable', () => {
  it("asks for the provider's discovery document", async () => {
    const asked: string[] = [];
    const fake: typeof fetch = async (input) => {
      asked.push(String(input));
      return new Response(null, { status: 200 });
    };
    await checkProviderReachable('http://localhost:4001', { timeoutMs: 1000, fetch: fake });
    expect(asked).toEqual(['http://localhost:4001/.well-known/openid-configuration']);
    expect(discoveryUrlOf('tenant.example.com/')).toBe(
      'https://tenant.example.com/.well-known/openid-configuration',
    );
  });

  it('any answer means reachable; a network failure means unreachable, with the code the session keeps', async () => {
    const answers: typeof fetch = async () => new Response('down', { status: 503 });
    await expect(
      checkProviderReachable('http://idp.test', { timeoutMs: 1000, fetch: answers }),
    ).resolves.toBe(undefined);
    const refused: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const failure = checkProviderReachable('http://idp.test', { timeoutMs: 1000, fetch: refused });
    await expect(failure).rejects.toBeInstanceOf(ProviderUnreachableError);
    await expect(failure).rejects.toMatchObject({ error: 'provider_unreachable' });
  });

  it('no answer within the timeout means unreachable', async () => {
    const hangs: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    await expect(
      checkProviderReachable('http://idp.test', { timeoutMs: 20, fetch: hangs }),
    ).rejects.toMatchObject({
      error: 'provider_unreachable',
    });
  });
});
