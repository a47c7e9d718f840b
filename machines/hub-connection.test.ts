import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { realtime, realtimeRetryDelays } from './constants';
import type { UserStateMessage } from './domain';
import { type HubErrorCode, type HubListenerEvent, hubConnectionMachine } from './hub-connection.machine';
import {
  selectConnectionError,
  selectConnectionState,
  selectDisconnecting,
  selectHasBeenConnected,
  selectIsConnected,
  selectTryingToConnect,
} from './hub-connection.selectors';

interface Deferred {
  resolve(): void;
  reject(error: unknown): void;
}

/** Arrange: the real machine with controllable fake actors, spy actions and a simulated clock. */
function arrange(options: { listenerThrows?: boolean } = {}) {
  const starts: Deferred[] = [];
  const stops: Deferred[] = [];
  let sendBack: ((event: HubListenerEvent) => void) | null = null;
  const notifyDisconnected = vi.fn<(error: HubErrorCode) => void>();
  const notifyReconnected = vi.fn();
  const deliverMessage = vi.fn<(message: UserStateMessage) => void>();
  const clock = new SimulatedClock();
  const machine = hubConnectionMachine.provide({
    actors: {
      startConnection: fromPromise<void>(
        () =>
          new Promise<void>((resolve, reject) => {
            starts.push({ resolve, reject });
          }),
      ),
      stopConnection: fromPromise<void>(
        () =>
          new Promise<void>((resolve, reject) => {
            stops.push({ resolve, reject });
          }),
      ),
      listenToHub: fromCallback<{ type: 'none' }, undefined, HubListenerEvent>(({ sendBack: send }) => {
        if (options.listenerThrows) throw new Error('listener failed');
        sendBack = send;
      }),
    },
    actions: {
      notifyDisconnected: (_, params) => notifyDisconnected(params.error),
      notifyReconnected: () => notifyReconnected(),
      deliverMessage: (_, params) => deliverMessage(params.message),
    },
  });
  const actor = createActor(machine, { clock });
  actor.start();
  const hub = (event: HubListenerEvent) => {
    if (!sendBack) throw new Error('listener not running');
    sendBack(event);
  };
  const flags = () => {
    const s = actor.getSnapshot();
    return {
      state: selectConnectionState(s),
      isConnected: selectIsConnected(s),
      hasBeenConnected: selectHasBeenConnected(s),
      tryingToConnect: selectTryingToConnect(s),
      disconnecting: selectDisconnecting(s),
    };
  };
  return { actor, clock, starts, stops, hub, flags, notifyDisconnected, notifyReconnected, deliverMessage };
}

