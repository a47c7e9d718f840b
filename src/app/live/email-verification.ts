import { fromCallback, fromPromise } from 'xstate';
import {
  type EmailVerificationEvent,
  type EmailVerificationInput,
  emailVerificationMachine,
} from '#machines/email-verification.machine';
import { sameOriginTarget } from '../../auth/return-to';
import { useFlowActor } from '../../ui/flow-actor';
import { type FlowEdges, refreshedSessionUser, useFlowEdges, watchUserStore } from './edge';

/**
 * Effects of the email-verification machine (/auth/unverified-email, /auth/verified-email): the
 * session actor, the API calls, navigation. Views render the snapshot; they never decide where to go.
 */

export function provideEmailVerification(edges: FlowEdges): typeof emailVerificationMachine {
  const { session } = edges.actors;
  return emailVerificationMachine.provide({
    actors: {
      resendVerificationEmail: fromPromise(() => edges.call((api) => api.resendVerificationEmail())),
      refreshSession: fromPromise(() => refreshedSessionUser(session)),
      verifyEmail: fromPromise(async ({ input }) => {
        await edges.call((api) => api.verifyEmail(input.email, input.authenticated));
        // The signed-in user's token still says unverified: refresh it in the background.
        if (input.authenticated) session.send({ type: 'session.refresh' });
      }),
      // The verification status as the real-time connection brings it (the user store's `email`),
      // as `email.verifiedRemotely` when it is (or becomes) verified; without the live state,
      // nothing is sent.
      watchEmailVerified: fromCallback<EmailVerificationEvent>(({ sendBack }) => {
        let wasVerified = false;
        return watchUserStore(edges.actors, (snapshot) => {
          const verified = snapshot.context.email?.verified === true;
          if (verified && !wasVerified) sendBack({ type: 'email.verifiedRemotely' });
          wasVerified = verified;
        });
      }),
    },
    actions: {
      navigate: (_, params) => edges.navigate(params),
      logoutLocallyAndReload: () =>
        session.send({ type: 'session.logout', request: { localOnly: true, reload: true } }),
    },
  });
}

/** The email-verification actor of /auth/unverified-email or /auth/verified-email. */
export function useEmailVerificationActor(input: EmailVerificationInput) {
  const edges = useFlowEdges();
  return useFlowActor(
    () => provideEmailVerification(edges),
    () => input,
  );
}

/**
 * The way out of /auth/unverified-email (decision 044): Logout ends the session as the account
 * menu does; 'Use another email' ends it and comes back to where the user was going (same origin
 * only), which asks them to sign in or sign up again — with the address they meant this time.
 */
export function useUnverifiedEmailWayOut(returnTo: string) {
  const { actors } = useFlowEdges();
  return {
    logout: () => actors.session.send({ type: 'session.logout' }),
    useAnotherEmail: () =>
      actors.session.send({
        type: 'session.logout',
        request: { returnTo: sameOriginTarget(returnTo, window.location.origin) ?? '/' },
      }),
  };
}
