import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { Invite, Profile, SessionUser, UserPractice } from '../../../machines/domain';
import { type InviteActor, inviteMachine } from '../../../machines/invite.machine';
import {
  type InviteCodeActor,
  type InviteCodeInput,
  inviteCodeMachine,
} from '../../../machines/invite-code.machine';
import { profileStepMachine } from '../../../machines/profile-step.machine';
import { selectUser } from '../../../machines/session.machine';
import type { ProfilePayload } from '../../api/endpoints';
import { call, fallbackLists } from './api';
import { type FlowEdges, settledSession, useFlowEdges } from './edge';
import { firstAllowedUrl } from './redirects';
import { clearStoredInvite, resolveInviteInput, storeInvite } from './stored-invite';

/**
 * Effects of the invite flows (spec §2 /invite and /invite-code, §6, §8): the stored invite
 * (src/app/live/stored-invite.ts), the profile and invite calls, login, navigation, and the
 * redirect to `redirectUri` when it is on an allowed origin, else to the practice's environment.
 */

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
  const { userStore } = await edges.actors.realtime.load();
  const { context } = userStore.getSnapshot();
  if (context.practicesHasLoaded) return context.invites;
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

export function useInviteCodeActor(input: InviteCodeInput): InviteCodeActor {
  const edges = useFlowEdges();
  const [machine] = useState(() => provideInviteCode(edges));
  const [first] = useState(input);
  return useActorRef(machine, { input: first });
}
