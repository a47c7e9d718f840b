import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SessionUser } from './domain';
import {
  authErrorCode,
  displayNameOf,
  initialsOf,
  type LoginRequest,
  type LogoutRequest,
  type SessionCheckResult,
  selectIsProviderUnreachable,
  selectIsRedirectingToLogin,
  selectIsSettled,
  selectLiveState,
  selectSessionStatus,
  selectSignInProgress,
  selectUserDataRule,
  sessionMachine,
} from './session.machine';

const ada: SessionUser = {
  sub: 'auth0|ada',
  email: 'ada.lovelace@example.com',
  email_verified: true,
  name: 'Ada',
};

function authError(code: string): Error & { error: string } {
  return Object.assign(new Error(code), { error: code });
}

function start(
  check: () => Promise<SessionCheckResult>,
  overrides: {
    refresh?: () => Promise<SessionUser>;
    login?: (request: LoginRequest) => Promise<void>;
    checkProvider?: () => Promise<void>;
  } = {},
) {
  const logouts: LogoutRequest[] = [];
  const logins: LoginRequest[] = [];
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        checkSession: fromPromise(check),
        checkProvider: fromPromise(overrides.checkProvider ?? (async () => undefined)),
        loginWithRedirect: fromPromise<void, LoginRequest>(async ({ input }) => {
          logins.push(input);
          if (overrides.login) return overrides.login(input);
          await new Promise(() => undefined);
        }),
        refreshSession: fromPromise(overrides.refresh ?? (async () => ada)),
        logout: fromPromise<void, LogoutRequest>(async ({ input }) => {
          logouts.push(input);
        }),
      },
    }),
  );
  actor.start();
  return { actor, logouts, logins };
}

