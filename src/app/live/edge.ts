import { type AnyRouter, useRouter } from '@tanstack/react-router';
import { type ActorRefFrom, type SnapshotFrom, waitFor } from 'xstate';
import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import type { LoginConnection, SessionUser } from '#machines/domain';
import type { LoginParams, NavigateParams, SessionAnswer } from '#machines/practice-flow';
import {
  type LoginRequest,
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
import { api } from './api';
import { redirectToEnvironment, serverErrorPath } from './redirects';

/**
 * The edges a route's flow machine is given (spec §2, §6, §7): the root actors, the runtime
 * configuration, the settled session, router navigation, login through the session, the
 * allow-listed redirect and the API.
 */

// ───────────────────────────── session, navigation, login ─────────────────────────────

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
 * A machine's `navigate` action through the router: `router.navigate({ to, search, replace })`, so
 * the router builds the address (its own search serialisation, src/app/search-serialization.ts).
 * A machine names the route by its path, a string (machines do not know the route tree), so the
 * options are given the router's loose shape here; the router matches the path when it loads.
 */
export function routerNavigate(router: AnyRouter, params: NavigateParams): void {
  const navigate = router.navigate as unknown as (options: RouteNavigation) => Promise<void>;
  void navigate({ to: params.to, search: params.search ?? {}, replace: params.replace ?? false });
}

/** Navigation to an address of this origin, with its query and hash (a return target, a stored page). */
export function routerNavigateHref(router: AnyRouter, href: string, replace = false): void {
  void router.navigate({ href, replace });
}

interface RouteNavigation {
  to: string;
  search: Record<string, string>;
  replace: boolean;
}

function loginRequestOf(params: LoginParams): LoginRequest {
  const request: LoginRequest = { screenHint: params.screenHint, returnTo: params.returnTo };
  if (params.connection !== undefined) request.connection = params.connection as LoginConnection;
  return request;
}

export interface FlowEdges {
  actors: RootActors;
  config: RuntimeConfig;
  navigate(params: NavigateParams): void;
  /** Leaves the app for an allowed url; anything else goes to /server-error. */
  redirect(url: string | null | undefined): void;
  login(params: LoginParams): void;
  api(): Endpoints;
}

/** The edges of a route screen: root actors, config, router navigation, login through the session. */
export function useFlowEdges(): FlowEdges {
  const actors = useRootActors();
  const config = useRuntimeConfig();
  const router = useRouter();
  const navigate = (params: NavigateParams) => routerNavigate(router, params);
  return {
    actors,
    config,
    navigate,
    redirect: (url) =>
      redirectToEnvironment(url, config, {
        onRejected: (rejected) => {
          logger.warn('practices: refused a redirect outside the allowed origins', rejected);
          navigate({ to: serverErrorPath, replace: true });
        },
      }),
    login: (params) => actors.session.send({ type: 'session.login', request: loginRequestOf(params) }),
    api,
  };
}
