// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { type HubListenerEvent, hubConnectionMachine } from '#machines/hub-connection.machine';
import { ConnectionGate } from './connection-gate';
import { HubConnectionActorContext } from './context';

function arrange(mode: 'always' | 'once' | undefined) {
  let started: (() => void) | null = null;
  let sendBack: ((event: HubListenerEvent) => void) | null = null;
  const actor = createActor(
    hubConnectionMachine.provide({
      actors: {
        startConnection: fromPromise<void>(() => new Promise<void>((resolve) => (started = resolve))),
        stopConnection: fromPromise<void>(async () => undefined),
        listenToHub: fromCallback<{ type: 'none' }, undefined, HubListenerEvent>(({ sendBack: send }) => {
          sendBack = send;
        }),
      },
    }),
  );
  actor.start();
  render(
    <HubConnectionActorContext.Provider value={actor}>
      <ConnectionGate {...(mode ? { mode } : {})} fallback={<p>waiting</p>}>
        <p>live content</p>
      </ConnectionGate>
    </HubConnectionActorContext.Provider>,
  );
  return {
    actor,
    connect: async () => {
      actor.send({ type: 'hub.connect' });
      await act(async () => {
        started?.();
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    },
    hub: (event: HubListenerEvent) => act(() => sendBack?.(event)),
  };
}

describe('ConnectionGate', () => {
  it('default (always): children only while connected', async () => {
    const t = arrange(undefined);
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(screen.queryByText('live content')).toBeNull();
    await t.connect();
    expect(screen.getByText('live content')).toBeTruthy();
    t.hub({ type: 'hub.reconnecting', error: 'connectionLost' });
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(screen.queryByText('live content')).toBeNull();
    t.hub({ type: 'hub.reconnected' });
    expect(screen.getByText('live content')).toBeTruthy();
  });

  it("'once': children after having been connected once, even while reconnecting", async () => {
    const t = arrange('once');
    expect(screen.getByText('waiting')).toBeTruthy();
    await t.connect();
    expect(screen.getByText('live content')).toBeTruthy();
    t.hub({ type: 'hub.reconnecting', error: null });
    expect(screen.getByText('live content')).toBeTruthy();
    t.hub({ type: 'hub.closed', error: 'connectionLost' });
    expect(screen.getByText('live content')).toBeTruthy();
  });
});
