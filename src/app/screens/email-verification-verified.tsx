import { useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { SessionUser } from '#machines/domain';
import { selectIsSettled, selectSessionStatus } from '#machines/session.machine';
import {
  EmailVerificationVerifiedView,
  EmailVerificationVerifyingView,
} from '../../views/email-verification/email-verification-verified-view';
import { useRootActors } from '../actors-context';
import { useEmailVerificationActor } from '../live/email-verification';
import { readStoredPage } from '../stored-page';

/**
 * /auth/verified-email: once the session has settled, the route's email-verification actor (with
 * the address, the signed-in user and the stored page), rendered by its view.
 */
export function EmailVerificationVerifiedScreen() {
  const { session } = useRootActors();
  const settled = useSelector(session, selectIsSettled);
  const user = useSelector(session, (s) => (selectSessionStatus(s) === 'signedIn' ? s.context.user : null));
  if (!settled) return <EmailVerificationVerifyingView />;
  return <VerifiedEmail user={user} />;
}

function VerifiedEmail({ user }: { user: SessionUser | null }) {
  const { email } = useSearch({ from: '/auth/verified-email' });
  const actor = useEmailVerificationActor({
    screen: 'verified',
    email: email ?? null,
    user,
    storedPage: readStoredPage(),
  });
  return <EmailVerificationVerifiedView actor={actor} />;
}
