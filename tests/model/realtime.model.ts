/**
 * Path specs of the real-time machines (hub connection, user store): the real machines with
 * payload variants for the events whose payload matters, so the generated paths reach every
 * state and transition.
 */
import type { EventObject } from 'xstate';
import { hubConnectionMachine } from '../../machines/hub-connection.machine';
import { userStoreMachine } from '../../machines/user-store.machine';
import { definePathSpec, doneEvent, errorEvent } from '../support/paths';

const ev = <T extends EventObject>(event: T): EventObject => event;

export const hubConnectionPathSpec = definePathSpec({
  name: 'hubConnection',
  machine: hubConnectionMachine,
  events: {
    'hub.reconnecting': [ev({ type: 'hub.reconnecting', error: 'connectionLost' })],
    'hub.closed': [ev({ type: 'hub.closed', error: null })],
    'hub.message': [ev({ type: 'hub.message', message: { type: 'profile', payload: { hasProfile: true } } })],
    'xstate.done.actor.startConnection': [doneEvent('startConnection')],
    'xstate.error.actor.startConnection': [errorEvent('startConnection', { code: 'negotiateFailed' })],
    'xstate.done.actor.stopConnection': [doneEvent('stopConnection')],
    'xstate.error.actor.stopConnection': [errorEvent('stopConnection', new Error('stop failed'))],
    'xstate.error.actor.hubListener': [errorEvent('hubListener', new Error('listener failed'))],
  },
});

export const userStorePathSpec = definePathSpec({
  name: 'userStore',
  machine: userStoreMachine,
  input: { email: { address: 'vet@example.com', verified: false } },
  events: {
    'store.message': [
      ev({
        type: 'store.message',
        message: {
          type: 'practices',
          payload: [
            { practiceKey: 'b', practiceName: 'B', environment: 'au', environmentUrl: 'https://au.example' },
            { practiceKey: 'a', practiceName: 'A', environment: 'au', environmentUrl: 'https://au.example' },
          ],
        },
      }),
    ],
    'xstate.done.actor.fetchUserState': [doneEvent('fetchUserState', { practices: [], hasProfile: true })],
    'xstate.error.actor.fetchUserState': [errorEvent('fetchUserState', new Error('500'))],
  },
});
