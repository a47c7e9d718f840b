import type { AnyRouter } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SessionUser } from '#machines/domain';
import { hubConnectionMachine } from '#machines/hub-connection.machine';
import { loginRequestOf, type SessionCheckResult, sessionMachine } from '#machines/session.machine';
import { userStoreMachine } from '#machines/user-store.machine';
import { existingRealtime } from '../root-actors';
import { settledSession, settledSnapshot, watchUserStore } from './edge';
import { routerNavigate } from './navigate';

const ada: SessionUser = { sub: 'auth0|ada', email: 'ada@example.test', email_verified: true };

/** A session whose check answers when `answer` is called. */
function pendingSession() {
  let answer: (result: SessionCheckResult) => void = () => undefined;
  const session = createActor(
    sessionMachine.provide({
      actors: {
        checkSession: fromPromise<SessionCheckResult>(
          () => new Promise<SessionCheckResult>((resolve) => (answer = resolve)),
        ),
      },
    }),
  ).start();
  return { session, answer: (result: SessionCheckResult) => answer(result) };
}

function fakeRouter() {
  const navigate = vi.fn(async () => undefined);
  return { router: { navigate } as unknown as AnyRouter, navigate };
}

describe('the edge: the session once settled', () => {
  it('waits for the check, then answers the signed-in user (settledSession) and the snapshot', async () => {
    const { session, answer } = pendingSession();
    const answered = settledSession(session);
    const snapshot = settledSnapshot(session);
    answer({ kind: 'signedIn', user: ada, returnTo: null, callbackErrorCode: null });
    await expect(answered).resolves.toEqual({ user: ada });
    expect((await snapshot).context.user).toEqual(ada);
  });

  it('answers no user when signed out', async () => {
    const { session, answer } = pendingSession();
    const answered = settledSession(session);
    answer({ kind: 'signedOut', callbackErrorCode: null });
    await expect(answered).resolves.toEqual({ user: null });
  });

  it('waits for `until` as well, and stops waiting when aborted', async () => {
    const { session, answer } = pendingSession();
    answer({ kind: 'signedOut', callbackErrorCode: null });
    await settledSnapshot(session);
    const never = settledSnapshot(session, { until: () => false });
    const controller = new AbortController();
    const aborted = settledSnapshot(session, { until: () => false, signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toBeDefined();
    const raced = await Promise.race([never.then(() => 'settled'), Promise.resolve('waiting')]);
    expect(raced).toBe('waiting');
  });
});

describe('the edge: navigation through the router', () => {
  it("a machine's navigate is router.navigate with the route, its search and replace", () => {
    const { router, navigate } = fakeRouter();
    routerNavigate(router, { to: '/auth/unverified-email', search: { returnTo: '/invite?code=a b' } });
    routerNavigate(router, { to: '/server-error', replace: true });
    expect(navigate.mock.calls).toEqual([
      [{ to: '/auth/unverified-email', search: { returnTo: '/invite?code=a b' }, replace: false }],
      [{ to: '/server-error', search: {}, replace: true }],
    ]);
  });

  it('a same-origin address keeps its query: router.navigate({ href })', () => {
    const { router, navigate } = fakeRouter();
    routerNavigate(router, { to: '/invite?code=abc#top' });
    routerNavigate(router, { to: '/switch-practice?x=1', replace: true });
    expect(navigate.mock.calls).toEqual([
      [{ href: '/invite?code=abc#top', replace: false }],
      [{ href: '/switch-practice?x=1', replace: true }],
    ]);
  });

  it('an address on another origin is never navigated to: it goes home', () => {
    const { router, navigate } = fakeRouter();
    routerNavigate(router, { to: '//evil.example/x?y=1' });
    routerNavigate(router, { to: 'https://evil.example/x' });
    expect(navigate.mock.calls).toEqual([[{ href: '/', replace: false }], [{ href: '/', replace: false }]]);
  });
});

describe('the edge: the one login', () => {
  it("a machine's login params as the session's request; forcePrompt asks again with the user's address", () => {
    expect(loginRequestOf({ connection: undefined, screenHint: 'login', returnTo: '/' }, ada)).toEqual({
      returnTo: '/',
      screenHint: 'login',
    });
    expect(
      loginRequestOf({ connection: 'google-oauth2', screenHint: 'signup', returnTo: '/invite?x=1' }, null),
    ).toEqual({ returnTo: '/invite?x=1', screenHint: 'signup', connection: 'google-oauth2' });
    expect(
      loginRequestOf({ connection: null, screenHint: 'login', returnTo: '/back', forcePrompt: true }, ada),
    ).toEqual({
      returnTo: '/back',
      screenHint: 'login',
      connection: null,
      prompt: 'login',
      loginHint: ada.email,
    });
  });
});

describe('the edge: the one watcher of the live user store', () => {
  function liveState() {
    const hubConnection = createActor(
      hubConnectionMachine.provide({ actors: { startConnection: fromPromise<void>(async () => undefined) } }),
    ).start();
    const userStore = createActor(userStoreMachine, { input: undefined }).start();
    return { hubConnection, userStore, realtime: existingRealtime({ hubConnection, userStore }) };
  }

  it('tells the connection (at once, then each change) before the store, and stops listening when stopped', async () => {
    const { hubConnection, userStore, realtime } = liveState();
    const heard: string[] = [];
    const stop = watchUserStore(
      { realtime },
      (snapshot) => heard.push(`store ${snapshot.context.practices.length}`),
      { onConnection: (connected) => heard.push(connected ? 'connected' : 'disconnected') },
    );
    await vi.waitFor(() => expect(heard).toEqual(['disconnected', 'store 0']));
    hubConnection.send({ type: 'hub.connect' });
    await vi.waitFor(() => expect(heard.at(-1)).toBe('connected'));
    const practice = {
      practiceKey: 'p',
      practiceName: 'P',
      environment: 'au' as const,
      environmentUrl: 'http://au.test',
    };
    userStore.send({ type: 'store.message', message: { type: 'practices', payload: [practice] } });
    // The store's change does not repeat the connection; a reconnecting hub is not connected.
    hubConnection.send({ type: 'hub.reconnecting', error: null });
    expect(heard.slice(2)).toEqual(['connected', 'store 1', 'disconnected']);
    stop();
    hubConnection.send({ type: 'hub.reconnected' });
    userStore.send({ type: 'store.message', message: { type: 'practices', payload: [] } });
    expect(heard).toHaveLength(5);
  });

  it('says nothing once stopped before the live state has loaded', async () => {
    const { realtime } = liveState();
    const heard: string[] = [];
    const stop = watchUserStore({ realtime }, () => heard.push('store'), {
      onConnection: () => heard.push('connection'),
    });
    stop();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard).toEqual([]);
  });
});
