import type { ActorRefFrom } from 'xstate';
import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import { codeRecoveryMachine } from '#machines/code-recovery.machine';
import { selectLiveState, type sessionMachine } from '#machines/session.machine';
import { loadCode } from '../code-loads';
import type { RealtimeRoot } from '../realtime/root';
import { startFlowActor } from '../ui/flow-actor';
import { createCodeRecoveryActor } from './live/code-recovery';
import { createSessionActor } from './live/session';
import { bindUserStorage } from './user-storage';

/**
 * The live user state (the user store and the hub connection, docs/realtime.md), created when it
 * is first needed: at the first sign-in, or when a flow asks for it (`load`). Its code (the two
 * machines and their effects) is loaded then, so a signed-out visitor never fetches it
 * (docs/decisions/181-boot-chunks-from-the-module-graph.md).
 */
export interface RealtimeHandle {
  /** The realtime root if it exists yet. */
  current(): RealtimeRoot | null;
  /** The realtime root, created (its code loaded) if it does not exist yet. */
  load(): Promise<RealtimeRoot>;
  /** Called once the root exists. */
  subscribe(listener: () => void): () => void;
}

/**
 * The long-lived actors of the app, created once after the configuration is loaded and handed
 * to the router context and to React (src/app/actors-context.tsx). Each is the pure machine from
 * machines/ with its effects provided by src/app/live/*.
 */
export interface RootActors {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The hub connection (five states of HubConnectionState) and the user store it keeps live. */
  realtime: RealtimeHandle;
  /** Recovery of lazily loaded code that failed to load (decision 195). */
  codeRecovery: ActorRefFrom<typeof codeRecoveryMachine>;
}

/** A handle on a realtime root that is created (or loaded) by `create`, once. */
export function realtimeHandle(create: () => Promise<RealtimeRoot>): RealtimeHandle {
  let root: RealtimeRoot | null = null;
  let loading: Promise<RealtimeRoot> | null = null;
  const listeners = new Set<() => void>();
  return {
    current: () => root,
    load() {
      loading ??= create().then(
        (created) => {
          root = created;
          for (const listener of listeners) listener();
          return created;
        },
        (error: unknown) => {
          // Its code could not be loaded (offline): the next sign-in or flow asks again.
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A handle on a root that exists already (tests, the prerender, the atlas). */
export function existingRealtime(root: Pick<RealtimeRoot, 'hubConnection' | 'userStore'>): RealtimeHandle {
  const full: RealtimeRoot = { ...root, stop: async () => undefined };
  return { current: () => full, load: async () => full, subscribe: () => () => undefined };
}

/**
 * A code-recovery actor with nothing to recover (tests, the prerender, the atlas): no load fails
 * there, so it stays idle; Try again on a route's error screen loads the route again.
 */
export function idleCodeRecovery(): ActorRefFrom<typeof codeRecoveryMachine> {
  return startFlowActor(codeRecoveryMachine, { recentlyReloaded: false });
}

export function createRootActors(config: RuntimeConfig): RootActors {
  const codeRecovery = createCodeRecoveryActor();
  const session = createSessionActor(config);
  bindUserStorage(session);
  const realtime = realtimeHandle(() =>
    loadCode('live state', () => import('./live/realtime')).then((m) => m.createRealtime(session)),
  );
  // Signed in: the live state starts (its code arrives with the first sign-in of the page).
  const follow = () => {
    if (selectLiveState(session.getSnapshot()) === 'connect') realtime.load().catch(() => undefined);
  };
  session.subscribe(follow);
  if (typeof window !== 'undefined') window.addEventListener('online', follow);
  follow();
  return { session, realtime, codeRecovery };
}
