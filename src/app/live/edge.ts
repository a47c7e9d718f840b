import { type AnyRouter, useRouter } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { RuntimeConfig } from '../../../machines/app-bootstrap.machine';
import type { LoginConnection, SessionUser } from '../../../machines/domain';
import type { LoginParams, NavigateParams, SessionAnswer } from '../../../machines/practice-flow';
import type { LoginRequest } from '../../../machines/session.machine';
import { selectIsSettled, selectSessionStatus, selectUser } from '../../../machines/session.machine';
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

export async function settledSession(session: RootActors['session']): Promise<SessionAnswer> {
  const settled = await waitFor(session, selectIsSettled, { timeout: Number.POSITIVE_INFINITY });
  const user: SessionUser | null = selectSessionStatus(settled) === 'signedIn' ? selectUser(settled) : null;
  return { user };
}

export function hrefOf(params: NavigateParams): string {
  const search = new URLSearchParams(params.search ?? {}).toString();
  return search ? `${params.to}?${search}` : params.to;
}

export function routerNavigate(router: AnyRouter, params: NavigateParams): void {
  const href = hrefOf(params);
  if (params.replace) router.history.replace(href);
  else router.history.push(href);
}

export function loginRequestOf(params: LoginParams): LoginRequest {
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
