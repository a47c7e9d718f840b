import { selectSessionStatus } from '#machines/session.machine';
import { useRuntimeConfig } from '../ui/runtime-config';
import { SessionSignInPendingView } from '../views/session/session-sign-in-pending-view';
import { useRootActors } from './actors-context';
import { useFailureExitsActor } from './live/failure-exits';

/**
 * The pending screen of the signed-in-only routes (those with `beforeLoad: requireSignedIn`):
 * spread `...signedInOnlyPending` into the route options. docs/decisions/022-guard-sign-in-pending.md.
 *
 * - `pendingMs: 0`: the router hands over to the pending screen at once, so the old page never
 *   stays on screen while the guard waits; the loading screen's own pop-in delay (500 ms) keeps a
 *   quick load from flashing a spinner.
 * - `pendingMinMs: 0`: no extra hold once the route is ready (the loading screen has its own timing).
 */
export function SignedInOnlyPending() {
  const { session } = useRootActors();
  const config = useRuntimeConfig();
  // Try again runs the guard again (it sends a new redirect login from the signed-out session);
  // Home goes to / (machines/failure-exits.machine.ts).
  const exits = useFailureExitsActor(() => ({ retryTo: null, retryWhenOnline: false }));
  return (
    <SessionSignInPendingView
      session={session}
      supportUrl={config.app.supportUrl ?? '/'}
      onRetry={() => exits.send({ type: 'exit.retry' })}
      onHome={() => exits.send({ type: 'exit.home' })}
      // Signed in (the route is slow to load): log out. Otherwise nobody is signed in and the
      // session may be on its way to the provider: start over, as the bootstrap screen does.
      onLogout={() =>
        selectSessionStatus(session.getSnapshot()) === 'signedIn'
          ? session.send({ type: 'session.logout' })
          : window.location.reload()
      }
    />
  );
}

export const signedInOnlyPending = {
  pendingComponent: SignedInOnlyPending,
  pendingMs: 0,
  pendingMinMs: 0,
} as const;
