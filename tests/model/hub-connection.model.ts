/**
 * Path spec of the hub connection machine (machines/hub-connection.machine.ts): the real machine with
 * payload variants for the events whose payload matters, so the generated paths reach every
 * state and transition.
 */
import type { EventObject } from 'xstate';
import { hubConnectionMachine } from '#machines/hub-connection.machine';
import { definePathSpec, doneEvent, errorEvent, unchanged } from '../support/paths';

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
  // Spec §4 "Real-time connection": one socket; a disconnect waits 200 ms and a connect meanwhile
  // cancels it; a failed start retries, a reconnect that gives up rests, both retry on app.visible.
  expected: {
    initial: 'disconnected.idle',
    on: {
      'hub.message': unchanged,
      'xstate.error.actor.hubListener': unchanged,
      'hub.connect': {
        'disconnected.idle': 'connecting.starting',
        'disconnected.retrying': 'connecting.starting',
        'disconnected.resting': 'connecting.starting',
        'connecting.stopRequested': 'connecting.starting',
        'connected.stopPending': 'connected.active',
        'reconnecting.stopPending': 'reconnecting.waiting',
        'disconnecting.stopping': 'disconnecting.connectRequested',
      },
      'app.visible': {
        'disconnected.retrying': 'connecting.starting',
        'disconnected.resting': 'connecting.starting',
      },
      'hub.disconnect': {
        'disconnected.retrying': 'disconnected.idle',
        'disconnected.resting': 'disconnected.idle',
        'connecting.starting': 'connecting.stopRequested',
        'connected.active': 'connected.stopPending',
        'reconnecting.waiting': 'reconnecting.stopPending',
        'disconnecting.connectRequested': 'disconnecting.stopping',
      },
      'xstate.after.startRetryDelay': 'connecting.starting',
      'xstate.after.calmRetryDelay': 'connecting.starting',
      'xstate.done.actor.startConnection': {
        'connecting.starting': 'connected.active',
        'connecting.stopRequested': 'connected.stopPending',
      },
      'xstate.error.actor.startConnection': {
        'connecting.starting': 'disconnected.retrying',
        'connecting.stopRequested': 'disconnected.idle',
      },
      'hub.reconnecting': { connected: 'reconnecting.waiting' },
      'hub.closed': { connected: 'disconnected.retrying', reconnecting: 'disconnected.resting' },
      'hub.reconnected': {
        'reconnecting.waiting': 'connected.active',
        'reconnecting.stopPending': 'connected.stopPending',
      },
      'xstate.after.disconnectDelay': {
        'connected.stopPending': 'disconnecting.stopping',
        'reconnecting.stopPending': 'disconnecting.stopping',
      },
      'xstate.done.actor.stopConnection': {
        'disconnecting.stopping': 'disconnected.idle',
        'disconnecting.connectRequested': 'connecting.starting',
      },
      'xstate.error.actor.stopConnection': {
        'disconnecting.stopping': 'disconnected.idle',
        'disconnecting.connectRequested': 'connecting.starting',
      },
    },
  },
});
