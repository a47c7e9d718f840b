// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { type HubListenerEvent, hubConnectionMachine } from '#machines/hub-connection.machine';
import { renderWithProviders } from '../../tests/support/render';
import { HubConnectionActorContext } from './context';
import { LiveUpdatesNotice } from './live-updates-notice';

afterEach(cleanup);

describe('LiveUpdatesNotice', () => {
  it('nothing before the first connection or while connected; says the lists may be stale while a connection that was up is down', async () => {
    let sendBack: ((event: HubListenerEvent) => void) | null = null;
    const actor = createActor(
      hubConnectionMachine.provide({
        actors: {
          startConnection: fromPromise<void>(async () => undefined),
          stopConnection: fromPromise<void>(async () => undefined),
          listenToHub: fromCallback<{ type: 'none' }, undefined, HubListenerEvent>(({ sendBack: send }) => {
            sendBack = send;
          }),
        },
      }),
    ).start();
    renderWithProviders(
      <HubConnectionActorContext.Provider value={actor}>
        <LiveUpdatesNotice />
      </HubConnectionActorContext.Provider>,
    );
    const notice = () => screen.queryByTestId('live-updates-paused');
    expect(notice()).toBeNull();
    await act(async () => {
      actor.send({ type: 'hub.connect' });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(notice()).toBeNull();
    act(() => sendBack?.({ type: 'hub.reconnecting', error: 'connectionLost' }));
    expect(notice()?.textContent).toContain('Live updates are paused.');
    act(() => sendBack?.({ type: 'hub.reconnected' }));
    expect(notice()).toBeNull();
    act(() => sendBack?.({ type: 'hub.closed', error: 'connectionLost' }));
    expect(notice()).not.toBeNull();
  });
});
