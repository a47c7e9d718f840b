import { useRouter } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { fromCallback, fromPromise } from 'xstate';
import { type AlternateProvider, authRedirectMachine } from '#machines/auth-redirect.machine';
import type { SessionUser } from '#machines/domain';
import {
  type EmailVerificationEvent,
  type EmailVerificationInput,
  emailVerificationMachine,
} from '#machines/email-verification.machine';
import { selectSessionStatus } from '#machines/session.machine';
import { connectionOf, providerCodeOfSubject, providerNameOf } from '../../auth/providers';
import { sameOriginTarget } from '../../auth/return-to';
import { useRootActors } from '../actors-context';
import type { RootActors } from '../root-actors';
import { api } from './api';
import { routerNavigateHref, settledSnapshot } from './edge';

/**
 * Effects of the auth screens' machines (/auth/redirect, /auth/unverified-email,
 * /auth/verified-email): the session actor, the API calls, navigation. Views call the hooks and
 * render the snapshot; they never decide where to go.
 */

/** Ask the session to refresh (token with cacheMode 'off') and answer the fresh user. */
async function refreshSession(actors: RootActors): Promise<SessionUser> {
  const { session } = actors;
  session.send({ type: 'session.refresh' });
  const settled = await settledSnapshot(session, { until: (s) => !s.hasTag('refreshing') });
  if (selectSessionStatus(settled) !== 'signedIn' || !settled.context.user) {
    throw Object.assign(new Error('Signed out while refreshing'), { error: 'login_required' });
  }
  if (settled.context.errorCode === 'refresh_failed' || settled.context.errorCode === 'timeout') {
    throw Object.assign(new Error('Refresh failed'), { error: settled.context.errorCode });
  }
  return settled.context.user;
}

/** A machine's `navigate` to a same-origin address (a return target, with its query). */
function useNavigateHref() {
  const router = useRouter();
  return (to: string, replace = false) =>
    routerNavigateHref(router, sameOriginTarget(to, window.location.origin) ?? '/', replace);
}

// ─────────────────────────────── /auth/redirect ───────────────────────────────

/**
 * The method the email is registered with, when it is not the one just used. An account that
 * already has a profile is an established one: no warning (decision 021).
 */
async function findAlternateProvider(user: SessionUser | null): Promise<AlternateProvider | null> {
  if (!user?.email) return null;
  const used = providerCodeOfSubject(user.sub);
  if (await api().profileExists()) return null;
  const codes = await api().alternateProviders(user.email);
  if (codes.length === 0 || (used && codes.includes(used as (typeof codes)[number]))) return null;
  const usedName = used ? providerNameOf(used) : null;
  for (const code of codes) {
    const method = providerNameOf(code);
    if (method && method !== usedName) return { method, connection: connectionOf(method) };
  }
  return null;
}

export function useAuthRedirectActor() {
  const actors = useRootActors();
  const navigate = useNavigateHref();
  return useActorRef(
    authRedirectMachine.provide({
      actors: {
        awaitSession: fromPromise(async () => {
          const settled = await settledSnapshot(actors.session);
          const status = selectSessionStatus(settled) === 'signedIn' ? 'signedIn' : 'signedOut';
          return { status, returnTo: settled.context.returnTo, errorCode: settled.context.errorCode };
        }),
        findAlternateProvider: fromPromise(() =>
          findAlternateProvider(actors.session.getSnapshot().context.user),
        ),
      },
      actions: {
        navigate: (_, { to, replace }) => navigate(to, replace),
        startLogin: (_, { connection, forcePrompt }) => {
          const email = actors.session.getSnapshot().context.user?.email;
          actors.session.send({
            type: 'session.login',
            request: {
              returnTo: actors.session.getSnapshot().context.returnTo ?? '/',
              ...(connection !== undefined ? { connection } : {}),
              ...(forcePrompt ? { prompt: 'login' as const } : {}),
              ...(forcePrompt && email ? { loginHint: email } : {}),
            },
          });
        },
      },
    }),
  );
}

// ─────────────────────────── the email verification screens ───────────────────────────

/**
 * `watchEmailVerified`: the verification status as the real-time connection brings it (the user
 * store's `email`), as `email.verifiedRemotely` when it is (or becomes) verified. The live state
 * exists once signed in (src/app/root-actors.ts); without it, nothing is sent.
 */
function watchEmailVerified(actors: RootActors) {
  return fromCallback<EmailVerificationEvent>(({ sendBack }) => {
    let stopped = false;
    let unsubscribe: () => void = () => undefined;
    actors.realtime.load().then(
      ({ userStore }) => {
        if (stopped) return;
        let wasVerified = userStore.getSnapshot().context.email?.verified === true;
        if (wasVerified) sendBack({ type: 'email.verifiedRemotely' });
        const subscription = userStore.subscribe((snapshot) => {
          const verified = snapshot.context.email?.verified === true;
          if (verified && !wasVerified) sendBack({ type: 'email.verifiedRemotely' });
          wasVerified = verified;
        });
        unsubscribe = () => subscription.unsubscribe();
      },
      () => undefined,
    );
    return () => {
      stopped = true;
      unsubscribe();
    };
  });
}

export function useEmailVerificationActor(input: EmailVerificationInput) {
  const actors = useRootActors();
  const navigate = useNavigateHref();
  return useActorRef(
    emailVerificationMachine.provide({
      actors: {
        resendVerificationEmail: fromPromise(() => api().resendVerificationEmail()),
        refreshSession: fromPromise(() => refreshSession(actors)),
        verifyEmail: fromPromise(async ({ input: call }) => {
          await api().verifyEmail(call.email, call.authenticated);
          // The signed-in user's token still says unverified: refresh it in the background.
          if (call.authenticated) actors.session.send({ type: 'session.refresh' });
        }),
        watchEmailVerified: watchEmailVerified(actors),
      },
      actions: {
        navigate: (_, { to, replace }) => navigate(to, replace),
        logoutLocallyAndReload: () =>
          actors.session.send({ type: 'session.logout', request: { localOnly: true, reload: true } }),
      },
    }),
    { input },
  );
}

/**
 * The way out of /auth/unverified-email (decision 062): Logout ends the session as the account
 * menu does; 'Use another email' ends it and comes back to where the user was going (same origin
 * only), which asks them to sign in or sign up again — with the address they meant this time.
 */
export function useUnverifiedEmailWayOut(returnTo: string) {
  const { session } = useRootActors();
  return {
    logout: () => session.send({ type: 'session.logout' }),
    useAnotherEmail: () =>
      session.send({
        type: 'session.logout',
        request: { returnTo: sameOriginTarget(returnTo, window.location.origin) ?? '/' },
      }),
  };
}
