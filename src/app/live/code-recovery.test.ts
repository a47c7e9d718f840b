import { describe, expect, it } from 'vitest';
import { codeRecoveryDelays } from '#machines/constants';
import { probeOrigin, RECOVERY_RELOAD_KEY, readRecentlyReloaded } from './code-recovery';

/** The code-recovery machine's effects (decision 195). */
describe('probeOrigin', () => {
  it('asks /meta.json afresh, never from a cache, and counts an answer of 200 as the origin answering', async () => {
    const asked: Array<{ url: string; init: RequestInit | undefined }> = [];
    await probeOrigin({
      now: () => 1234,
      fetch: async (url, init) => {
        asked.push({ url: String(url), init });
        return new Response('{}', { status: 200 });
      },
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]?.url).toBe('/meta.json?t=1234');
    expect(asked[0]?.init?.cache).toBe('no-store');
  });

  it('a refused connection or an error status means the origin does not answer', async () => {
    await expect(
      probeOrigin({ now: () => 1, fetch: async () => Promise.reject(new TypeError('Failed to fetch')) }),
    ).rejects.toThrow('Failed to fetch');
    await expect(
      probeOrigin({ now: () => 1, fetch: async () => new Response('', { status: 502 }) }),
    ).rejects.toThrow('the origin answered 502');
  });
});

describe('readRecentlyReloaded', () => {
  const storage = (value: string | null) => ({ getItem: () => value, setItem: () => undefined });
  it('is true only within the reload loop window after a recovery reload', () => {
    const now = 10_000_000;
    const { reloadLoopWindow } = codeRecoveryDelays;
    expect(readRecentlyReloaded({ now: () => now, sessionStorage: storage(null) })).toBe(false);
    expect(readRecentlyReloaded({ now: () => now, sessionStorage: storage(String(now - 1000)) })).toBe(true);
    expect(
      readRecentlyReloaded({ now: () => now, sessionStorage: storage(String(now - reloadLoopWindow - 1)) }),
    ).toBe(false);
    expect(readRecentlyReloaded({ now: () => now, sessionStorage: storage('garbage') })).toBe(false);
    expect(readRecentlyReloaded({ now: () => now, sessionStorage: null })).toBe(false);
    expect(RECOVERY_RELOAD_KEY).toBe('code.recoveryReloadAt');
  });
});
