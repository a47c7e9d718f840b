import { Button } from '@mantine/core';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback, useContext, useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { codeRecoveryMachine, selectCodeMissing, selectRecovering } from '#machines/code-recovery.machine';
import { selectSessionStatus, type sessionMachine } from '#machines/session.machine';
import { logger } from '../logger';
import { GenericFailureScreen } from '../ui/errors/error-screen';
import { FailureActions } from '../ui/errors/failure-actions';
import { useFlowActor } from '../ui/flow-actor';
import { RuntimeConfigContext } from '../ui/runtime-config';
import { supportLinksOf } from '../ui/support-defaults';
import { RootActorsContext } from './actors-context';
import { isScreenLoadError } from './lazy-screen';

/**
 * The product's error boundary for every route (the root route's `errorComponent` and the router's
 * `defaultErrorComponent`): the spec's generic failure screen instead of the router's raw one,
 * with Try again, Logout when signed in, the support address and the visit-us link (built-in
 * addresses when the configuration is missing, decision 006). A screen that could not be loaded
 * (offline, the stack down) loads by itself once the app's origin answers again, in every engine
 * (the code-recovery machine, decision 195). Shipped with the first chunk, CSS included: a failure
 * path never waits on the network (decision 195).
 */
export function RouteErrorScreen({ error }: ErrorComponentProps) {
  const router = useRouter();
  const config = useContext(RuntimeConfigContext);
  const actors = useContext(RootActorsContext);
  const links = supportLinksOf(config?.app);
  const screenLoad = isScreenLoadError(error);

  useEffect(() => {
    logger.warn('route failed', error);
  }, [error]);

  // Loads the route again; the boundary resets once the new match is ready (its reset key is the
  // match), so the screen never re-renders half-loaded.
  const reload = useCallback(() => void router.invalidate(), [router]);
  const recovery = actors?.codeRecovery;
  // Outside the app there is no recovery actor: an idle one stands in, as long as this screen.
  const standIn = useFlowActor(
    () => codeRecoveryMachine,
    () => ({ recentlyReloaded: false }),
  );
  const watched = recovery ?? standIn;

  // A screen that could not be loaded: when to try again is the code-recovery machine's call
  // (decision 195). It tells this screen when the code has loaded (`code.resumed`); Try again asks
  // it to look now. Another failure: Try again loads the route again.
  useEffect(() => {
    if (!screenLoad || !recovery) return;
    const resumed = recovery.on('code.resumed', reload);
    // Recovered before this screen was shown: nothing is missing any more, load at once.
    if (!selectCodeMissing(recovery.getSnapshot())) recovery.send({ type: 'code.retry' });
    return () => resumed.unsubscribe();
  }, [screenLoad, recovery, reload]);

  const retry = useCallback(() => {
    if (screenLoad && recovery) recovery.send({ type: 'code.retry' });
    else reload();
  }, [screenLoad, recovery, reload]);
  const retrying = useSelector(watched, (s) => screenLoad && selectRecovering(s));
  // What failed, by kind only (never a message from the error): tests and support read it.
  const failedWith = error instanceof Error ? error.name : typeof error;
  const recoveryState = useSelector(watched, (s) => String(s.value));

  return (
    <GenericFailureScreen
      marketingSiteUrl={links.marketingSiteUrl}
      supportEmail={links.supportEmail}
      actions={
        <FailureActions
          data={{ 'data-failed-with': failedWith, 'data-recovery': recoveryState }}
          onRetry={retry}
          retrying={retrying}
          testId="route-error"
          supportUrl={links.supportUrl}
        >
          {actors ? <LogoutWhenSignedIn session={actors.session} /> : null}
        </FailureActions>
      }
    />
  );
}

function LogoutWhenSignedIn({ session }: { session: ActorRefFrom<typeof sessionMachine> }) {
  const signedIn = useSelector(session, (s) => selectSessionStatus(s) === 'signedIn');
  if (!signedIn) return null;
  return (
    <Button
      variant="default"
      onClick={() => session.send({ type: 'session.logout' })}
      data-testid="route-error-logout"
    >
      <FormattedMessage
        id="errors.route.logout"
        defaultMessage="Logout"
        description="Failure screen shown when a page could not be shown: log out (shown when signed in)"
      />
    </Button>
  );
}
