import { type ActorRefFrom, type SnapshotFrom, waitFor } from 'xstate';
import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import type { SessionUser, UserState } from '#machines/domain';
import type { LoginParams, NavigateParams, SessionAnswer } from '#machines/practice-flow';
import {
  loginRequestOf,
  selectIsSettled,
  selectSessionStatus,
  selectUser,
  type sessionMachine,
} from '#machines/session.machine';
import type { Endpoints } from '../../api/endpoints';
import { logger } from '../../logger';
import { useRuntimeConfig } from '../../ui/runtime-config';
import { useRootActors } from '../actors-context';
import type { RootActors } from '../root-actors';
import { call } from './api';
import { useNavigate } from './navigate';
import { redirectToEnvironment, serverErrorPath } from './redirects';

/**
 * The one edge of the flows (decisions 170, 170): what every flow is given (`FlowEdges`), whose
 * actor a screen creates with `useFlowActor` (src/ui/flow-actor.ts): the root actors,
 * the runtime configuration, the settled session, the one navigation, the one login, the
 * allow-listed redirect and the one way to call the API (`call`, failures as `CallFailure`).
 * `.provide` happens only in src/app/live; machines decide, this file only carries out.
 */

// ───────────────────────────── session ─────────────────────────────

type SessionActor = ActorRefFrom<typeof sessionMachine>;

/**
 * The session's snapshot once it has settled (signed in or signed out, nothing under way), or once
 * `until` holds as well. The one wait on the session of the edge: the flows, the auth screens and
 * the guards use it.
 */
export function settledSnapshot(
  session: SessionActor,
  options: { until?: (snapshot: SnapshotFrom<SessionActor>) => boolean; signal?: AbortSignal } = {},
): Promise<SnapshotFrom<SessionActor>> {
  const { until, signal } = options;
  return waitFor(session, until ? (s) => selectIsSettled(s) && until(s) : selectIsSettled, {
    timeout: Number.POSITIVE_INFINITY,
    ...(signal ? { signal } : {}),
  });
}

/** The settled session as a flow machine reads it: the signed-in user, or null. */
export async function settledSession(session: SessionActor): Promise<SessionAnswer> {
  const settled = await settledSnapshot(session);
  const user: SessionUser | null = selectSessionStatus(settled) === 'signedIn' ? selectUser(settled) : null;
  return { user };
}

/**
 * The session asked to refresh (its `refreshSession` actor: a token with cacheMode 'off'), and the
 * fresh user once it has. A failed or signed-out refresh rejects with the session's error code
 * (`{ error }`, as the identity provider's SDK reports it).
 */
export async function refreshedSessionUser(session: SessionActor): Promise<SessionUser> {
  session.send({ type: 'session.refresh' });
  const settled = await settledSnapshot(session, { until: (s) => !s.hasTag('refreshing') });
  if (selectSessionStatus(settled) !== 'signedIn' || !settled.context.user) {
    throw Object.assign(new Error('Signed out while refreshing'), { error: 'login_required' });
  }
  if (settled.context.errorCode === 'refresh_failed' || settled.context.errorCode === 'timeout') {
    throw Object.assign(new Error('Refresh failed'), { error: settled.context.errorCode });
  }
  return settled.context.user;
}

// ───────────────────────────── login ─────────────────────────────

/** The one login (every caller's shape: `LoginParams`, made a request by `loginRequestOf`). */
export function login(session: SessionActor, params: LoginParams): void {
  session.send({
    type: 'session.login',
    request: loginRequestOf(params, session.getSnapshot().context.user),
  });
}

// ───────────────────────────── the user store ─────────────────────────────

type UserStoreSnapshot = { context: UserState & { error?: string | null } };

/**
 * The one watcher of the live user store (created if need be, src/app/root-actors.ts): `onStore`
 * with its snapshot at once and on every change, `onUnavailable` when the live state's code could
 * not be loaded (offline). `load` asks the store to (re)load first. `onConnection` is told whether
 * the hub connection that keeps the store up to date is up (its `connected` tag), at once and on
 * every change, before the store's first snapshot. Returns the stop function.
 */
export function watchUserStore(
  actors: Pick<RootActors, 'realtime'>,
  onStore: (snapshot: UserStoreSnapshot) => void,
  options: { load?: boolean; onUnavailable?: () => void; onConnection?: (connected: boolean) => void } = {},
): () => void {
  let stopped = false;
  const subscriptions: Array<{ unsubscribe(): void }> = [];
  actors.realtime.load().then(
    ({ userStore, hubConnection }) => {
      if (stopped) return;
      const { onConnection } = options;
      if (onConnection) {
        let connected: boolean | null = null;
        const onHub = (snapshot: { hasTag(tag: string): boolean }) => {
          const now = snapshot.hasTag('connected');
          if (now === connected) return;
          connected = now;
          onConnection(now);
        };
        onHub(hubConnection.getSnapshot());
        subscriptions.push(hubConnection.subscribe(onHub));
      }
      if (options.load) userStore.send({ type: 'store.load' });
      onStore(userStore.getSnapshot());
      subscriptions.push(userStore.subscribe(onStore));
    },
    () => {
      if (!stopped) options.onUnavailable?.();
    },
  );
  return () => {
    stopped = true;
    for (const subscription of subscriptions) subscription.unsubscribe();
  };
}

// ───────────────────────────── the edges of a flow ─────────────────────────────

export interface FlowEdges {
  actors: RootActors;
  config: RuntimeConfig;
  navigate(params: NavigateParams): void;
  /** Leaves the app for an allowed url; anything else goes to /server-error. */
  redirect(url: string | null | undefined): void;
  login(params: LoginParams): void;
  /** An API call (spec §7); a failure rejects with a `CallFailure` (src/app/live/api.ts). */
  call<T>(work: (endpoints: Endpoints) => Promise<T>): Promise<T>;
}

/** The edges of a flow with a given navigation (the router's, or a test's). */
export function flowEdges(
  actors: RootActors,
  config: RuntimeConfig,
  navigate: (params: NavigateParams) => void,
): FlowEdges {
  return {
    actors,
    config,
    navigate,
    redirect: (url) =>
      redirectToEnvironment(url, config, {
        onRejected: (rejected) => {
          logger.warn('edge: refused a redirect outside the allowed origins', rejected);
          navigate({ to: serverErrorPath, replace: true });
        },
      }),
    login: (params) => login(actors.session, params),
    call,
  };
}

/** The edges of a route screen: root actors, config, router navigation, login through the session. */
export function useFlowEdges(): FlowEdges {
  const actors = useRootActors();
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  return flowEdges(actors, config, navigate);
}
