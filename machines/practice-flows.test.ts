import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { ActivePracticeResponse, Invite, Profile, UserPractice } from './domain';
import {
  type JoinPracticeActor,
  joinPracticeMachine,
  selectJoinPracticeView,
  selectProfileStep,
} from './join-practice.machine';
import { landingMachine, selectLandingView } from './landing.machine';
import { portalRedirectMachine } from './portal-redirect.machine';
import { practiceDisplayName, type SessionAnswer } from './practice-flow';
import { failure, fixtures, userStates } from './practice-flow.fixtures';
import {
  hasStepTag,
  profileStepMachine,
  selectProfileStepFailure,
  selectProfileStepSnapshot,
} from './profile-step.machine';
import { type SwitchPracticeEvent, switchPracticeMachine } from './switch-practice.machine';

const session = (answer: SessionAnswer) => fromPromise<SessionAnswer>(async () => answer);
const resolves = <T, I = unknown>(value: T) => fromPromise<T, I>(async () => value);
const rejects = <T, I = unknown>(error: unknown) =>
  fromPromise<T, I>(async () => {
    throw error;
  });
/** The profile step child with its calls (a user with a profile is ready at once). */
const profileStep = (actors: Parameters<typeof profileStepMachine.provide>[0]['actors'] = {}) =>
  profileStepMachine.provide({ actors: { checkProfileExists: resolves(true), ...actors } });

/**
 * The running profile step once it shows its form, with the parent's view saying so (the child's
 * changes do not change the parent's snapshot: wait on the child itself).
 */
async function profileFormOf(actor: JoinPracticeActor) {
  await waitFor(actor, (s) => s.matches('profileStep'));
  const step = selectProfileStep(actor.getSnapshot());
  if (!step) throw new Error('no profile step');
  await waitFor(step, (s) => s.hasTag('profileForm'));
  expect(selectJoinPracticeView(actor.getSnapshot())).toBe('profileForm');
  return step;
}

describe('landing machine', () => {
  it('signed out shows the chooser and starts a login returning to /', async () => {
    const login = vi.fn();
    const actor = createActor(
      landingMachine.provide({
        actors: { awaitSession: session({ user: null }) },
        actions: { login: (_, p) => login(p) },
      }),
      { input: { inviteLanding: false } },
    ).start();
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(selectLandingView(actor.getSnapshot())).toBe('chooser');
    actor.send({ type: 'login.choose', connection: 'google-oauth2' });
    expect(login).toHaveBeenCalledWith({ connection: 'google-oauth2', screenHint: 'login', returnTo: '/' });
  });

  it('redirects to the active practice environment', async () => {
    const redirect = vi.fn();
    const actor = createActor(
      landingMachine.provide({
        actors: {
          awaitSession: session({ user: fixtures.verifiedUser }),
          fetchActivePractice: resolves<ActivePracticeResponse>(fixtures.active),
        },
        actions: { redirectToEnvironment: (_, p) => redirect(p) },
      }),
      { input: { inviteLanding: false } },
    ).start();
    await waitFor(actor, (s) => s.status === 'done');
    expect(redirect).toHaveBeenCalledWith({ url: fixtures.active.activePractice.environmentUrl });
  });

  it('without an active practice waits exactly 2500 ms, then goes to /switch-practice', async () => {
    const clock = new SimulatedClock();
    const navigate = vi.fn();
    const actor = createActor(
      landingMachine.provide({
        actors: {
          awaitSession: session({ user: fixtures.verifiedUser }),
          fetchActivePractice: resolves<ActivePracticeResponse>(fixtures.noActive),
        },
        actions: { navigate: (_, p) => navigate(p) },
      }),
      { input: { inviteLanding: false }, clock },
    ).start();
    await waitFor(actor, (s) => s.matches('waitingToSwitch'));
    expect(selectLandingView(actor.getSnapshot())).toBe('noActivePractice');
    clock.increment(2499);
    expect(navigate).not.toHaveBeenCalled();
    clock.increment(1);
    expect(navigate).toHaveBeenCalledWith({ to: '/switch-practice', replace: true });
  });

  it('goes back to /invite when the invite landing flag is set and the invite is still stored', async () => {
    const navigate = vi.fn();
    const actor = createActor(
      landingMachine.provide({
        actors: { awaitSession: session({ user: fixtures.verifiedUser }), checkStoredInvite: resolves(true) },
        actions: { navigate: (_, p) => navigate(p) },
      }),
      { input: { inviteLanding: true } },
    ).start();
    await waitFor(actor, (s) => s.status === 'done');
    expect(navigate).toHaveBeenCalledWith({ to: '/invite', replace: true });
  });

  it('the flag without a readable stored invite (or failing to read it) looks up the active practice', async () => {
    for (const checkStoredInvite of [resolves(false), rejects<boolean>(new Error('chunk'))]) {
      const redirect = vi.fn();
      const actor = createActor(
        landingMachine.provide({
          actors: {
            awaitSession: session({ user: fixtures.verifiedUser }),
            checkStoredInvite,
            fetchActivePractice: resolves<ActivePracticeResponse>(fixtures.active),
          },
          actions: { redirectToEnvironment: (_, p) => redirect(p) },
        }),
        { input: { inviteLanding: true } },
      ).start();
      await waitFor(actor, (s) => s.status === 'done');
      expect(redirect).toHaveBeenCalledWith({ url: fixtures.active.activePractice.environmentUrl });
    }
  });
});

