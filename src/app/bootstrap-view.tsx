import { Button } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { type ReactNode, useDeferredValue } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { appBootstrapMachine, RuntimeConfig } from '#machines/app-bootstrap.machine';
import { GenericFailureScreen } from '../ui/errors/error-screen';
import { FailureActions } from '../ui/errors/failure-actions';
import { LoadingScreen } from '../ui/loading-screen';
import { builtInSupport } from '../ui/support-defaults';

type BootstrapSnapshot = {
  context: { config: RuntimeConfig | null };
  matches(state: 'failed'): boolean;
};
const selectFailed = (snapshot: BootstrapSnapshot) => snapshot.matches('failed');
const selectConfig = (snapshot: BootstrapSnapshot) => snapshot.context.config;

export interface BootstrapViewProps {
  actor: ActorRefFrom<typeof appBootstrapMachine>;
  /** Logout before the configuration arrived (nothing is known of the identity provider yet). */
  onLogout: () => void;
  /** The app, once the configuration has arrived. */
  ready: (config: RuntimeConfig) => ReactNode;
}

/**
 * Start-up as the machine has it (machines/app-bootstrap.machine.ts, decision 022): the loading
 * screen while the configuration is on its way (pop-in, spinner, the long-loading message), the
 * generic failure screen with Try again, Logout and the built-in support links when it never
 * arrived (decision 006), the app once it has.
 */
export function BootstrapView({ actor, onLogout, ready }: BootstrapViewProps) {
  const failed = useSelector(actor, selectFailed);
  // The app's first full render (router, root layout, the route's screen) is rendered from a
  // deferred value: React renders it in the background in small slices instead of one long task
  // when the configuration arrives (a machine's update is otherwise rendered at once).
  const config = useDeferredValue(useSelector(actor, selectConfig));
  if (failed) {
    return (
      <GenericFailureScreen
        marketingSiteUrl={builtInSupport.marketingSiteUrl}
        supportEmail={builtInSupport.supportEmail}
        actions={
          <FailureActions
            onRetry={() => actor.send({ type: 'bootstrap.retry' })}
            testId="bootstrap"
            supportUrl={builtInSupport.supportUrl}
          >
            <Button variant="default" onClick={onLogout} data-testid="bootstrap-logout">
              <FormattedMessage
                id="appBootstrap.page.logout"
                defaultMessage="Logout"
                description="Start-up failure: forget the sign-in kept in this browser and start over"
              />
            </Button>
          </FailureActions>
        }
      />
    );
  }
  // Before the configuration arrives there is no session yet: the long-loading message's Logout
  // forgets the sign-in kept in this browser; 'contact us' opens the built-in support page.
  return (
    <LoadingScreen
      loading={!config}
      headingOrder={1}
      supportUrl={builtInSupport.supportUrl}
      onLogout={onLogout}
    >
      {config ? ready(config) : null}
    </LoadingScreen>
  );
}
