// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import type { LocaleCode, Profile, SessionUser, UserPractice } from '#machines/domain';
import { hubConnectionMachine } from '#machines/hub-connection.machine';
import type { OnboardingInput } from '#machines/onboarding.machine';
import { emptyDraft, type OnboardingDraft } from '#machines/onboarding-draft';
import type { LoginParams, NavigateParams } from '#machines/practice-flow';
import { type SessionCheckResult, sessionMachine } from '#machines/session.machine';
import { userStoreMachine } from '#machines/user-store.machine';
import { ApiError } from '../../api/client';
import type { Endpoints } from '../../api/endpoints';
import { NotSignedInError } from '../../auth/token';
import { existingRealtime, idleCodeRecovery, type RootActors } from '../root-actors';
import { storageKeys } from '../storage-keys';
import { call } from './api';
import {
  afterPaintNavigator,
  clearStoredDraft,
  type OnboardingEdges,
  provideOnboarding,
  readDraft,
  regionChoicesOf,
  writeDraft,
} from './onboarding';

const draft: OnboardingDraft = {
  pin: '1234',
  profile: {
    firstName: 'Ada',
    lastName: 'L',
    email: 'a@b.c',
    phone: '0412345678',
    dateOfBirth: '1990-01-02',
  },
  practice: {
    environment: 'uk',
    terms: true,
    practice: {
      businessName: 'Thames Vets Ltd',
      businessNumber: '09123456',
      name: 'Thames Vets',
      veterinaryType: 2,
      email: 't@v.uk',
      phone: '02079460102',
      address: { address1: '1 Road', city: 'London', postcode: 'SW1A 2AA', state: '', country: 'UK' },
    },
  },
  options: { registeredFromDirectoryPracticeKey: 'dir-1' },
};

describe('onboarding draft in local storage', () => {
  it('round-trips under the spec keys and is cleared', () => {
    window.localStorage.clear();
    writeDraft(draft);
    expect(JSON.parse(window.localStorage.getItem(storageKeys.onboardingPin) ?? 'null')).toBe('1234');
    expect(readDraft()).toEqual(draft);
    clearStoredDraft();
    expect(readDraft()).toEqual(emptyDraft());
    for (const key of Object.values(storageKeys).filter((k) => k.startsWith('onboarding.'))) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
  });

  it('ignores malformed or tampered values', () => {
    window.localStorage.clear();
    window.localStorage.setItem(storageKeys.onboardingPin, '"12ab"');
    window.localStorage.setItem(storageKeys.onboardingPracticeRegistration, '{not json');
    window.localStorage.setItem(storageKeys.onboardingProfileRegistration, '[1,2]');
    window.localStorage.setItem(storageKeys.onboardingOptions, '{"registeredFromDirectoryPracticeKey":5}');
    expect(readDraft()).toEqual(emptyDraft());
    window.localStorage.setItem(
      storageKeys.onboardingPracticeRegistration,
      JSON.stringify({ environment: 'mars', practice: { name: 'X', veterinaryType: 9 } }),
    );
    const practice = readDraft().practice;
    expect(practice?.environment).toBe('au');
    expect(practice?.practice.veterinaryType).toBe(1);
    expect(practice?.practice.address).toEqual({
      address1: '',
      city: '',
      postcode: '',
      state: '',
      country: '',
    });
  });
});

describe('API errors as the machine reads them', () => {
  const failureOf = async (error: unknown) =>
    call(() => Promise.reject(error)).then(
      () => {
        throw new Error('expected a failure');
      },
      (failure: unknown) => failure,
    );

  it('keeps the server’s retry hint of a 429 (too many pin checks)', async () => {
    expect(
      await failureOf(
        new ApiError({
          status: 429,
          code: 'HTTP_ERROR',
          message: 'Too many attempts',
          retryAfterSeconds: 42,
        }),
      ),
    ).toEqual({ status: 429, message: 'Too many attempts', fieldErrors: {}, retryAfterSeconds: 42 });
  });

  it('maps validation, server messages, client failures and sign-in (the app’s CallFailure)', async () => {
    expect(
      await failureOf(
        new ApiError({
          status: 400,
          code: 'HTTP_ERROR',
          message: 'x',
          fieldErrors: { 'practice.name': ['Bad'] },
        }),
      ),
    ).toEqual({ status: 400, message: 'x', fieldErrors: { 'practice.name': ['Bad'] } });
    expect(
      await failureOf(
        new ApiError({ status: 409, code: 'HTTP_ERROR', message: 'Api, Request failed, Taken' }),
      ),
    ).toEqual({ status: 409, message: 'Api, Request failed, Taken', fieldErrors: {} });
    expect(
      await failureOf(new ApiError({ status: 424, code: 'FETCH_ERROR', message: 'Failed to fetch' })),
    ).toEqual({ status: 424, message: null, fieldErrors: {} });
    expect(
      await failureOf(new ApiError({ status: 401, code: 'HTTP_ERROR', message: 'Unauthorized' })),
    ).toEqual({
      status: 401,
      message: 'Unauthorized',
      fieldErrors: {},
    });
    expect(await failureOf(new NotSignedInError())).toEqual({ status: 401, message: null, fieldErrors: {} });
    expect(await failureOf(new Error('boom'))).toEqual({ status: 500, message: null, fieldErrors: {} });
  });
});

