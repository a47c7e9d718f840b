import { useRouter, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { SessionUser } from '#machines/domain';
import { selectIsSettled, selectSessionStatus } from '#machines/session.machine';
import { VerifiedEmailView, VerifyingEmail } from '../../views/auth/verified-email-page';
import { useRootActors } from '../actors-context';
import { useEmailVerificationActor } from '../live/auth-screens';
import { routerNavigateHref } from '../live/edge';
import { readStoredPage } from '../stored-page';

/**
 * /auth/verified-email: once the session has settled, the route's email-verification actor (with
 * the address, the signed-in user and the stored page), rendered by its view.
 */
export function VerifiedEmailScreen() {
  const { session } = useRootActors();
  const settled = useSelector(session, selectIsSettled);
  const user = useSelector(session, (s) => (selectSessionStatus(s) === 'signedIn' ? s.context.user : null));
  if (!settled) return <VerifyingEmail />;
  return <VerifiedEmail user={user} />;
}

function VerifiedEmail({ user }: { user: SessionUser | null }) {
  const router = useRouter();
  const { email } = useSearch({ from: '/auth/verified-email' });
  const actor = useEmailVerificationActor({
    screen: 'verified',
    email: email ?? null,
    user,
    storedPage: readStoredPage(),
  });
  return <VerifiedEmailView actor={actor} onNavigate={(to) => routerNavigateHref(router, to)} />;
}
