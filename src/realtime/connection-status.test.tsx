// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { type HubListenerEvent, hubConnectionMachine } from '#machines/hub-connection.machine';
import { renderWithProviders } from '../../tests/support/render';
import { ConnectionStatus } from './connection-status';
import { HubConnectionActorContext } from './context';

describe('ConnectionStatus', () => {
  it('says Reconnecting… only after a connection that was up is lost', async () => {
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
    );
    actor.start();
    renderWithProviders(
      <HubConnectionActorContext.Provider value={actor}>
        <ConnectionStatus />
      </HubConnectionActorContext.Provider>,
    );
    await act(async () => {
      actor.send({ type: 'hub.connect' });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.queryByText('Reconnecting…')).toBeNull();
    act(() => sendBack?.({ type: 'hub.reconnecting', error: 'connectionLost' }));
    expect((await screen.findByRole('status')).textContent).toContain('Reconnecting…');
    act(() => sendBack?.({ type: 'hub.reconnected' }));
    expect(screen.queryByText('Reconnecting…')).toBeNull();
  });
});