describe('regions', () => {
  it('offers the public portals, each with its first locale', () => {
    const portal = (key: 'au' | 'uk', isPublic: boolean) => ({
      key,
      name: key,
      isPublic,
      locales: key === 'uk' ? (['en-GB'] as const) : (['en-AU'] as const),
      isEnvironmentVisible: false,
      url: `http://${key}.test`,
    });
    const config = (portals: ReturnType<typeof portal>[]) => ({
      app: { loglevel: 'INFO' as const, portals: portals.map((p) => ({ ...p, locales: [...p.locales] })) },
      auth: {
        auth0Domain: 'x',
        auth0ClientId: 'x',
        auth0Audience: 'x',
        cacheLocation: 'memory' as const,
        cookieDomain: null,
        useRefreshTokens: false,
        scope: null,
      },
    });
    expect(regionChoicesOf(config([portal('au', true), portal('uk', true)]))).toEqual([
      { key: 'au', locale: 'en-AU' },
      { key: 'uk', locale: 'en-GB' },
    ]);
    expect(regionChoicesOf(config([portal('au', false), portal('uk', true)]))).toEqual([
      { key: 'uk', locale: 'en-GB' },
    ]);
    expect(regionChoicesOf(config([]))).toEqual([{ key: 'au', locale: 'en-AU' }]);
  });
});

describe('the address follows the machine after the new step is painted (decision 045)', () => {
  function fakeRouter() {
    const calls: string[] = [];
    // What the router is asked (routerNavigate, src/app/live/edge.ts): path, search, push or replace.
    const navigate = (options: { to: string; search: Record<string, string>; replace: boolean }) => {
      const search = new URLSearchParams(options.search).toString();
      calls.push(`${options.replace ? 'replace' : 'push'} ${options.to}${search ? `?${search}` : ''}`);
      return Promise.resolve();
    };
    return { calls, router: { navigate } as unknown as Parameters<typeof afterPaintNavigator>[0] };
  }
  const fake = () =>
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('navigates in the task after the next frame, all queued navigations in order', () => {
    fake();
    const { calls, router } = fakeRouter();
    const navigator = afterPaintNavigator(router);
    navigator.navigate({ to: '/onboarding/register-account' });
    navigator.navigate({ to: '/onboarding/register-profile', replace: true });
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(15);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(2);
    expect(calls).toEqual(['push /onboarding/register-account', 'replace /onboarding/register-profile']);
    navigator.navigate({ to: '/onboarding/thank-you', search: { practiceKey: 'pk 1' } });
    vi.advanceTimersByTime(17);
    expect(calls.at(-1)).toBe('push /onboarding/thank-you?practiceKey=pk+1');
    vi.advanceTimersByTime(1000);
    expect(calls).toHaveLength(3);
  });

  it('navigates after 100 ms when no frame comes (a background tab)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const { calls, router } = fakeRouter();
    const navigator = afterPaintNavigator(router);
    navigator.navigate({ to: '/onboarding/register-account' });
    vi.advanceTimersByTime(99);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['push /onboarding/register-account']);
  });

  it('drops what is still queued when the flow ends', () => {
    fake();
    const { calls, router } = fakeRouter();
    const navigator = afterPaintNavigator(router);
    navigator.navigate({ to: '/onboarding/register-account' });
    navigator.cancel();
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual([]);
  });
});

