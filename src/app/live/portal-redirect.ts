import { type ActorRefFrom, fromPromise } from 'xstate';
import { type PortalRedirectInput, portalRedirectMachine } from '#machines/portal-redirect.machine';
import { useFlowActor } from '../../ui/flow-actor';
import { type FlowEdges, settledSession, useFlowEdges } from './edge';
import { defaultRegion, portalUrlOf, samePathOn } from './redirects';

/**
 * Effects of the portal-redirect machine (spec §2 /mobile/*, /billing/*): the settled session,
 * GET /api/userpractice/active, navigation and the redirect (same path and query on the portal the
 * machine chose, allow-listed).
 */

export function providePortalRedirect(edges: FlowEdges): typeof portalRedirectMachine {
  return portalRedirectMachine.provide({
    actors: {
      awaitSession: fromPromise(() => settledSession(edges.actors.session)),
      fetchActivePractice: fromPromise(() => edges.call((api) => api.activePractice())),
    },
    actions: {
      navigate: (_, params) => edges.navigate(params),
      redirectToPortal: (_, params) =>
        edges.redirect(params.portalUrl ? samePathOn(params.portalUrl, params.path, params.search) : null),
    },
  });
}

export type PortalRedirectActor = ActorRefFrom<typeof portalRedirectMachine>;

/** The /mobile/* and /billing/* screen's actor: the requested address and the default region's portal. */
export function usePortalRedirectActor(
  target: Omit<PortalRedirectInput, 'defaultPortalUrl'>,
): PortalRedirectActor {
  const edges = useFlowEdges();
  return useFlowActor(
    () => providePortalRedirect(edges),
    () => ({ ...target, defaultPortalUrl: portalUrlOf(defaultRegion, edges.config) }),
  );
}
