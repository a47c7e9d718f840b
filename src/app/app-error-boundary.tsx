import { Button } from '@mantine/core';
import { Component, type ErrorInfo, Fragment, type ReactNode, useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { forgetFailedStylesheets } from '../code-loads';
import { logger } from '../logger';
import { GenericFailureScreen } from '../ui/errors/error-screen';
import { FailureActions } from '../ui/errors/failure-actions';
import { builtInSupport } from '../ui/support-defaults';

/**
 * The product's last boundary, above start-up, the router and the build check: whatever they
 * throw ends on the spec's generic failure screen (Try again, Logout, the built-in support links,
 * decision 006), never on React's blank page or the router's raw "Something went wrong!".
 * Try again renders the app again from scratch; so does the browser coming back online.
 * Imported statically with the app (decision 195).
 */
export interface AppErrorBoundaryProps {
  /** Logout without relying on what failed (forgets the sign-in kept in this browser). */
  onLogout: () => void;
  children: ReactNode;
}

interface AppErrorBoundaryState {
  failed: boolean;
  attempt: number;
}

export class AppErrorBoundary extends Component<AppErrorBoundaryProps, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<AppErrorBoundaryState> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logger.warn('the app failed; the failure screen shows', error, info.componentStack);
  }

  private readonly retry = () => {
    forgetFailedStylesheets();
    this.setState(({ attempt }) => ({ failed: false, attempt: attempt + 1 }));
  };

  override render(): ReactNode {
    if (this.state.failed) return <AppFailure onRetry={this.retry} onLogout={this.props.onLogout} />;
    // A new key on each attempt: the app starts over instead of resuming a half-failed tree.
    return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
  }
}

function AppFailure({ onRetry, onLogout }: { onRetry: () => void; onLogout: () => void }) {
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <GenericFailureScreen
      marketingSiteUrl={builtInSupport.marketingSiteUrl}
      supportEmail={builtInSupport.supportEmail}
      actions={
        <FailureActions onRetry={onRetry} testId="app-error" supportUrl={builtInSupport.supportUrl}>
          <Button variant="default" onClick={onLogout} data-testid="app-error-logout">
            <FormattedMessage
              id="errors.app.logout"
              defaultMessage="Logout"
              description="Failure screen shown when the app itself failed: forget the sign-in kept in this browser and start over"
            />
          </Button>
        </FailureActions>
      }
    />
  );
}
