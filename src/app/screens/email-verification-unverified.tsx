import { useSearch } from '@tanstack/react-router';
import { EmailVerificationUnverifiedView } from '../../views/email-verification/email-verification-unverified-view';
import { useEmailVerificationActor, useUnverifiedEmailWayOut } from '../live/email-verification';

/** /auth/unverified-email: the route's email-verification actor and its way out, rendered by its view. */
export function EmailVerificationUnverifiedScreen() {
  const { returnTo } = useSearch({ from: '/auth/unverified-email' });
  const actor = useEmailVerificationActor({ screen: 'unverified', returnTo: returnTo ?? '/' });
  const wayOut = useUnverifiedEmailWayOut(returnTo ?? '/');
  return (
    <EmailVerificationUnverifiedView
      actor={actor}
      onLogout={wayOut.logout}
      onUseAnotherEmail={wayOut.useAnotherEmail}
    />
  );
}
