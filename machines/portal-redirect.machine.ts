import { assign, fromPromise, setup } from 'xstate';
import type { ActivePracticeResponse, SessionUser } from './domain';
import {
  awaitingSession,
  awaitingSessionGuards,
  type NavigateParams,
  type SessionAnswer,
} from './practice-flow';

/**
 * /mobile/* and /billing/* (spec §2): redirect to the regional portal with the same path and
 * query. Which portal: the active practice's environment; signed out (or no active practice),
 * the default region's portal (`defaultPortalUrl`, AU: the configured portal the edge reads from
 * the runtime configuration). The provided `redirectToPortal` builds the url on the portal's
 * origin and checks it against the allow-list (src/app/live/redirects.ts), so there is no open
 * redirect; no portal at all → /server-error.
 */

export interface PortalRedirectInput {
  /** The path as requested, e.g. `/mobile/x`. */
  path: string;
  /** The query string as requested, e.g. `?y=1` (or ''). */
  search: string;
  /** The default region's portal (spec §9: AU), from the runtime configuration; null when none is configured. */
  defaultPortalUrl: string | null;
}

export interface PortalRedirectContext extends PortalRedirectInput {
  user: SessionUser | null;
  environmentUrl: string | null;
  /** A session that could not be read counts as signed out (the default region's portal). */
  errorCode: 'session_failed' | null;
}

export interface PortalTarget {
  /** The active practice's environment, else the default region's portal (null: none configured). */
  portalUrl: string | null;
  path: string;
  search: string;
}

export const portalRedirectMachine = setup({
  types: {
    input: {} as PortalRedirectInput,
    context: {} as PortalRedirectContext,
  },
  actors: {
    awaitSession: fromPromise<SessionAnswer>(async () => ({ user: null })),
    fetchActivePractice: fromPromise<ActivePracticeResponse>(async () => {
      throw new Error('fetchActivePractice not provided');
    }),
  },
  actions: {
    navigate: (_, _params: NavigateParams) => undefined,
    redirectToPortal: (_, _params: PortalTarget) => undefined,
    assignUser: assign({ user: (_, answer: SessionAnswer) => answer.user }),
    assignSessionFailure: assign({ errorCode: 'session_failed' as const }),
  },
  guards: {
    ...awaitingSessionGuards,
    hasActivePractice: (_, params: { response: ActivePracticeResponse }) => {
      const active = params.response?.activePractice;
      return Boolean(active?.hasActivePractice && active.environmentUrl);
    },
  },
}).createMachine({
  id: 'portalRedirect',
  context: ({ input }) => ({
    path: input.path,
    search: input.search,
    defaultPortalUrl: input.defaultPortalUrl,
    user: null,
    environmentUrl: null,
    errorCode: null,
  }),
  initial: 'checkingSession',
  states: {
    checkingSession: awaitingSession({
      signedIn: 'lookingUpActivePractice',
      signedOut: 'redirecting',
      failed: 'redirecting',
    }),
    lookingUpActivePractice: {
      tags: ['busy'],
      invoke: {
        id: 'fetchActivePractice',
        src: 'fetchActivePractice',
        onDone: [
          {
            guard: { type: 'hasActivePractice', params: ({ event }) => ({ response: event.output }) },
            target: 'redirecting',
            actions: assign({ environmentUrl: ({ event }) => event.output.activePractice.environmentUrl }),
          },
          { target: 'redirecting' },
        ],
        onError: { target: 'failed' },
      },
    },
    redirecting: {
      tags: ['busy'],
      type: 'final',
      entry: {
        type: 'redirectToPortal',
        params: ({ context }) => ({
          portalUrl: context.environmentUrl ?? context.defaultPortalUrl,
          path: context.path,
          search: context.search,
        }),
      },
    },
    failed: {
      type: 'final',
      entry: { type: 'navigate', params: { to: '/server-error', replace: true } },
    },
  },
});
