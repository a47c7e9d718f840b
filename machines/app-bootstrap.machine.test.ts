import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { appBootstrapMachine, type RuntimeConfig } from './app-bootstrap.machine';
import { bootstrapDelays, loadingDelays } from './constants';
import { loadingMachine, selectLongLoading } from './loading.machine';

const config = { app: { loglevel: 'INFO', portals: [] }, auth: {} } as unknown as RuntimeConfig;

/** A configuration call that never answers (a hanging `/api/clientconfig/app`), or answers on demand. */
function start(answer: 'hang' | 'ok') {
  const clock = new SimulatedClock();
  const machine = appBootstrapMachine.provide({
    actors: {
      loadConfig: fromPromise<RuntimeConfig>(() =>
        answer === 'ok' ? Promise.resolve(config) : new Promise<RuntimeConfig>(() => undefined),
      ),
    },
  });
  const bootstrap = createActor(machine, { clock });
  // The loading screen shown meanwhile runs on the same clock.
  const loading = createActor(loadingMachine, { input: {}, clock });
  bootstrap.start();
  loading.start();
  return { bootstrap, loading, clock };
}

describe('start-up sequence (a hanging configuration call)', () => {
  it('keeps the long-loading message on screen before giving up, then fails with a code', () => {
    const { bootstrap, loading, clock } = start('hang');
    clock.increment(loadingDelays.longLoading);
    expect(selectLongLoading(loading.getSnapshot())).toBe(true);
    expect(bootstrap.getSnapshot().value).toBe('loadingConfig');
    // Never the same moment as the long-loading message: it stays readable for a while.
    expect(bootstrapDelays.configTimeout - loadingDelays.longLoading).toBeGreaterThanOrEqual(10_000);
    clock.increment(bootstrapDelays.configTimeout - loadingDelays.longLoading - 1);
    expect(bootstrap.getSnapshot().value).toBe('loadingConfig');
    clock.increment(1);
    expect(bootstrap.getSnapshot().value).toBe('failed');
    expect(bootstrap.getSnapshot().context.errorCode).toBe('config_timeout');
  });

  it('Try again starts a new wait of its own', () => {
    const { bootstrap, clock } = start('hang');
    clock.increment(bootstrapDelays.configTimeout);
    bootstrap.send({ type: 'bootstrap.retry' });
    expect(bootstrap.getSnapshot().value).toBe('loadingConfig');
    clock.increment(bootstrapDelays.configTimeout - 1);
    expect(bootstrap.getSnapshot().value).toBe('loadingConfig');
    clock.increment(1);
    expect(bootstrap.getSnapshot().value).toBe('failed');
  });

  it('a configuration that arrives is applied and the wait ends', async () => {
    const { bootstrap } = start('ok');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(bootstrap.getSnapshot().value).toBe('ready');
    expect(bootstrap.getSnapshot().context.config).toBe(config);
  });
});
