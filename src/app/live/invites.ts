import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import type { Invite, Profile, SessionUser, UserPractice, UserState } from '../../../machines/domain';
import { type InviteInput, inviteMachine } from '../../../machines/invite.machine';
import { type InviteCodeInput, inviteCodeMachine } from '../../../machines/invite-code.machine';
import { profileStepMachine } from '../../../machines/profile-step.machine';
import { selectUser } from '../../../machines/session.machine';
import type { ProfilePayload } from '../../api/endpoints';
import { logger } from '../logger';
import { storageKeys } from '../storage-keys';
import { call, type FlowEdges, fallbackLists, settledSession, useFlowEdges } from './practices';
import { firstAllowedUrl } from './redirects';

/**
 * Effects of the invite flows (spec §2 /invite and /invite-code, §6, §8): the stored invite
 * (practiceKey + redirectUri) and the invite landing flag in local storage, so they survive the
 * sign-up redirect and a reload; the profile and invite calls; login; navigation; and the
 * redirect to `redirectUri` when it is on an allowed origin, else to the practice's environment.
 */

// ───────────────────────────── the stored invite ─────────────────────────────

function storageOf(storage?: Storage): Storage | null {
  if (storage) return storage;
  return typeof window === 'undefined' ? null : window.localStorage;
}

export function readStoredInvite(storage?: Storage): InviteInput | null {
  const store = storageOf(storage);
  try {
    const raw = store?.getItem(storageKeys.invite);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Record<keyof InviteInput, unknown>>;
    if (typeof value.practiceKey !== 'string' || value.practiceKey === '') return null;
    return {
      practiceKey: value.practiceKey,
      redirectUri:
        typeof value.redirectUri === 'string' && value.redirectUri !== '' ? value.redirectUri : null,
    };
  } catch {
    return null;
  }
}

export function storeInvite(invite: InviteInput, storage?: Storage): void {
  const store = storageOf(storage);
  try {
    store?.setItem(storageKeys.invite, JSON.stringify(invite));
    store?.setItem(storageKeys.inviteLanding, 'true');
  } catch (error) {
    logger.warn('invite: could not store the invite', error);
  }
}

export function clearStoredInvite(storage?: Storage): void {
  const store = storageOf(storage);
  store?.removeItem(storageKeys.invite);
  store?.removeItem(storageKeys.inviteLanding);
}

/** The landing page sends a user back to /invite once after signing up (one-shot flag). */
export function hasInviteLanding(storage?: Storage): boolean {
  const store = storageOf(storage);
  return store?.getItem(storageKeys.inviteLanding) === 'true' && readStoredInvite(storage) !== null;
}

export function clearInviteLanding(storage?: Storage): void {
  storageOf(storage)?.removeItem(storageKeys.inviteLanding);
}

/** The invite of the page: the address's practiceKey wins, else the stored invite. */
export function resolveInviteInput(
  search: { practiceKey?: string | undefined; redirectUri?: string | undefined },
  storage?: Storage,
): InviteInput {
  if (search.practiceKey) return { practiceKey: search.practiceKey, redirectUri: search.redirectUri ?? null };
  return readStoredInvite(storage) ?? { practiceKey: null, redirectUri: null };
}

// ───────────────────────────── shared calls ─────────────────────────────

/**
 * Body of POST /api/profile/ from the invite pages: the profile plus `verifiedEmail` (spec §3, §7:
 * sent on invite creation), whether the identity provider says the signed-in address is verified
 * (decision 065).
 */
export const toPayload = (
  profile: Profile,
  user: Pick<SessionUser, 'email_verified'> | null,
): ProfilePayload => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  email: profile.email,
  phone: profile.phone,
  dateOfBirth: profile.dateOfBirth,
  verifiedEmail: user?.email_verified === true,
});

async function pendingInvitesOf(edges: FlowEdges): Promise<Invite[]> {
  const store = edges.actors.userStore;
  if (store) {
    const snapshot: { context: UserState } = store.getSnapshot();
    if (snapshot.context.practicesHasLoaded) return snapshot.context.invites;
  }
  return (await call(() => fallbackLists())).invites;
}

/** The profile step both invite flows invoke (machines/profile-step.machine.ts). */
export function provideProfileStep(edges: FlowEdges): typeof profileStepMachine {
  return profileStepMachine.provide({
    actors: {
      checkProfileExists: fromPromise(() => call(() => edges.api().profileExists())),
      createProfile: fromPromise(({ input }) =>
        call(() =>
          edges.api().createProfile(toPayload(input.profile, selectUser(edges.actors.session.getSnapshot()))),
        ),
      ),
    },
  });
}

// ───────────────────────────── /invite ─────────────────────────────

export function provideInvite(edges: FlowEdges, storage?: Storage): typeof inviteMachine {
  return inviteMachine.provide({
    actors: {
      awaitSession: fromPromise(() => settledSession(edges.actors.session)),
      profileStep: provideProfileStep(edges),
      // The user store knows the pending invites; without it the server decides alone.
      fetchPendingInvites: fromPromise(() => pendingInvitesOf(edges)),
      acceptInvite: fromPromise<UserPractice, { practiceKey: string }>(({ input }) =>
        call(() => edges.api().acceptInvite(input.practiceKey)),
      ),
    },
    actions: {
      login: (_, params) => edges.login(params),
      navigate: (_, params) => edges.navigate(params),
      storeInvite: (_, params) => storeInvite(params, storage),
      clearInvite: () => clearStoredInvite(storage),
      redirectToInviteTarget: (_, params) =>
        edges.redirect(firstAllowedUrl([params.redirectUri, params.environmentUrl], edges.config)),
    },
  });
}

export type InviteActor = ActorRefFrom<typeof inviteMachine>;

export function useInviteActor(search: {
  practiceKey?: string | undefined;
  redirectUri?: string | undefined;
}): InviteActor {
  const edges = useFlowEdges();
  const [machine] = useState(() => provideInvite(edges));
  const [input] = useState(() => resolveInviteInput(search));
  return useActorRef(machine, { input });
}

// ───────────────────────────── /invite-code ─────────────────────────────

export function provideInviteCode(edges: FlowEdges): typeof inviteCodeMachine {
  return inviteCodeMachine.provide({
    actors: {
      awaitSession: fromPromise(() => settledSession(edges.actors.session)),
      profileStep: provideProfileStep(edges),
      joinWithCode: fromPromise<UserPractice, { inviteCode: string }>(({ input }) =>
        call(() => edges.api().joinByInviteCode(input.inviteCode)),
      ),
    },
    actions: {
      login: (_, params) => edges.login(params),
      navigate: (_, params) => edges.navigate(params),
      redirectToEnvironment: (_, params) => edges.redirect(params.url),
    },
  });
}

export type InviteCodeActor = ActorRefFrom<typeof inviteCodeMachine>;

export function useInviteCodeActor(input: InviteCodeInput): InviteCodeActor {
  const edges = useFlowEdges();
  const [machine] = useState(() => provideInviteCode(edges));
  const [first] = useState(input);
  return useActorRef(machine, { input: first });
}
