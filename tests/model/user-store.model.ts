/**
 * Path spec of the user store machine (machines/user-store.machine.ts): the real machine with
 * payload variants for the events whose payload matters, so the generated paths reach every
 * state and transition.
 */
import type { EventObject } from 'xstate';
import { userStoreMachine } from '#machines/user-store.machine';
import { definePathSpec, doneEvent, errorEvent, unchanged } from '../support/paths';

const ev = <T extends EventObject>(event: T): EventObject => event;

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
  expected: {
    initial: 'idle',
    on: {
      'store.message': unchanged,
      'store.reset': 'idle',
      'store.load': { idle: 'loading', failed: 'loading' },
      'xstate.done.actor.fetchUserState': 'idle',
      'xstate.error.actor.fetchUserState': 'failed',
    },
  },
});
