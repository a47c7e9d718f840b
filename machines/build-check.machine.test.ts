import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import {
  type BuildCheckInput,
  type BuildInfo,
  buildCheckMachine,
  selectUpdateAvailable,
} from './build-check.machine';
import { buildCheckDelays } from './constants';

/** Answers each fetch with the next queued build time (or an error). */
function setupActor(input: BuildCheckInput, answers: Array<string | Error>) {
  const queue = [...answers];
  const persistVersion = vi.fn();
  const rememberChunkReload = vi.fn();
  const reloadPage = vi.fn();
  const fetchCount = { n: 0 };
  const machine = buildCheckMachine.provide({
    actors: {
      fetchBuildInfo: fromPromise<BuildInfo>(async () => {
        fetchCount.n++;
        const next = queue.shift();
        if (next === undefined) return new Promise<BuildInfo>(() => {});
        if (next instanceof Error) throw next;
        return { buildTime: next };
      }),
    },
    actions: {
      persistVersion: (_, params) => persistVersion(params.buildTime),
      rememberChunkReload: (_, params) => rememberChunkReload(params.buildTime),
      reloadPage,
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input, clock });
  actor.start();
  return { actor, clock, persistVersion, rememberChunkReload, reloadPage, fetchCount };
}

const settled = (actor: ReturnType<typeof setupActor>['actor']) =>
  waitFor(actor, (s) => !s.hasTag('checking'));

describe('build-check machine', () => {
  it('stores the build time the first time (no appVersion cookie)', async () => {
    const t = setupActor({ storedVersion: null }, ['2026-11-22T10:00:00Z']);
    const s = await settled(t.actor);
    expect(s.value).toBe('upToDate');
    expect(t.persistVersion).toHaveBeenCalledWith('2026-11-22T10:00:00Z');
    expect(s.context.storedVersion).toBe('2026-11-22T10:00:00Z');
  });

  it('at start, a different stored version is replaced silently (the page just loaded is that build)', async () => {
    const t = setupActor({ storedVersion: 'old' }, ['new']);
    const s = await settled(t.actor);
    expect(selectUpdateAvailable(s)).toBe(false);
    expect(t.persistVersion).toHaveBeenCalledWith('new');
  });

  it('same version: nothing is written', async () => {
    const t = setupActor({ storedVersion: 'v1' }, ['v1']);
    await settled(t.actor);
    expect(t.persistVersion).not.toHaveBeenCalled();
  });

  it('re-checks every 5 minutes and prompts when a newer build is published; Reload reloads', async () => {
    const t = setupActor({ storedVersion: 'v1' }, ['v1', 'v1', 'v2']);
    await settled(t.actor);
    t.clock.increment(buildCheckDelays.recheckInterval - 1);
    expect(t.fetchCount.n).toBe(1);
    t.clock.increment(1);
    expect(t.fetchCount.n).toBe(2);
    await settled(t.actor);
    t.clock.increment(buildCheckDelays.recheckInterval);
    const s = await waitFor(t.actor, (x) => selectUpdateAvailable(x));
    expect(s.context.latestVersion).toBe('v2');
    expect(t.reloadPage).not.toHaveBeenCalled();
    t.actor.send({ type: 'build.reload' });
    expect(t.reloadPage).toHaveBeenCalledTimes(1);
    expect(t.actor.getSnapshot().status).toBe('done');
  });

  it('Later dismisses the prompt for that build; a later build prompts again', async () => {
    const t = setupActor({ storedVersion: 'v1' }, ['v1', 'v2', 'v2', 'v3']);
    await settled(t.actor);
    t.actor.send({ type: 'app.visible' });
    await waitFor(t.actor, (x) => selectUpdateAvailable(x));
    t.actor.send({ type: 'build.dismiss' });
    expect(selectUpdateAvailable(t.actor.getSnapshot())).toBe(false);
    t.actor.send({ type: 'app.visible' });
    const again = await settled(t.actor);
    expect(selectUpdateAvailable(again)).toBe(false);
    t.actor.send({ type: 'app.visible' });
    const v3 = await waitFor(t.actor, (x) => selectUpdateAvailable(x));
    expect(v3.context.latestVersion).toBe('v3');
    expect(t.reloadPage).not.toHaveBeenCalled();
  });

  it('a failing fetch keeps the app running and records an error code', async () => {
    const t = setupActor({ storedVersion: 'v1' }, [new Error('offline')]);
    const s = await settled(t.actor);
    expect(s.value).toBe('upToDate');
    expect(s.context.error).toBe('fetchFailed');
  });

  it('chunk failure after a deploy reloads once, remembering the build', async () => {
    const t = setupActor({ storedVersion: 'v1' }, ['v1', 'v2']);
    await settled(t.actor);
    t.actor.send({ type: 'build.chunkFailed' });
    await waitFor(t.actor, (x) => x.status === 'done');
    expect(t.rememberChunkReload).toHaveBeenCalledWith('v2');
    expect(t.reloadPage).toHaveBeenCalledTimes(1);
  });

  it('never loops: after reloading for a build, another chunk failure for it shows the prompt instead', async () => {
    // The reloaded tab still runs an old cached build (stored v1) and v2 was already tried.
    const t = setupActor({ storedVersion: 'v1', chunkReloadedFor: 'v2' }, ['v1', 'v2']);
    await settled(t.actor);
    t.actor.send({ type: 'build.chunkFailed' });
    const s = await waitFor(t.actor, (x) => selectUpdateAvailable(x));
    expect(s.context.latestVersion).toBe('v2');
    expect(t.reloadPage).not.toHaveBeenCalled();
  });

  it('chunk failure without a new build does not reload', async () => {
    const t = setupActor({ storedVersion: 'v1' }, ['v1', 'v1']);
    await settled(t.actor);
    t.actor.send({ type: 'build.chunkFailed' });
    const s = await settled(t.actor);
    expect(s.value).toBe('upToDate');
    expect(t.reloadPage).not.toHaveBeenCalled();
  });
});
