import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom, AnyActorRef, AnyStateMachine, InputFrom } from 'xstate';

/**
 * The one way a flow's actor is created (decision 170): `provide()` builds the provided machine
 * once (never on a re-render), the first `input()` wins, and the actor lives as long as the
 * component that holds it (a route's screen, or the app for the start-up and build-check actors).
 * Its own module, free of the API and the session, so the app's boot can use it.
 */
export function useFlowActor<TMachine extends AnyStateMachine>(
  provide: () => TMachine,
  input?: () => InputFrom<TMachine>,
): ActorRefFrom<TMachine> {
  const [machine] = useState(provide);
  const [first] = useState(input ?? (() => undefined));
  // useActorRef's options are typed per machine; here the machine is any flow's.
  const useRef = useActorRef as (machine: AnyStateMachine, options?: { input?: unknown }) => AnyActorRef;
  return useRef(machine, first === undefined ? undefined : { input: first }) as ActorRefFrom<TMachine>;
}