describe('session machine', () => {
  it('settles signed in with the user and the redirect return target', async () => {
    const { actor } = start(async () => ({
      kind: 'signedIn',
      user: ada,
      returnTo: '/x?y=1',
      callbackErrorCode: null,
    }));
    expect(selectSessionStatus(actor.getSnapshot())).toBe('checking');
    const snapshot = await waitFor(actor, selectIsSettled);
    expect(snapshot.matches({ signedIn: 'idle' })).toBe(true);
    expect(snapshot.context).toEqual({ user: ada, returnTo: '/x?y=1', errorCode: null, loginRequest: null });
    expect(selectSessionStatus(snapshot)).toBe('signedIn');
  });

  it('settles signed out, keeping a recovered callback error code', async () => {
    const { actor } = start(async () => ({ kind: 'signedOut', callbackErrorCode: 'missing_transaction' }));
    const snapshot = await waitFor(actor, selectIsSettled);
    expect(snapshot.value).toBe('signedOut');
    expect(snapshot.context.errorCode).toBe('missing_transaction');
    actor.send({ type: 'session.dismissError' });
    expect(actor.getSnapshot().context.errorCode).toBeNull();
  });

  it('a failed check ends signed out with the SDK error code', async () => {
    const { actor } = start(async () => {
      throw authError('timeout');
    });
    const snapshot = await waitFor(actor, selectIsSettled);
    expect(snapshot.value).toBe('signedOut');
    expect(snapshot.context.errorCode).toBe('timeout');
  });

  it('stale provider keys run the logout the check asked for', async () => {
    const { actor, logouts } = start(async () => ({
      kind: 'staleProviderKeys',
      logout: { returnTo: '/cb' },
    }));
    await waitFor(actor, selectIsSettled);
    expect(logouts).toEqual([{ returnTo: '/cb' }]);
  });

  it('a login-hint mismatch runs a local-only logout with reload', async () => {
    const request = { localOnly: true, reload: true, removeLoginHint: true };
    const { actor, logouts } = start(async () => ({ kind: 'loginHintMismatch', logout: request }));
    await waitFor(actor, selectIsSettled);
    expect(logouts).toEqual([request]);
  });

  it('login stays redirecting while the page leaves; a failed start returns signed out with a code', async () => {
    const { actor, logins } = start(async () => ({ kind: 'signedOut', callbackErrorCode: null }));
    await waitFor(actor, selectIsSettled);
    expect(selectIsRedirectingToLogin(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'session.login', request: { connection: 'apple', returnTo: '/a' } });
    expect(actor.getSnapshot().value).toBe('checkingProvider');
    expect(selectIsRedirectingToLogin(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.value === 'redirectingToLogin');
    expect(selectIsRedirectingToLogin(actor.getSnapshot())).toBe(true);
    expect(logins).toEqual([{ connection: 'apple', returnTo: '/a' }]);

    const failing = start(async () => ({ kind: 'signedOut', callbackErrorCode: null }), {
      login: async () => {
        throw new Error('boom');
      },
    });
    await waitFor(failing.actor, selectIsSettled);
    failing.actor.send({ type: 'session.login', request: {} });
    const snapshot = await waitFor(failing.actor, selectIsSettled);
    expect(snapshot.context.errorCode).toBe('login_failed');
    expect(selectIsRedirectingToLogin(snapshot)).toBe(false);
  });

  it('refresh replaces the user; login_required during refresh logs out', async () => {
    const verified = { ...ada, email_verified: true };
    const { actor } = start(
      async () => ({
        kind: 'signedIn',
        user: { ...ada, email_verified: false },
        returnTo: null,
        callbackErrorCode: null,
      }),
      {
        refresh: async () => verified,
      },
    );
    await waitFor(actor, selectIsSettled);
    actor.send({ type: 'session.refresh' });
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    const refreshed = await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(refreshed.context.user).toEqual(verified);

    const expiring = start(
      async () => ({ kind: 'signedIn', user: ada, returnTo: null, callbackErrorCode: null }),
      {
        refresh: async () => {
          throw authError('login_required');
        },
      },
    );
    await waitFor(expiring.actor, selectIsSettled);
    expiring.actor.send({ type: 'session.refresh' });
    const out = await waitFor(expiring.actor, (s) => s.value === 'signedOut');
    expect(out.context).toEqual({
      user: null,
      returnTo: null,
      errorCode: 'login_required',
      loginRequest: null,
    });
    expect(expiring.logouts).toEqual([{}]);
  });

  it('login_required from the token getter and an explicit logout both log out', async () => {
    const a = start(async () => ({ kind: 'signedIn', user: ada, returnTo: null, callbackErrorCode: null }));
    await waitFor(a.actor, selectIsSettled);
    a.actor.send({ type: 'session.loginRequired' });
    await waitFor(a.actor, (s) => s.value === 'signedOut');
    expect(a.logouts).toEqual([{}]);

    const b = start(async () => ({ kind: 'signedIn', user: ada, returnTo: null, callbackErrorCode: null }));
    await waitFor(b.actor, selectIsSettled);
    b.actor.send({ type: 'session.logout', request: { returnTo: '/bye' } });
    expect(b.actor.getSnapshot().value).toBe('loggingOut');
    await waitFor(b.actor, (s) => s.value === 'signedOut');
    expect(b.logouts).toEqual([{ returnTo: '/bye' }]);
  });
});

describe("session: what the SDK's React provider reports (session.providerChanged)", () => {
  it("keeps the same user's fresh claims, and never lets the provider change who is signed in", async () => {
    const { actor } = start(async () => ({
      kind: 'signedIn',
      user: ada,
      returnTo: null,
      callbackErrorCode: null,
    }));
    await waitFor(actor, (s) => s.matches('signedIn'));
    const fresh = { ...ada, name: 'Ada Lovelace' };
    actor.send({ type: 'session.providerChanged', user: fresh });
    expect(actor.getSnapshot().context.user).toEqual(fresh);
    actor.send({ type: 'session.providerChanged', user: { sub: 'auth0|bob', email: 'bob@example.com' } });
    actor.send({ type: 'session.providerChanged', user: null });
    expect(actor.getSnapshot().context.user).toEqual(fresh);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
  });

  it('is ignored while signed out', async () => {
    const { actor } = start(async () => ({ kind: 'signedOut', callbackErrorCode: null }));
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'session.providerChanged', user: ada });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
  });
});