/** Lets settled promises of fake actors reach the machine. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function connected() {
  const t = arrange();
  t.actor.send({ type: 'hub.connect' });
  t.starts[0]?.resolve();
  await settle();
  expect(t.actor.getSnapshot().value).toEqual({ connected: 'active' });
  return t;
}

describe('hub connection machine', () => {
  it('starts disconnected with every flag down', () => {
    const t = arrange();
    expect(t.actor.getSnapshot().value).toEqual({ disconnected: 'idle' });
    expect(t.flags()).toEqual({
      state: 'Disconnected',
      isConnected: false,
      hasBeenConnected: false,
      tryingToConnect: false,
      disconnecting: false,
    });
  });

  it('hub.connect connects if disconnected: Connecting, then Connected', async () => {
    const t = arrange();
    t.actor.send({ type: 'hub.connect' });
    expect(t.flags()).toMatchObject({ state: 'Connecting', isConnected: false, tryingToConnect: true });
    t.starts[0]?.resolve();
    await settle();
    expect(t.flags()).toEqual({
      state: 'Connected',
      isConnected: true,
      hasBeenConnected: true,
      tryingToConnect: false,
      disconnecting: false,
    });
  });

  it('one socket, one connection: connect while connecting or connected is ignored', async () => {
    const t = arrange();
    t.actor.send({ type: 'hub.connect' });
    t.actor.send({ type: 'hub.connect' });
    expect(t.starts).toHaveLength(1);
    t.starts[0]?.resolve();
    await settle();
    t.actor.send({ type: 'hub.connect' });
    expect(t.starts).toHaveLength(1);
    expect(t.actor.getSnapshot().value).toEqual({ connected: 'active' });
  });

  it('a failed start marks not connected, reports the code and retries after startRetryDelay', async () => {
    const t = arrange();
    t.actor.send({ type: 'hub.connect' });
    t.starts[0]?.reject({ code: 'negotiateFailed' });
    await settle();
    expect(t.actor.getSnapshot().value).toEqual({ disconnected: 'retrying' });
    expect(t.flags()).toMatchObject({ state: 'Disconnected', isConnected: false, tryingToConnect: true });
    expect(t.notifyDisconnected).toHaveBeenCalledExactlyOnceWith('negotiateFailed');
    expect(selectConnectionError(t.actor.getSnapshot())).toBe('negotiateFailed');
    t.clock.increment(realtimeRetryDelays.startRetryDelay - 1);
    expect(t.starts).toHaveLength(1);
    t.clock.increment(1);
    expect(t.actor.getSnapshot().value).toEqual({ connecting: 'starting' });
    expect(t.starts).toHaveLength(2);
    t.starts[1]?.resolve();
    await settle();
    expect(selectConnectionError(t.actor.getSnapshot())).toBeNull();
  });

  it('maps anything that is not a known code to unknown', async () => {
    const t = arrange();
    t.actor.send({ type: 'hub.connect' });
    t.starts[0]?.reject(new Error('boom'));
    await settle();
    expect(t.notifyDisconnected).toHaveBeenCalledWith('unknown');
  });

  it.each(['hub.connect', 'app.visible'] as const)('while retrying, %s connects at once', async (type) => {
    const t = arrange();
    t.actor.send({ type: 'hub.connect' });
    t.starts[0]?.reject({ code: 'noTransport' });
    await settle();
    t.actor.send({ type });
    expect(t.actor.getSnapshot().value).toEqual({ connecting: 'starting' });
    expect(t.starts).toHaveLength(2);
  });

  it('while retrying, hub.disconnect gives up the retry', async () => {
    const t = arrange();
    t.actor.send({ type: 'hub.connect' });
    t.starts[0]?.reject({ code: 'noTransport' });
    await settle();
    t.actor.send({ type: 'hub.disconnect' });
    expect(t.actor.getSnapshot().value).toEqual({ disconnected: 'idle' });
    t.clock.increment(realtimeRetryDelays.calmRetryDelay * 2);
    expect(t.starts).toHaveLength(1);
  });

  it('reconnecting marks not connected; reconnected marks connected and notifies', async () => {
    const t = await connected();
    t.hub({ type: 'hub.reconnecting', error: 'connectionLost' });
    expect(t.flags()).toEqual({
      state: 'Reconnecting',
      isConnected: false,
      hasBeenConnected: true,
      tryingToConnect: true,
      disconnecting: false,
    });
    t.hub({ type: 'hub.reconnected' });
    expect(t.flags()).toMatchObject({ state: 'Connected', isConnected: true });
    expect(t.notifyReconnected).toHaveBeenCalledOnce();
    expect(selectConnectionError(t.actor.getSnapshot())).toBeNull();
  });

  it('when automatic reconnect gives up it rests, then retries every calmRetryDelay', async () => {
    const t = await connected();
    t.hub({ type: 'hub.reconnecting', error: null });
    t.hub({ type: 'hub.closed', error: null });
    expect(t.actor.getSnapshot().value).toEqual({ disconnected: 'resting' });
    expect(t.notifyDisconnected).toHaveBeenCalledExactlyOnceWith('connectionLost');
    expect(t.flags()).toMatchObject({ state: 'Disconnected', tryingToConnect: true, hasBeenConnected: true });
    t.clock.increment(realtimeRetryDelays.calmRetryDelay - 1);
    expect(t.starts).toHaveLength(1);
    t.clock.increment(1);
    expect(t.starts).toHaveLength(2);
    // That attempt fails too: back to the start-retry pace.
    t.starts[1]?.reject({ code: 'negotiateUnexpectedStatus' });
    await settle();
    expect(t.actor.getSnapshot().value).toEqual({ disconnected: 'retrying' });
  });

  it('when resting, the tab becoming visible connects at once', async () => {
    const t = await connected();
    t.hub({ type: 'hub.reconnecting', error: null });
    t.hub({ type: 'hub.closed', error: 'connectionLost' });
    t.actor.send({ type: 'app.visible' });
    expect(t.actor.getSnapshot().value).toEqual({ connecting: 'starting' });
  });

  it.each(['hub.connect', 'hub.disconnect'] as const)('when resting, %s is honoured', async (type) => {
    const t = await connected();
    t.hub({ type: 'hub.reconnecting', error: null });
    t.hub({ type: 'hub.closed', error: 'connectionLost' });
    t.actor.send({ type });
    expect(t.actor.getSnapshot().value).toEqual(
      type === 'hub.connect' ? { connecting: 'starting' } : { disconnected: 'idle' },
    );
  });

  it('a close while connected (no automatic reconnect) reports and retries', async () => {
    const t = await connected();
    t.hub({ type: 'hub.closed', error: null });
    expect(t.actor.getSnapshot().value).toEqual({ disconnected: 'retrying' });
    expect(t.notifyDisconnected).toHaveBeenCalledWith('connectionLost');
  });

  it('app.visible does nothing when nobody asked for a connection', () => {
    const t = arrange();
    t.actor.send({ type: 'app.visible' });
    expect(t.actor.getSnapshot().value).toEqual({ disconnected: 'idle' });
    expect(t.starts).toHaveLength(0);
  });

  describe('disconnect', () => {
    it('waits disconnectDelay, then stops', async () => {
      const t = await connected();
      t.actor.send({ type: 'hub.disconnect' });
      t.clock.increment(realtime.disconnectDelay - 1);
      expect(t.flags()).toMatchObject({ state: 'Connected', isConnected: true });
      expect(t.stops).toHaveLength(0);
      t.clock.increment(1);
      expect(t.flags()).toMatchObject({ state: 'Disconnecting', disconnecting: true, isConnected: false });
      expect(t.stops).toHaveLength(1);
      t.stops[0]?.resolve();
      await settle();
      expect(t.actor.getSnapshot().value).toEqual({ disconnected: 'idle' });
      expect(t.flags()).toMatchObject({ hasBeenConnected: true, tryingToConnect: false });
    });

    it('does not stop when hub.connect arrives meanwhile', async () => {
      const t = await connected();
      t.actor.send({ type: 'hub.disconnect' });
      t.clock.increment(100);
      t.actor.send({ type: 'hub.connect' });
      t.clock.increment(realtime.disconnectDelay * 5);
      expect(t.actor.getSnapshot().value).toEqual({ connected: 'active' });
      expect(t.stops).toHaveLength(0);
      expect(t.starts).toHaveLength(1);
    });

    it('a disconnect while connecting applies once connected', async () => {
      const t = arrange();
      t.actor.send({ type: 'hub.connect' });
      t.actor.send({ type: 'hub.disconnect' });
      expect(t.actor.getSnapshot().value).toEqual({ connecting: 'stopRequested' });
      t.starts[0]?.resolve();
      await settle();
      expect(t.actor.getSnapshot().value).toEqual({ connected: 'stopPending' });
      t.clock.increment(realtime.disconnectDelay);
      expect(t.actor.getSnapshot().value).toEqual({ disconnecting: 'stopping' });
    });

    it('connect after disconnect while connecting cancels it', async () => {
      const t = arrange();
      t.actor.send({ type: 'hub.connect' });
      t.actor.send({ type: 'hub.disconnect' });
      t.actor.send({ type: 'hub.connect' });
      expect(t.actor.getSnapshot().value).toEqual({ connecting: 'starting' });
      t.starts[0]?.resolve();
      await settle();
      expect(t.actor.getSnapshot().value).toEqual({ connected: 'active' });
    });

    it('a failed start after a disconnect request is not retried nor reported', async () => {
      const t = arrange();
      t.actor.send({ type: 'hub.connect' });
      t.actor.send({ type: 'hub.disconnect' });
      t.starts[0]?.reject({ code: 'negotiateFailed' });
      await settle();
      expect(t.actor.getSnapshot().value).toEqual({ disconnected: 'idle' });
      expect(t.notifyDisconnected).not.toHaveBeenCalled();
      expect(selectConnectionError(t.actor.getSnapshot())).toBe('negotiateFailed');
    });

    it('a connect while stopping starts again once stopped', async () => {
      const t = await connected();
      t.actor.send({ type: 'hub.disconnect' });
      t.clock.increment(realtime.disconnectDelay);
      t.actor.send({ type: 'hub.connect' });
      expect(t.actor.getSnapshot().value).toEqual({ disconnecting: 'connectRequested' });
      t.actor.send({ type: 'hub.disconnect' });
      expect(t.actor.getSnapshot().value).toEqual({ disconnecting: 'stopping' });
      t.actor.send({ type: 'hub.connect' });
      t.stops[0]?.resolve();
      await settle();
      expect(t.actor.getSnapshot().value).toEqual({ connecting: 'starting' });
      expect(t.starts).toHaveLength(2);
    });

    it('a failed stop still ends disconnected (stopFailed), or connecting when asked', async () => {
      const t = await connected();
      t.actor.send({ type: 'hub.disconnect' });
      t.clock.increment(realtime.disconnectDelay);
      t.stops[0]?.reject(new Error('stop failed'));
      await settle();
      expect(t.actor.getSnapshot().value).toEqual({ disconnected: 'idle' });
      expect(selectConnectionError(t.actor.getSnapshot())).toBe('stopFailed');

      t.actor.send({ type: 'hub.connect' });
      t.starts[1]?.resolve();
      await settle();
      t.actor.send({ type: 'hub.disconnect' });
      t.clock.increment(realtime.disconnectDelay);
      t.actor.send({ type: 'hub.connect' });
      t.stops[1]?.reject(new Error('stop failed'));
      await settle();
      expect(t.actor.getSnapshot().value).toEqual({ connecting: 'starting' });
    });

    it('while reconnecting: waits, can be cancelled, or stops', async () => {
      const t = await connected();
      t.hub({ type: 'hub.reconnecting', error: null });
      t.actor.send({ type: 'hub.disconnect' });
      expect(t.actor.getSnapshot().value).toEqual({ reconnecting: 'stopPending' });
      t.actor.send({ type: 'hub.connect' });
      expect(t.actor.getSnapshot().value).toEqual({ reconnecting: 'waiting' });
      t.actor.send({ type: 'hub.disconnect' });
      t.clock.increment(realtime.disconnectDelay);
      expect(t.actor.getSnapshot().value).toEqual({ disconnecting: 'stopping' });
    });

    it('reconnected during the wait keeps waiting to stop', async () => {
      const t = await connected();
      t.hub({ type: 'hub.reconnecting', error: null });
      t.actor.send({ type: 'hub.disconnect' });
      t.hub({ type: 'hub.reconnected' });
      expect(t.actor.getSnapshot().value).toEqual({ connected: 'stopPending' });
      expect(t.notifyReconnected).toHaveBeenCalledOnce();
      t.clock.increment(realtime.disconnectDelay);
      expect(t.actor.getSnapshot().value).toEqual({ disconnecting: 'stopping' });
    });
  });

  it('delivers received messages in any state', async () => {
    const t = await connected();
    const message: UserStateMessage = { type: 'profile', payload: { hasProfile: true } };
    t.hub({ type: 'hub.message', message });
    t.hub({ type: 'hub.reconnecting', error: null });
    t.hub({ type: 'hub.message', message });
    expect(t.deliverMessage).toHaveBeenCalledTimes(2);
    expect(t.deliverMessage).toHaveBeenCalledWith(message);
  });

  it('a failing listener is reported, never thrown', () => {
    const t = arrange({ listenerThrows: true });
    expect(t.notifyDisconnected).toHaveBeenCalledWith('unknown');
    expect(t.actor.getSnapshot().status).toBe('active');
  });
});
