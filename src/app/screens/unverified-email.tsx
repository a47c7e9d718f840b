import { useSearch } from '@tanstack/react-router';
import { UnverifiedEmailView } from '../../views/auth/unverified-email-page';
import { useEmailVerificationActor, useUnverifiedEmailWayOut } from '../live/auth-screens';

/** /auth/unverified-email: the route's email-verification actor and its way out, rendered by its view. */
export function UnverifiedEmailScreen() {
  const { returnTo } = useSearch({ from: '/auth/unverified-email' });
  const actor = useEmailVerificationActor({ screen: 'unverified', returnTo: returnTo ?? '/' });
  const wayOut = useUnverifiedEmailWayOut(returnTo ?? '/');
  return (
    <UnverifiedEmailView actor={actor} onLogout={wayOut.logout} onUseAnotherEmail={wayOut.useAnotherEmail} />
  );
}
