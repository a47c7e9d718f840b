import { type AnyRouter, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { NavigateParams } from '#machines/practice-flow';
import { sameOriginTarget } from '../../auth/return-to';

/**
 * The app's one navigation (decision 170), in a module of its own (the router and the return-target
 * rule only), so the screens that ship with the app (/server-error, the guards' pending screen)
 * use it without the rest of the edge.
 */

interface RouteNavigation {
  to: string;
  search: Record<string, string>;
  replace: boolean;
}

/** A route's path as a machine names it: one leading slash, no query, no hash. */
const isRoutePath = (to: string) => /^\/(?![/\\])[^?#]*$/.test(to);

function pageOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

/**
 * The one navigation of the app (a machine's `navigate` action, a screen's link to a stored
 * page): `router.navigate`, so the router builds the address with its own search serialisation
 * (src/app/search-serialization.ts). A route path (`/switch-practice`, with `search`) is given as
 * `{ to, search }` — machines do not know the route tree, so the options are the router's loose
 * shape; an address with its query or hash (a return target, a stored page) as `{ href }`, same
 * origin only (anything else goes to '/').
 */
export function routerNavigate(router: AnyRouter, params: NavigateParams): void {
  const replace = params.replace ?? false;
  if (params.search !== undefined || isRoutePath(params.to)) {
    const navigate = router.navigate as unknown as (options: RouteNavigation) => Promise<void>;
    void navigate({ to: params.to, search: params.search ?? {}, replace });
    return;
  }
  void router.navigate({ href: sameOriginTarget(params.to, pageOrigin()) ?? '/', replace });
}

/** The one navigation as a hook: `navigate({ to, search?, replace? })`. */
export function useNavigate(): (params: NavigateParams) => void {
  const router = useRouter();
  return useCallback((params: NavigateParams) => routerNavigate(router, params), [router]);
}