describe('provideOnboarding: the one edge (decision 170)', () => {
  const ada: SessionUser = { sub: 'auth0|ada', email: 'ada@example.test', email_verified: true };
  const config: RuntimeConfig = {
    app: {
      loglevel: 'INFO',
      portals: [
        {
          key: 'uk',
          name: 'UK',
          isPublic: true,
          locales: ['en-GB'],
          isEnvironmentVisible: false,
          url: 'http://uk.test',
        },
      ],
    },
    auth: {
      auth0Domain: 'x',
      auth0ClientId: 'x',
      auth0Audience: 'x',
      cacheLocation: 'memory',
      cookieDomain: null,
      useRefreshTokens: false,
      scope: null,
    },
  };

  class MemoryStorage {
    readonly items = new Map<string, string>();
    getItem = (key: string) => this.items.get(key) ?? null;
    setItem = (key: string, value: string) => void this.items.set(key, value);
    removeItem = (key: string) => void this.items.delete(key);
  }

  /** Root actors with a session that answers `result`, and a live state whose hub connects on demand. */
  function rootActors(result: SessionCheckResult) {
    const session = createActor(
      sessionMachine.provide({ actors: { checkSession: fromPromise(async () => result) } }),
    ).start();
    const hubConnection = createActor(
      hubConnectionMachine.provide({ actors: { startConnection: fromPromise<void>(async () => undefined) } }),
    ).start();
    const userStore = createActor(userStoreMachine, { input: undefined }).start();
    const actors: RootActors = {
      session,
      realtime: existingRealtime({ hubConnection, userStore }),
      codeRecovery: idleCodeRecovery(),
    };
    return { actors, hubConnection, userStore };
  }

  /** Every flow's edges as fakes; `calls` counts the calls made through `call` (the only way to the API). */
  function edgesOf(actors: RootActors, api: Partial<Endpoints>) {
    const endpoints = api as Endpoints;
    let calls = 0;
    const edges = {
      actors,
      config,
      navigate: vi.fn<(params: NavigateParams) => void>(),
      redirect: vi.fn<(url: string | null | undefined) => void>(),
      login: vi.fn<(params: LoginParams) => void>(),
      call: <T>(work: (api: Endpoints) => Promise<T>): Promise<T> => {
        calls += 1;
        return work(endpoints);
      },
      dropPendingNavigations: vi.fn<() => void>(),
      setLocale: vi.fn<(locale: LocaleCode) => void>(),
    } satisfies OnboardingEdges;
    return { edges, calls: () => calls };
  }

  const inputAt = (step: OnboardingInput['step'], practiceKey: string | null = null): OnboardingInput => ({
    step,
    draft: emptyDraft(),
    regions: regionChoicesOf(config),
    directoryPracticeKey: null,
    practiceKey,
  });

  it('signs up through the one login; the session staying signed out means the login could not start', async () => {
    const { actors } = rootActors({ kind: 'signedOut', callbackErrorCode: null });
    const { edges } = edgesOf(actors, {});
    const actor = createActor(provideOnboarding(edges, new MemoryStorage()), {
      input: inputAt('account'),
    }).start();
    await waitFor(actor, (s) => s.matches({ account: 'choosing' }));
    actor.send({ type: 'account.create', connection: 'google-oauth2' });
    await waitFor(actor, (s) => s.context.error?.code === 'signUpFailed');
    expect(edges.login).toHaveBeenCalledWith({
      connection: 'google-oauth2',
      screenHint: 'signup',
      returnTo: '/onboarding/register-account',
    });
    actor.stop();
  });

  it('loads the profile through call, and keeps the draft in the storage it is given', async () => {
    const { actors } = rootActors({ kind: 'signedIn', user: ada, returnTo: null, callbackErrorCode: null });
    const api = {
      profileExists: vi.fn(async () => false),
      profile: vi.fn(async (): Promise<Profile> => {
        throw new Error('not asked');
      }),
    };
    const { edges, calls } = edgesOf(actors, api);
    const storage = new MemoryStorage();
    const actor = createActor(provideOnboarding(edges, storage), { input: inputAt('profile') }).start();
    await waitFor(actor, (s) => s.hasTag('profileForm'));
    expect(calls()).toBe(1);
    expect(api.profileExists).toHaveBeenCalledTimes(1);
    expect(api.profile).not.toHaveBeenCalled();
    const profile = { ...(draft.profile as NonNullable<OnboardingDraft['profile']>), email: ada.email ?? '' };
    actor.send({ type: 'profile.change', profile });
    expect(readDraft(storage).profile).toEqual(profile);
    actor.stop();
  });

  it('the thank-you wait hears the hub connection and the user store, then leaves through the allow-listed redirect', async () => {
    const { actors, hubConnection, userStore } = rootActors({
      kind: 'signedIn',
      user: ada,
      returnTo: null,
      callbackErrorCode: null,
    });
    const { edges } = edgesOf(actors, { userPractices: () => new Promise<UserPractice[]>(() => undefined) });
    const actor = createActor(provideOnboarding(edges, new MemoryStorage()), {
      input: inputAt('thankYou', 'pk-1'),
    }).start();
    const activation = () => actor.getSnapshot().children.activation?.getSnapshot();
    await vi.waitFor(() => expect(activation()?.matches({ waiting: { updates: 'polling' } })).toBe(true));
    hubConnection.send({ type: 'hub.connect' });
    await vi.waitFor(() => expect(activation()?.matches({ waiting: { updates: 'pushed' } })).toBe(true));
    userStore.send({
      type: 'store.message',
      message: {
        type: 'practices',
        payload: [
          {
            practiceKey: 'pk-1',
            practiceName: 'Thames',
            environment: 'uk',
            environmentUrl: 'http://uk.test/p',
          },
        ],
      },
    });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(edges.redirect).toHaveBeenCalledWith('http://uk.test/p');
    actor.stop();
  });
});
