/**
 * What the views see in the atlas harness instead of the live hooks (see seams-plugin.ts): the
 * actor the harness created for the state being shown, and fixed route params.
 */
import type { AnyActorRef } from 'xstate';

export const seamState: {
  actor: AnyActorRef | null;
  search: Record<string, unknown>;
  params: Record<string, string>;
} = { actor: null, search: {}, params: {} };

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