describe('session rules the edge carries out (decision 170)', () => {
  it('the live state: connect once signed in, disconnect once signed out, nothing while checking', async () => {
    let answer: (result: SessionCheckResult) => void = () => undefined;
    const checking = start(() => new Promise<SessionCheckResult>((resolve) => (answer = resolve)));
    expect(selectLiveState(checking.actor.getSnapshot())).toBeNull();
    expect(selectUserDataRule(checking.actor.getSnapshot())).toBe('keep');
    answer({ kind: 'signedIn', user: ada, returnTo: null, callbackErrorCode: null });
    const signedIn = await waitFor(checking.actor, selectIsSettled);
    expect(selectLiveState(signedIn)).toBe('connect');
    expect(selectUserDataRule(signedIn)).toBe('claim');
    const out = start(async () => ({ kind: 'signedOut', callbackErrorCode: null }));
    const signedOut = await waitFor(out.actor, selectIsSettled);
    expect(selectLiveState(signedOut)).toBe('disconnect');
    expect(selectUserDataRule(signedOut)).toBe('clearIfOwned');
  });

  it('per-user data is cleared in every state that ends the session (tagged endsSession)', async () => {
    const { actor } = start(async () => ({
      kind: 'signedIn',
      user: ada,
      returnTo: null,
      callbackErrorCode: null,
    }));
    await waitFor(actor, selectIsSettled);
    actor.send({ type: 'session.logout' });
    const leaving = actor.getSnapshot();
    expect(leaving.value).toBe('loggingOut');
    expect(selectUserDataRule(leaving)).toBe('clear');
    const endingStates = Object.entries(sessionMachine.root.states)
      .filter(([, node]) => node.tags.includes('endsSession'))
      .map(([key]) => key)
      .sort();
    expect(endingStates).toEqual([
      'clearingLoginHint',
      'clearingStaleSession',
      'endingSession',
      'loggingOut',
    ]);
  });
});

describe('session helpers', () => {
  it('reads SDK error codes', () => {
    expect(authErrorCode(authError('state_mismatch'))).toBe('state_mismatch');
    expect(authErrorCode(new Error('x'), 'fallback')).toBe('fallback');
  });

  it('display name falls back from name to nickname to the email local part', () => {
    expect(displayNameOf({ sub: 's', name: 'Ada L', nickname: 'ada' })).toBe('Ada L');
    expect(displayNameOf({ sub: 's', nickname: 'ada' })).toBe('ada');
    expect(displayNameOf({ sub: 's', email: 'ada.king.lovelace@example.com' })).toBe('ada king lovelace');
    expect(initialsOf('ada king lovelace byron')).toBe('AKL');
  });

  it('an unreachable identity provider stops the login before leaving; Try again starts the same login, Go back returns', async () => {
    let reachable = false;
    const { actor, logins } = start(async () => ({ kind: 'signedOut', callbackErrorCode: null }), {
      checkProvider: async () => {
        if (!reachable) throw authError('provider_unreachable');
      },
    });
    await waitFor(actor, selectIsSettled);
    const request: LoginRequest = {
      connection: 'google-oauth2',
      screenHint: 'signup',
      returnTo: '/onboarding',
    };
    actor.send({ type: 'session.login', request });
    const stopped = await waitFor(actor, selectIsProviderUnreachable);
    expect(stopped.value).toBe('providerUnreachable');
    expect(stopped.context.errorCode).toBe('provider_unreachable');
    expect(logins).toEqual([]);
    expect(selectIsSettled(stopped)).toBe(true);
    expect(selectSessionStatus(stopped)).toBe('signedOut');
    expect(selectSignInProgress(stopped)).toBe('failed');

    actor.send({ type: 'session.retryLogin' });
    await waitFor(actor, selectIsProviderUnreachable);
    expect(logins).toEqual([]);
    actor.send({ type: 'session.dismissError' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    // The code stays: a signed-in-only page that started the login shows why it stopped.
    expect(selectSignInProgress(actor.getSnapshot())).toBe('failed');

    actor.send({ type: 'session.login', request });
    await waitFor(actor, selectIsProviderUnreachable);
    reachable = true;
    actor.send({ type: 'session.retryLogin' });
    const leaving = await waitFor(actor, (s) => s.value === 'redirectingToLogin');
    expect(leaving.context.errorCode).toBeNull();
    expect(logins).toEqual([request]);
  });

  it('a signed-in user whose new login cannot reach the provider goes back signed in', async () => {
    const { actor } = start(
      async () => ({ kind: 'signedIn', user: ada, returnTo: null, callbackErrorCode: null }),
      {
        checkProvider: async () => {
          throw authError('provider_unreachable');
        },
      },
    );
    await waitFor(actor, selectIsSettled);
    actor.send({ type: 'session.login', request: { connection: 'apple' } });
    const stopped = await waitFor(actor, selectIsProviderUnreachable);
    expect(selectSessionStatus(stopped)).toBe('signedIn');
    actor.send({ type: 'session.dismissError' });
    expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(ada);
  });
});
