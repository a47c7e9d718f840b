import { authConstants } from '#machines/constants';
import type { SessionUser } from '#machines/domain';
import { selectSessionStatus } from '#machines/session.machine';
import { guardReturnTo, screenHintFor } from '../auth/return-to';
import { login, settledSnapshot } from './live/edge';
import { leaving } from './live/session';
import type { RouterContext } from './router-context';

/**
 * The authentication guard (spec §2) for a route's `beforeLoad`:
 *
 *   beforeLoad: requireSignedIn   (a function reference: an inline arrow defeats search-type inference)
 *   beforeLoad: requireSignedInWith({ returnTo: "/switch-practice" })
 *
 * Waits for the session to settle. Signed in → resolves with the user. Not authenticated →
 * starts a redirect login that returns to the callback-URL query parameter (CallbackUrl), else
 * the given return target, else the current path with query and hash (same-origin only); a path
 * containing 'signup' asks for the sign-up screen. While the browser leaves for the identity
 * provider the promise stays pending, so the route shows its pending component (the "alternative
 * layout while unauthenticated": `signedInOnlyPending` in src/app/guard-screens.tsx, which renders
 * the session: 'Signing you in...', or the failure with a retry when the login could not start;
 * the retry runs this guard again). docs/decisions/022-guard-sign-in-pending.md.
 */

export interface GuardLocation {
  pathname: string;
  searchStr: string;
  hash: string;
}

export interface GuardArgs {
  context: RouterContext;
  location: GuardLocation;
  /** TanStack aborts it when another navigation (or the retry) replaces this load. */
  abortController?: AbortController;
}

export interface GuardOptions {
  /** Return target used when the address has no CallbackUrl parameter. */
  returnTo?: string;
  /** Ask for the sign-up screen even if the path does not contain 'signup'. */
  screenHint?: 'signup' | 'login';
}

export function currentTargetOf(location: GuardLocation): string {
  const hash = location.hash ? `#${location.hash.replace(/^#/, '')}` : '';
  return `${location.pathname}${location.searchStr}${hash}`;
}

export async function requireSignedIn(
  { context, location, abortController }: GuardArgs,
  options: GuardOptions = {},
): Promise<{ user: SessionUser }> {
  const session = context.actors.session;
  const settled = await settledSnapshot(session, abortController ? { signal: abortController.signal } : {});
  if (selectSessionStatus(settled) === 'signedIn' && settled.context.user) {
    return { user: settled.context.user };
  }
  const params = new URLSearchParams(location.searchStr);
  const returnTo = guardReturnTo({
    callbackUrl: params.get(authConstants.callbackUrlParam),
    returnTo: options.returnTo,
    current: currentTargetOf(location),
    origin: window.location.origin,
  });
  login(session, {
    connection: undefined,
    returnTo,
    screenHint: options.screenHint ?? screenHintFor(location.pathname),
  });
  // Pending until the page leaves for the identity provider. If the login cannot start, the
  // session goes back to signedOut with an error code: the pending screen shows it with a retry
  // (router.invalidate(), which aborts this load and runs the guard again). Never settles meanwhile.
  return leaving();
}

/** `beforeLoad: requireSignedInWith({ screenHint: 'signup' })` — the guard with options. */
export function requireSignedInWith(options: GuardOptions) {
  return (args: GuardArgs) => requireSignedIn(args, options);
}
