import { type AnyRouter, useRouter } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { type ActorRefFrom, fromCallback, fromPromise, waitFor } from 'xstate';
import type { RuntimeConfig } from '../../../machines/app-bootstrap.machine';
import type { Invite, LoginConnection, SessionUser, UserPractice, UserState } from '../../../machines/domain';
import { portalRedirectMachine } from '../../../machines/portal-redirect.machine';
import type {
  CallFailure,
  LoginParams,
  NavigateParams,
  SessionAnswer,
} from '../../../machines/practice-flow';
import type { LoginRequest } from '../../../machines/session.machine';
import { selectIsSettled, selectSessionStatus, selectUser } from '../../../machines/session.machine';
import {
  type SwitchPracticeEvent,
  switchPracticeMachine,
  type UserStateView,
} from '../../../machines/switch-practice.machine';
import { type ApiClient, createApiClient, isApiError } from '../../api/client';
import { createEndpoints, type Endpoints } from '../../api/endpoints';
import { NotSignedInError, tryGetAccessToken } from '../../auth/token';
import { useRootActors, useRuntimeConfig } from '../actors-context';
import { logger } from '../logger';
import type { RootActors } from '../root-actors';
import { portalUrlOf, redirectToEnvironment, samePathOn, serverErrorPath } from './redirects';

/**
 * Effects of the practice flows (spec §2, §6, §7): /switch-practice and the /mobile/*, /billing/*
 * portal redirects, plus the edges shared with the landing and invite flows (src/app/live/
 * landing.ts, invites.ts): API calls with failures mapped to `CallFailure`, the settled session,
 * navigation, login, and the user store.
 */

// ───────────────────────────── calls ─────────────────────────────

/** The API client's errors as the machines read them (machines never see ApiError). */
export function toCallFailure(error: unknown): CallFailure {
  if (error instanceof NotSignedInError) return { status: 401, message: null, fieldErrors: {} };
  if (isApiError(error)) {
    // Client-made messages (network down, timeout, unparseable) are not the server's words.
    const message = error.code === 'HTTP_ERROR' && !error.messageDescriptor ? error.message : null;
    return { status: error.status, message, fieldErrors: error.fieldErrors };
  }
  return { status: 500, message: null, fieldErrors: {} };
}

export async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    logger.debug('practices: call failed', error);
    throw toCallFailure(error);
  }
}

let sharedClient: ApiClient | null = null;
function practiceClient(): ApiClient {
  sharedClient ??= createApiClient({
    baseUrl: '',
    getToken: async () => (await tryGetAccessToken()) ?? undefined,
  });
  return sharedClient;
}

/**
 * GET /api/userpractice/ read whole: the local stack (like the real API) answers the pending
 * invites beside `userPractices`; the declared endpoint returns the list only. Used only until
 * the real-time user store is a root actor.
 */
export async function fallbackLists(): Promise<{ userPractices: UserPractice[]; invites: Invite[] }> {
  const answer = await practiceClient().request<
    { userPractices?: UserPractice[]; invites?: Invite[] } | UserPractice[]
  >('/api/userpractice/');
  if (Array.isArray(answer)) return { userPractices: answer, invites: [] };
  return { userPractices: answer?.userPractices ?? [], invites: answer?.invites ?? [] };
}

let sharedEndpoints: Endpoints | null = null;
/** One endpoint set for the practice flows (bearer token when signed in). */
export function practiceApi(): Endpoints {
  sharedEndpoints ??= createEndpoints(practiceClient());
  return sharedEndpoints;
}

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

/** The user store and hub of the real-time engineer (read structurally; optional until they land). */
interface Watchable<TSnapshot> {
  getSnapshot(): TSnapshot;
  subscribe(listener: (snapshot: TSnapshot) => void): { unsubscribe(): void };
  send?(event: { type: string }): void;
}
type UserStoreLike = Watchable<{ context: UserState & { error?: string | null } }>;

