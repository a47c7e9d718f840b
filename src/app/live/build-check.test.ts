import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  APP_VERSION_COOKIE,
  CHUNK_RELOAD_KEY,
  fetchBuildInfo,
  provideBuildCheck,
  readAppVersion,
  readBuildCheckInput,
  writeAppVersion,
} from './build-check';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A cookie jar with document.cookie's read/write semantics (enough for one path). */
function cookieDoc() {
  const jar = new Map<string, string>();
  return {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(value: string) {
      const [pair] = value.split(';');
      const [name, ...rest] = pair!.split('=');
      jar.set(name!.trim(), rest.join('='));
    },
    written: () => jar,
  };
}

describe('build-check edge', () => {
  it('GETs /meta.json?t=<now> without cache and returns the buildTime', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ buildTime: '2026-11-22T10:00:00.000Z' }));
    const info = await fetchBuildInfo({ fetch: fetchMock as unknown as typeof fetch, now: () => 1234 });
    expect(info).toEqual({ buildTime: '2026-11-22T10:00:00.000Z' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/meta.json?t=1234',
      expect.objectContaining({ cache: 'no-store' }),
    );
  });

  it('rejects a failed or malformed version file', async () => {
    const now = () => 1;
    await expect(
      fetchBuildInfo({ fetch: (async () => jsonResponse({}, 500)) as typeof fetch, now }),
    ).rejects.toThrow(/500/);
    await expect(
      fetchBuildInfo({ fetch: (async () => jsonResponse({ x: 1 })) as typeof fetch, now }),
    ).rejects.toThrow(/buildTime/);
  });

  it('reads and writes the appVersion cookie', () => {
    const doc = cookieDoc();
    expect(readAppVersion(doc)).toBeNull();
    writeAppVersion(doc, '2026-11-22T10:00:00.000Z');
    expect(doc.written().get(APP_VERSION_COOKIE)).toBe(encodeURIComponent('2026-11-22T10:00:00.000Z'));
    expect(readAppVersion({ cookie: `other=1; ${doc.cookie}` })).toBe('2026-11-22T10:00:00.000Z');
  });

  it('reads the machine input from the cookie and sessionStorage', () => {
    const storage = new Map([[CHUNK_RELOAD_KEY, 'v2']]);
    const input = readBuildCheckInput({
      document: { cookie: `${APP_VERSION_COOKIE}=v1` },
      sessionStorage: { getItem: (k) => storage.get(k) ?? null, setItem: () => {} },
    });
    expect(input).toEqual({ storedVersion: 'v1', chunkReloadedFor: 'v2' });
  });

  it('wires the machine: first visit stores the cookie; a chunk failure after a deploy marks and reloads once', async () => {
    const doc = cookieDoc();
    const storage = new Map<string, string>();
    const answers = ['v1', 'v2'];
    const reload = vi.fn();
    const machine = provideBuildCheck({
      fetch: (async () => jsonResponse({ buildTime: answers.shift() })) as typeof fetch,
      now: () => 1,
      document: doc,
      sessionStorage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) },
      reload,
    });
    const actor = createActor(machine, { input: { storedVersion: null } }).start();
    await waitFor(actor, (s) => s.matches('upToDate'));
    expect(readAppVersion(doc)).toBe('v1');
    actor.send({ type: 'build.chunkFailed' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(storage.get(CHUNK_RELOAD_KEY)).toBe('v2');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
