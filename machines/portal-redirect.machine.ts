import { assign, fromPromise, setup } from 'xstate';
import type { ActivePracticeResponse } from './domain';
import { isSignedIn, type NavigateParams, type SessionAnswer } from './practice-flow';

/**
 * /mobile/* and /billing/* (spec §2): redirect to the regional portal with the same path and
 * query. Which portal: the active practice's environment; signed out (or no active practice),
 * the default region AU. The provided `redirectToPortal` builds the url on the portal's origin
 * and checks it against the allow-list (src/app/live/redirects.ts), so there is no open redirect.
 */

export interface PortalRedirectInput {
  /** The path as requested, e.g. `/mobile/x`. */
  path: string;
  /** The query string as requested, e.g. `?y=1` (or ''). */
  search: string;
}

export interface PortalRedirectContext extends PortalRedirectInput {
  environmentUrl: string | null;
}

export interface PortalTarget extends PortalRedirectInput {
  /** The active practice's environment, or null for the default region's portal. */
  environmentUrl: string | null;
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
  },
  guards: {
    isSignedIn: (_, params: { answer: SessionAnswer }) => isSignedIn(params.answer),
    hasActivePractice: (_, params: { response: ActivePracticeResponse }) => {
      const active = params.response?.activePractice;
      return Boolean(active?.hasActivePractice && active.environmentUrl);
    },
  },
}).createMachine({
  id: 'portalRedirect',
  context: ({ input }) => ({ path: input.path, search: input.search, environmentUrl: null }),
  initial: 'checkingSession',
  states: {
    checkingSession: {
      tags: ['busy'],
      invoke: {
        id: 'awaitSession',
        src: 'awaitSession',
        onDone: [
          {
            guard: { type: 'isSignedIn', params: ({ event }) => ({ answer: event.output }) },
            target: 'lookingUpActivePractice',
          },
          { target: 'redirecting' },
        ],
        onError: { target: 'redirecting' },
      },
    },
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
          environmentUrl: context.environmentUrl,
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