describe('switch-practice machine', () => {
  const live = (events: SwitchPracticeEvent[]) =>
    fromCallback<SwitchPracticeEvent>(({ sendBack }) => {
      for (const e of events) sendBack(e);
    });

  it('sorts lists, activates a chosen practice and redirects to its environment', async () => {
    const activate = vi.fn();
    const redirect = vi.fn();
    const actor = createActor(
      switchPracticeMachine.provide({
        actors: {
          watchUserState: live([{ type: 'userState.changed', state: userStates.verified }]),
          activatePractice: fromPromise<void, { practiceKey: string }>(async ({ input }) => activate(input)),
        },
        actions: { redirectToEnvironment: (_, p) => redirect(p) },
      }),
    ).start();
    expect(actor.getSnapshot().context.practices.map((p) => p.practiceName)).toEqual([
      'Bondi Beach Vets',
      'Harbourside Veterinary Clinic',
    ]);
    expect(actor.getSnapshot().hasTag('invitesVisible')).toBe(true);
    actor.send({ type: 'practice.choose', practiceKey: 'au-bondi' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(activate).toHaveBeenCalledWith({ practiceKey: 'au-bondi' });
    expect(redirect).toHaveBeenCalledWith({ url: fixtures.bondi.environmentUrl });
  });

  it('accepts an invite, then activates the joined practice', async () => {
    const calls: string[] = [];
    const redirect = vi.fn();
    const actor = createActor(
      switchPracticeMachine.provide({
        actors: {
          watchUserState: live([{ type: 'userState.changed', state: userStates.verified }]),
          acceptInvite: fromPromise<UserPractice, { practiceKey: string }>(async ({ input }) => {
            calls.push(`invite:${input.practiceKey}`);
            return fixtures.camden;
          }),
          activatePractice: fromPromise<void, { practiceKey: string }>(async ({ input }) => {
            calls.push(`active:${input.practiceKey}`);
          }),
        },
        actions: { redirectToEnvironment: (_, p) => redirect(p) },
      }),
    ).start();
    actor.send({ type: 'invite.accept', practiceKey: 'uk-camden' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual(['invite:uk-camden', 'active:uk-camden']);
    expect(redirect).toHaveBeenCalledWith({ url: fixtures.camden.environmentUrl });
  });

  it('an unverified user cannot accept invites and is sent to verify', () => {
    const navigate = vi.fn();
    const actor = createActor(
      switchPracticeMachine.provide({
        actors: { watchUserState: live([{ type: 'userState.changed', state: userStates.unverified }]) },
        actions: { navigate: (_, p) => navigate(p) },
      }),
    ).start();
    expect(actor.getSnapshot().hasTag('emailUnverified')).toBe(true);
    actor.send({ type: 'invite.accept', practiceKey: 'uk-camden' });
    expect(actor.getSnapshot().matches({ live: { ready: 'unverified' } })).toBe(true);
    actor.send({ type: 'email.verify' });
    expect(navigate).toHaveBeenCalledWith({
      to: '/auth/unverified-email',
      search: { returnTo: '/switch-practice' },
    });
  });

  it('updates live when the store changes', () => {
    let push: ((e: SwitchPracticeEvent) => void) | undefined;
    const actor = createActor(
      switchPracticeMachine.provide({
        actors: {
          watchUserState: fromCallback<SwitchPracticeEvent>(({ sendBack }) => {
            push = sendBack;
          }),
        },
      }),
    ).start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    push?.({ type: 'userState.changed', state: userStates.unverified });
    expect(actor.getSnapshot().hasTag('emailUnverified')).toBe(true);
    const invites: Invite[] = [fixtures.inviteBondi, fixtures.inviteCamden];
    push?.({ type: 'userState.changed', state: { ...userStates.verified, invites } });
    expect(actor.getSnapshot().hasTag('invitesVisible')).toBe(true);
    expect(actor.getSnapshot().context.invites).toEqual(invites);
  });
});

describe('join-practice machine, by invitation link', () => {
  const base = {
    awaitSession: session({ user: fixtures.verifiedUser }),
    profileStep: profileStep(),
    fetchPendingInvites: resolves<Invite[]>([fixtures.inviteCamden]),
    acceptInvite: resolves<UserPractice, { practiceKey: string }>(fixtures.camden),
  };

  it('stores the invite, signed out offers sign-up returning to the same invite', async () => {
    const store = vi.fn();
    const login = vi.fn();
    const actor = createActor(
      joinPracticeMachine.provide({
        actors: { awaitSession: session({ user: null }) },
        actions: { storeInvite: (_, p) => store(p), login: (_, p) => login(p) },
      }),
      { input: { via: 'link', practiceKey: 'uk-camden', redirectUri: 'http://uk.example.test/x' } },
    ).start();
    await waitFor(actor, (s) => s.matches('choosingSignup'));
    expect(store).toHaveBeenCalledWith({ practiceKey: 'uk-camden', redirectUri: 'http://uk.example.test/x' });
    actor.send({ type: 'signup.choose', connection: null });
    expect(login).toHaveBeenCalledWith({
      connection: null,
      screenHint: 'signup',
      returnTo: '/invite?practiceKey=uk-camden&redirectUri=http%3A%2F%2Fuk.example.test%2Fx',
    });
  });

  it('creates the profile, accepts, clears the stored invite and redirects', async () => {
    const created = vi.fn();
    const redirect = vi.fn();
    const clear = vi.fn();
    const actor = createActor(
      joinPracticeMachine.provide({
        actors: {
          ...base,
          profileStep: profileStep({
            checkProfileExists: resolves(false),
            createProfile: fromPromise<void, { profile: typeof fixtures.profile }>(async ({ input }) =>
              created(input),
            ),
          }),
        },
        actions: { redirectToPractice: (_, p) => redirect(p), clearInvite: clear },
      }),
      { input: { via: 'link', practiceKey: 'uk-camden', redirectUri: null } },
    ).start();
    await profileFormOf(actor);
    actor.send({ type: 'profile.submit', profile: fixtures.profile });
    await waitFor(actor, (s) => s.status === 'done');
    expect(created).toHaveBeenCalledWith({ profile: fixtures.profile });
    expect(clear).toHaveBeenCalled();
    expect(redirect).toHaveBeenCalledWith({ urls: [fixtures.camden.environmentUrl] });
  });

  it.each([
    [500, 'failed'],
    [503, 'failed'],
    [400, 'profileForm'],
    [409, 'done'],
  ])('profile creation answered %i → %s', async (status, expected) => {
    const navigate = vi.fn();
    const actor = createActor(
      joinPracticeMachine.provide({
        actors: {
          ...base,
          profileStep: profileStep({
            checkProfileExists: resolves(false),
            createProfile: rejects<void, { profile: Profile }>(failure(status, 'x')),
          }),
        },
        actions: { navigate: (_, p) => navigate(p) },
      }),
      { input: { via: 'link', practiceKey: 'uk-camden', redirectUri: null } },
    ).start();
    const step = await profileFormOf(actor);
    actor.send({ type: 'profile.submit', profile: fixtures.profile });
    // The step settles (back to its form, or done), then the parent (failed, or on to the end).
    await waitFor(step, (s) => s.status === 'done' || !s.hasTag('busy'));
    await waitFor(
      actor,
      (s) =>
        s.status === 'done' ||
        (s.matches('profileStep') && hasStepTag(s, 'profileForm') && !hasStepTag(s, 'busy')),
    );
    const snapshot = actor.getSnapshot();
    if (expected === 'done') expect(snapshot.status).toBe('done');
    else if (expected === 'failed') expect(snapshot.matches('failed')).toBe(true);
    else expect(selectJoinPracticeView(snapshot)).toBe(expected);
    if (expected === 'failed') {
      expect(navigate).toHaveBeenCalledWith({ to: '/server-error', replace: true });
      expect(snapshot.context.errorCode).toBe('profile_failed');
    }
    if (expected === 'profileForm')
      expect(selectProfileStepFailure(selectProfileStepSnapshot(snapshot))?.status).toBe(400);
  });

  it('an invite for another practice, an unknown invite and an unverified email get their own screens', async () => {
    const other = createActor(
      joinPracticeMachine.provide({
        actors: { ...base, fetchPendingInvites: resolves([fixtures.inviteBondi]) },
      }),
      { input: { via: 'link', practiceKey: 'uk-camden', redirectUri: null } },
    ).start();
    await waitFor(other, (s) => s.hasTag('otherPractice'));

    const unknown = createActor(
      joinPracticeMachine.provide({
        actors: { ...base, acceptInvite: rejects<UserPractice, { practiceKey: string }>(failure(404)) },
      }),
      {
        input: { via: 'link', practiceKey: 'uk-camden', redirectUri: null },
      },
    ).start();
    await waitFor(unknown, (s) => s.hasTag('inviteNotFound'));

    const unverified = createActor(
      joinPracticeMachine.provide({
        actors: { ...base, awaitSession: session({ user: fixtures.unverifiedUser }) },
      }),
      { input: { via: 'link', practiceKey: 'uk-camden', redirectUri: null } },
    ).start();
    await waitFor(unverified, (s) => s.hasTag('emailUnverified'));

    const missing = createActor(joinPracticeMachine, {
      input: { via: 'link', practiceKey: null, redirectUri: null },
    }).start();
    expect(missing.getSnapshot().hasTag('inviteNotFound')).toBe(true);
  });
});

describe('join-practice machine, by invite code', () => {
  it('leaves the stored invite alone (only an invitation link stores and clears it)', async () => {
    const store = vi.fn();
    const clear = vi.fn();
    const actor = createActor(
      joinPracticeMachine.provide({
        actors: {
          awaitSession: session({ user: fixtures.verifiedUser }),
          profileStep: profileStep(),
          joinWithCode: resolves<UserPractice, { inviteCode: string }>(fixtures.bondi),
        },
        actions: { storeInvite: store, clearInvite: clear },
      }),
      { input: { via: 'code', forceLogin: null, code: 'joinau01' } },
    ).start();
    await waitFor(actor, (s) => s.hasTag('codeForm'));
    actor.send({ type: 'code.submit', code: 'joinau01' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(store).not.toHaveBeenCalled();
    expect(clear).not.toHaveBeenCalled();
  });

  it('signed out with forceLogin unset shows the chooser; forceLogin=false logs in straight away', async () => {
    const login = vi.fn();
    const chooser = createActor(
      joinPracticeMachine.provide({ actors: { awaitSession: session({ user: null }) } }),
      {
        input: { via: 'code', forceLogin: null, code: 'abc' },
      },
    ).start();
    await waitFor(chooser, (s) => s.hasTag('loginChooser'));

    createActor(
      joinPracticeMachine.provide({
        actors: { awaitSession: session({ user: null }) },
        actions: { login: (_, p) => login(p) },
      }),
      { input: { via: 'code', forceLogin: false, code: 'abc' } },
    ).start();
    await vi.waitFor(() =>
      expect(login).toHaveBeenCalledWith({
        connection: undefined,
        screenHint: 'login',
        returnTo: '/invite-code?code=ABC',
      }),
    );
  });

  it('prefills uppercase, joins and redirects; a rejected code keeps the code and the server message', async () => {
    const redirect = vi.fn();
    let answer: 'reject' | 'accept' = 'reject';
    const seen: string[] = [];
    const actor = createActor(
      joinPracticeMachine.provide({
        actors: {
          awaitSession: session({ user: fixtures.verifiedUser }),
          profileStep: profileStep(),
          joinWithCode: fromPromise<UserPractice, { inviteCode: string }>(async ({ input }) => {
            seen.push(input.inviteCode);
            if (answer === 'reject') throw failure(404, 'Invalid invite code');
            return fixtures.bondi;
          }),
        },
        actions: { redirectToPractice: (_, p) => redirect(p) },
      }),
      { input: { via: 'code', forceLogin: null, code: 'joinau01' } },
    ).start();
    await waitFor(actor, (s) => s.hasTag('codeForm'));
    expect(actor.getSnapshot().context.code).toBe('JOINAU01');
    actor.send({ type: 'code.submit', code: 'nope' });
    await waitFor(actor, (s) => s.matches('enteringCode') && s.context.errorCode !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      code: 'NOPE',
      errorCode: 'code_rejected',
      serverMessage: 'Invalid invite code',
    });
    answer = 'accept';
    actor.send({ type: 'code.submit', code: 'joinau01' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(seen).toEqual(['NOPE', 'JOINAU01']);
    expect(redirect).toHaveBeenCalledWith({ urls: [fixtures.bondi.environmentUrl] });
  });

  it.each([500, 502, 408, 415, 424])(
    'a code the call could not check (%i: a server failure, or no usable answer) is a failure, not a refusal',
    async (status) => {
      const actor = createActor(
        joinPracticeMachine.provide({
          actors: {
            awaitSession: session({ user: fixtures.verifiedUser }),
            profileStep: profileStep(),
            joinWithCode: fromPromise<UserPractice, { inviteCode: string }>(async () => {
              throw failure(status, 'Request timed out, please try again');
            }),
          },
        }),
        { input: { via: 'code', forceLogin: null, code: 'joinau01' } },
      ).start();
      await waitFor(actor, (s) => s.hasTag('codeForm'));
      actor.send({ type: 'code.submit', code: 'joinau01' });
      await waitFor(actor, (s) => s.matches('enteringCode') && s.context.errorCode !== null);
      expect(actor.getSnapshot().context).toMatchObject({ code: 'JOINAU01', errorCode: 'code_failed' });
    },
  );

  it("a 200 answering { isSuccess: false, message } (a 500 with the server's words) shows that message", async () => {
    const actor = createActor(
      joinPracticeMachine.provide({
        actors: {
          awaitSession: session({ user: fixtures.verifiedUser }),
          profileStep: profileStep(),
          joinWithCode: fromPromise<UserPractice, { inviteCode: string }>(async () => {
            throw { ...failure(500, 'This invite code has expired'), customError: true };
          }),
        },
      }),
      { input: { via: 'code', forceLogin: null, code: 'joinau01' } },
    ).start();
    await waitFor(actor, (s) => s.hasTag('codeForm'));
    actor.send({ type: 'code.submit', code: 'joinau01' });
    await waitFor(actor, (s) => s.matches('enteringCode') && s.context.errorCode !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      errorCode: 'code_failed',
      serverMessage: 'This invite code has expired',
    });
  });

  it("a server failure's body is no message for the user: the default text", async () => {
    const actor = createActor(
      joinPracticeMachine.provide({
        actors: {
          awaitSession: session({ user: fixtures.verifiedUser }),
          profileStep: profileStep(),
          joinWithCode: fromPromise<UserPractice, { inviteCode: string }>(async () => {
            throw failure(500, 'boom');
          }),
        },
      }),
      { input: { via: 'code', forceLogin: null, code: 'joinau01' } },
    ).start();
    await waitFor(actor, (s) => s.hasTag('codeForm'));
    actor.send({ type: 'code.submit', code: 'joinau01' });
    await waitFor(actor, (s) => s.matches('enteringCode') && s.context.errorCode !== null);
    expect(actor.getSnapshot().context).toMatchObject({ errorCode: 'code_failed', serverMessage: null });
  });

  it('the profile step: the form (a 400 keeps it, with the errors), then the code form', async () => {
    const rejected = failure(400, 'Phone is invalid', { phone: ['Phone is invalid'] });
    const answers: Array<() => void> = [
      () => {
        throw rejected;
      },
      () => undefined,
    ];
    const actor = createActor(
      joinPracticeMachine.provide({
        actors: {
          awaitSession: session({ user: fixtures.verifiedUser }),
          profileStep: profileStep({
            checkProfileExists: resolves(false),
            createProfile: fromPromise<void, { profile: Profile }>(async () => answers.shift()?.()),
          }),
        },
      }),
      { input: { via: 'code', forceLogin: null, code: 'joinau01' } },
    ).start();
    const step = await profileFormOf(actor);
    expect(hasStepTag(actor.getSnapshot(), 'busy')).toBe(false);
    actor.send({ type: 'profile.submit', profile: fixtures.profile });
    expect(hasStepTag(actor.getSnapshot(), 'busy')).toBe(true);
    expect(selectJoinPracticeView(actor.getSnapshot())).toBe('profileForm');
    await waitFor(step, (s) => selectProfileStepFailure(s) !== null);
    expect(selectProfileStepFailure(selectProfileStepSnapshot(actor.getSnapshot()))).toEqual(rejected);
    expect(selectJoinPracticeView(actor.getSnapshot())).toBe('profileForm');
    actor.send({ type: 'profile.submit', profile: fixtures.profile });
    await waitFor(actor, (s) => s.hasTag('codeForm'));
    expect(selectProfileStep(actor.getSnapshot())).toBeUndefined();
    expect(selectProfileStepSnapshot(actor.getSnapshot())).toBeUndefined();
    expect(actor.getSnapshot().context.errorCode).toBeNull();
  });

  it('the profile step failing (≥ 500) goes to /server-error with profile_failed', async () => {
    const navigate = vi.fn();
    const actor = createActor(
      joinPracticeMachine.provide({
        actors: {
          awaitSession: session({ user: fixtures.verifiedUser }),
          profileStep: profileStep({ checkProfileExists: rejects<boolean>(failure(502)) }),
        },
        actions: { navigate: (_, p) => navigate(p) },
      }),
      { input: { via: 'code', forceLogin: null, code: null } },
    ).start();
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().context.errorCode).toBe('profile_failed');
    expect(navigate).toHaveBeenCalledWith({ to: '/server-error', replace: true });
  });

  it('an unverified user is sent to the verification screen', async () => {
    const navigate = vi.fn();
    createActor(
      joinPracticeMachine.provide({
        actors: {
          awaitSession: session({ user: fixtures.unverifiedUser }),
          profileStep: profileStep(),
        },
        actions: { navigate: (_, p) => navigate(p) },
      }),
      { input: { via: 'code', forceLogin: null, code: null } },
    ).start();
    await vi.waitFor(() =>
      expect(navigate).toHaveBeenCalledWith({
        to: '/auth/unverified-email',
        search: { returnTo: '/invite-code' },
        replace: true,
      }),
    );
  });
});

describe('portal-redirect machine', () => {
  it.each([
    ['signed out', { user: null }, fixtures.active, 'http://au.portal.test'],
    ['no active practice', { user: fixtures.verifiedUser }, fixtures.noActive, 'http://au.portal.test'],
    [
      'active practice',
      { user: fixtures.verifiedUser },
      fixtures.active,
      fixtures.active.activePractice.environmentUrl,
    ],
  ] as const)('%s', async (_name, answer, active, portalUrl) => {
    const redirect = vi.fn();
    const actor = createActor(
      portalRedirectMachine.provide({
        actors: {
          awaitSession: session(answer),
          fetchActivePractice: resolves<ActivePracticeResponse>(active),
        },
        actions: { redirectToPortal: (_, p) => redirect(p) },
      }),
      { input: { path: '/billing/x', search: '?y=1', defaultPortalUrl: 'http://au.portal.test' } },
    ).start();
    await waitFor(actor, (s) => s.status === 'done');
    expect(redirect).toHaveBeenCalledWith({ portalUrl, path: '/billing/x', search: '?y=1' });
  });
});

describe('practice names', () => {
  const portals = [
    {
      key: 'au' as const,
      name: 'AU',
      isPublic: true,
      locales: ['en-AU' as const],
      isEnvironmentVisible: false,
      url: 'http://au',
    },
    {
      key: 'uk' as const,
      name: 'UK',
      isPublic: true,
      locales: ['en-GB' as const],
      isEnvironmentVisible: true,
      url: 'http://uk',
    },
  ];
  it('prefixes the environment for product-domain users and visible portals only', () => {
    const rule = { email: 'olivia@example.com', productDomain: 'vetcloud.example', portals };
    expect(practiceDisplayName(fixtures.bondi, rule)).toBe('Bondi Beach Vets');
    expect(practiceDisplayName(fixtures.camden, rule)).toBe('UK - Camden Town Vets');
    expect(practiceDisplayName(fixtures.bondi, { ...rule, email: 'staff@VetCloud.example' })).toBe(
      'AU - Bondi Beach Vets',
    );
    expect(practiceDisplayName(fixtures.bondi, { ...rule, productDomain: '' })).toBe('Bondi Beach Vets');
  });
});
