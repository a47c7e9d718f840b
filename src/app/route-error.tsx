import { Button } from '@mantine/core';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback, useContext, useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { selectSessionStatus, type sessionMachine } from '#machines/session.machine';
import { logger } from '../logger';
import { forgetFailedStylesheets } from '../ui/chunk-retry';
import { GenericFailureScreen } from '../ui/errors/error-screen';
import { FailureActions } from '../ui/errors/failure-actions';
import { RuntimeConfigContext } from '../ui/runtime-config';
import { supportLinksOf } from '../ui/support-defaults';
import { RootActorsContext } from './actors-context';
import { isScreenLoadError } from './lazy-screen';

/**
 * The product's error boundary for every route (the root route's `errorComponent` and the router's
 * `defaultErrorComponent`): the spec's generic failure screen instead of the router's raw one,
 * with Try again, Logout when signed in, the support address and the visit-us link (built-in
 * addresses when the configuration is missing, decision 050). A screen that could not be loaded
 * (offline, the stack down) is tried again by itself as soon as the browser is back online.
 * Shipped with the first chunk, CSS included: a failure path never waits on the network
 * (conventions §18, docs/decisions/060-route-error-boundary.md).
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
  const retry = useCallback(() => {
    forgetFailedStylesheets();
    void router.invalidate();
  }, [router]);

  useEffect(() => {
    if (!screenLoad) return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [screenLoad, retry]);

  return (
    <GenericFailureScreen
      marketingSiteUrl={links.marketingSiteUrl}
      supportEmail={links.supportEmail}
      actions={
        <FailureActions onRetry={retry} testId="route-error" supportUrl={links.supportUrl}>
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
