/**
 * What the views see in the atlas harness instead of the live hooks (see seams-plugin.ts): the
 * actor the harness created for the state being shown, and fixed route params.
 */
import type { AnyActorRef } from 'xstate';
import { loadingDelays } from '../../machines/constants';

export const seamState: {
  actor: AnyActorRef | null;
  search: Record<string, unknown>;
  params: Record<string, string>;
  /**
   * The loading pop-in is skipped: set while the atlas photographs (a busy screen shows its
   * spinner at once, as it does 500 ms later in the app); the viewer's live walk keeps the real
   * delay.
   */
  instantPopIn: boolean;
} = { actor: null, search: {}, params: {}, instantPopIn: false };

/** The pop-in delay of the busy-indicator and loading machines in the harness (seams-plugin.ts). */
export function popInDelay(): number {
  return seamState.instantPopIn ? 0 : loadingDelays.popInDelay;
}

export function useSearch(): never {
  return seamState.search as never;
}

export function useParams(): never {
  return seamState.params as never;
}

const noop = () => undefined;
export function useRouter(): never {
  return {
    navigate: noop,
    subscribe: () => noop,
    history: { push: noop, replace: noop },
    preloadRoute: async () => undefined,
  } as never;
}