export interface FlowEdges {
  actors: RootActors & { userStore?: UserStoreLike };
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
    api: practiceApi,
  };
}

// ───────────────────────────── switch practice ─────────────────────────────

function viewOfStore(state: UserState): UserStateView {
  return {
    practices: state.practices,
    practicesHasLoaded: state.practicesHasLoaded,
    invites: state.invites,
    email: state.email,
  };
}

export function provideSwitchPractice(edges: FlowEdges): typeof switchPracticeMachine {
  return switchPracticeMachine.provide({
    actors: {
      watchUserState: fromCallback<SwitchPracticeEvent>(({ sendBack }) => {
        const store = edges.actors.userStore;
        if (store) {
          const onStore = (snapshot: { context: UserState & { error?: string | null } }) => {
            // The list could not be loaded and nothing (the hub) has filled it: the screen says so.
            if (snapshot.context.error && !snapshot.context.practicesHasLoaded) {
              sendBack({ type: 'userState.failed' });
              return;
            }
            sendBack({ type: 'userState.changed', state: viewOfStore(snapshot.context) });
          };
          store.send?.({ type: 'store.load' });
          onStore(store.getSnapshot());
          const subscription = store.subscribe(onStore);
          return () => subscription.unsubscribe();
        }
        // Fallback until the real-time store is a root actor: the API list and the session's email.
        let stopped = false;
        void (async () => {
          try {
            const { user } = await settledSession(edges.actors.session);
            const lists = await call(() => fallbackLists());
            if (stopped) return;
            const verified = user?.email_verified === true;
            sendBack({
              type: 'userState.changed',
              state: {
                practices: lists.userPractices,
                practicesHasLoaded: true,
                invites: verified ? lists.invites : [],
                email: { address: user?.email ?? '', verified },
              },
            });
          } catch (error) {
            logger.warn('switch-practice: could not load the practices', error);
            if (!stopped) sendBack({ type: 'userState.failed' });
          }
        })();
        return () => {
          stopped = true;
        };
      }),
      activatePractice: fromPromise(({ input }) =>
        call(() => edges.api().setActivePractice(input.practiceKey)),
      ),
      acceptInvite: fromPromise<UserPractice, { practiceKey: string }>(({ input }) =>
        call(() => edges.api().acceptInvite(input.practiceKey)),
      ),
    },
    actions: {
      navigate: (_, params) => edges.navigate(params),
      redirectToEnvironment: (_, params) => edges.redirect(params.url),
    },
  });
}

export type SwitchPracticeActor = ActorRefFrom<typeof switchPracticeMachine>;

/** The /switch-practice screen's actor (lives as long as the screen). */
export function useSwitchPracticeActor(): SwitchPracticeActor {
  const edges = useFlowEdges();
  const [machine] = useState(() => provideSwitchPractice(edges));
  return useActorRef(machine);
}

// ───────────────────────────── portal redirect ─────────────────────────────

export function providePortalRedirect(edges: FlowEdges): typeof portalRedirectMachine {
  return portalRedirectMachine.provide({
    actors: {
      awaitSession: fromPromise(() => settledSession(edges.actors.session)),
      fetchActivePractice: fromPromise(() => call(() => edges.api().activePractice())),
    },
    actions: {
      navigate: (_, params) => edges.navigate(params),
      redirectToPortal: (_, params) => {
        const base = params.environmentUrl ?? portalUrlOf(null, edges.config);
        edges.redirect(base ? samePathOn(base, params.path, params.search) : null);
      },
    },
  });
}

export type PortalRedirectActor = ActorRefFrom<typeof portalRedirectMachine>;

export function usePortalRedirectActor(input: { path: string; search: string }): PortalRedirectActor {
  const edges = useFlowEdges();
  const [machine] = useState(() => providePortalRedirect(edges));
  return useActorRef(machine, { input });
}
