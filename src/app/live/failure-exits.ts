import { type AnyRouter, useRouter } from '@tanstack/react-router';
import { fromCallback } from 'xstate';
import {
  type FailureExitsEvent,
  type FailureExitsInput,
  failureExitsMachine,
} from '#machines/failure-exits.machine';
import { useFlowActor } from '../../ui/flow-actor';
import { routerNavigate } from './navigate';

/**
 * The failure screens' ways out (machines/failure-exits.machine.ts) with the router's navigation
 * and invalidation, and the browser's `online` event. Only the router: these screens ship with
 * the app, without the rest of the edge.
 */
export function provideFailureExits(router: AnyRouter): typeof failureExitsMachine {
  return failureExitsMachine.provide({
    actions: {
      navigate: (_, params) => routerNavigate(router, params),
      rerun: () => void router.invalidate(),
    },
    actors: {
      watchOnline: fromCallback<FailureExitsEvent>(({ sendBack }) => {
        const online = () => sendBack({ type: 'exit.retry' });
        window.addEventListener('online', online);
        return () => window.removeEventListener('online', online);
      }),
    },
  });
}

/** The ways out of a failure screen (lives as long as the screen; the first input wins). */
export function useFailureExitsActor(input: () => FailureExitsInput) {
  const router = useRouter();
  return useFlowActor(() => provideFailureExits(router), input);
}
