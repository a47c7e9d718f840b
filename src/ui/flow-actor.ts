import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import {
  type ActorRefFrom,
  type AnyActorRef,
  type AnyStateMachine,
  createActor,
  type InputFrom,
} from 'xstate';

/**
 * The one way a flow's actor is created (decision 170), by how long it lives:
 * - `useFlowActor`: as long as the component that holds it (a route's screen, a widget, or the
 *   app for the start-up and build-check actors). `provide()` builds the provided machine once
 *   (never on a re-render) and the first `input()` wins.
 * - `startFlowActor`: as long as the page (the root actors: session, live state, code recovery),
 *   started at once.
 * Its own module, free of the API and the session, so the boot and the UI can use it.
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

/** A flow's actor that lives as long as the page, started. */
export function startFlowActor<TMachine extends AnyStateMachine>(
  machine: TMachine,
  input?: InputFrom<TMachine>,
): ActorRefFrom<TMachine> {
  // createActor's options are typed per machine; here the machine is any flow's.
  const create = createActor as (machine: AnyStateMachine, options?: { input?: unknown }) => AnyActorRef;
  return create(machine, input === undefined ? undefined : { input }).start() as ActorRefFrom<TMachine>;
}
