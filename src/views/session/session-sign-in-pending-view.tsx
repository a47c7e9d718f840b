import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { selectSessionError, selectSignInProgress, type sessionMachine } from '#machines/session.machine';
import { LoadingScreen } from '../../ui/loading-screen';
import { SignInFailed } from './sign-in-failed';
import { signInMessages } from './sign-in-messages';

export interface SessionSignInPendingViewProps {
  session: ActorRefFrom<typeof sessionMachine>;
  /** Support page for the long-loading message's 'contact us'. */
  supportUrl: string;
  /** Start the redirect login again (the route's guard runs again). */
  onRetry: () => void;
  onHome: () => void;
  /** The long-loading message's Logout. */
  onLogout: () => void;
}

/**
 * What a signed-in-only route shows while its guard is pending (spec §2 "an alternative layout
 * can be shown while unauthenticated"; docs/decisions/022-guard-sign-in-pending.md). It renders
 * the session, nothing else:
 * - redirecting to the identity provider: the loading screen (pop-in delay, then a spinner
 *   labelled 'Signing you in' with the heading 'Signing you in...', and after 15 s the
 *   long-loading message), so the page never sits blank or stale while the browser leaves;
 * - the redirect login could not start (back in signedOut with an error code): 'We couldn't sign
 *   you in' with the reason, 'Sign in again' and 'Go to the home page';
 * - otherwise (the session is still being checked): the plain loading screen.
 */
export function SessionSignInPendingView({
  session,
  supportUrl,
  onRetry,
  onHome,
  onLogout,
}: SessionSignInPendingViewProps) {
  const intl = useIntl();
  const progress = useSelector(session, selectSignInProgress);
  const errorCode = useSelector(session, selectSessionError);

  if (progress === 'failed') {
    return <SignInFailed errorCode={errorCode} onRetry={onRetry} onHome={onHome} />;
  }
  const redirecting = progress === 'redirecting';
  return (
    <div data-testid="sign-in-pending" data-progress={progress} aria-busy="true">
      <LoadingScreen
        loading
        heading={redirecting ? intl.formatMessage(signInMessages.signingIn) : undefined}
        headingOrder={1}
        spinnerLabel={redirecting ? intl.formatMessage(signInMessages.spinnerLabel) : undefined}
        supportUrl={supportUrl}
        onLogout={onLogout}
      />
    </div>
  );
}
