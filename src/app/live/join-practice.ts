import { fromPromise } from 'xstate';
import type { Invite, Profile, SessionUser, UserPractice } from '#machines/domain';
import {
  type JoinPracticeActor,
  type JoinPracticeInput,
  joinPracticeMachine,
} from '#machines/join-practice.machine';
import { profileStepMachine } from '#machines/profile-step.machine';
import { selectUser } from '#machines/session.machine';
import type { ProfilePayload } from '../../api/endpoints';
import { useFlowActor } from '../../ui/flow-actor';
import { type FlowEdges, settledSession, useFlowEdges } from './edge';
import { firstAllowedUrl } from './redirects';
import { clearStoredInvite, resolveInviteLink, storeInvite } from './stored-invite';

/**
 * Effects of the join-practice machine (spec §2 /invite and /invite-code, §6, §8): the stored invite
 * (src/app/live/stored-invite.ts), the profile and invite calls, login, navigation, and the
 * redirect to the first allowed of the machine's urls (`redirectUri`, then the environment).
 */

// ───────────────────────────── shared calls ─────────────────────────────

/**
 * Body of POST /api/profile/ from the invite pages: the profile plus `verifiedEmail` (spec §3, §7:
 * sent on invite creation), whether the identity provider says the signed-in address is verified
 * (decision 044).
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
  return edges.call((api) => api.pendingInvites());
}

/** The profile step the join-practice machine invokes (machines/profile-step.machine.ts). */
export function provideProfileStep(edges: FlowEdges): typeof profileStepMachine {
  return profileStepMachine.provide({
    actors: {
      checkProfileExists: fromPromise(() => edges.call((api) => api.profileExists())),
      createProfile: fromPromise(({ input }) =>
        edges.call((api) =>
          api.createProfile(toPayload(input.profile, selectUser(edges.actors.session.getSnapshot()))),
        ),
      ),
    },
  });
}

// ───────────────────────────── joining a practice ─────────────────────────────

export function provideJoinPractice(edges: FlowEdges, storage?: Storage): typeof joinPracticeMachine {
  return joinPracticeMachine.provide({
    actors: {
      awaitSession: fromPromise(() => settledSession(edges.actors.session)),
      profileStep: provideProfileStep(edges),
      // The user store knows the pending invites; without it the server decides alone.
      fetchPendingInvites: fromPromise(() => pendingInvitesOf(edges)),
      acceptInvite: fromPromise<UserPractice, { practiceKey: string }>(({ input }) =>
        edges.call((api) => api.acceptInvite(input.practiceKey)),
      ),
      joinWithCode: fromPromise<UserPractice, { inviteCode: string }>(({ input }) =>
        edges.call((api) => api.joinByInviteCode(input.inviteCode)),
      ),
    },
    actions: {
      login: (_, params) => edges.login(params),
      navigate: (_, params) => edges.navigate(params),
      storeInvite: (_, params) => storeInvite(params, storage),
      clearInvite: () => clearStoredInvite(storage),
      // Which url comes first is the machine's; whether it may be left for, the allow-list's.
      redirectToPractice: (_, params) => edges.redirect(firstAllowedUrl(params.urls, edges.config)),
    },
  });
}

/** The join-practice actor of a route screen (lives as long as the screen; the first input wins). */
export function useJoinPracticeActor(input: () => JoinPracticeInput): JoinPracticeActor {
  const edges = useFlowEdges();
  return useFlowActor(() => provideJoinPractice(edges), input);
}

/** The input of /invite (`via: 'link'`): the address's invitation link, else the stored one. */
export function joinPracticeLinkInput(search: {
  practiceKey?: string | undefined;
  redirectUri?: string | undefined;
}): JoinPracticeInput {
  return { via: 'link', ...resolveInviteLink(search) };
}

/** The input of /invite-code (`via: 'code'`): the address's code and forceLogin. */
export function joinPracticeCodeInput(search: {
  forceLogin?: boolean | undefined;
  code?: string | undefined;
}): JoinPracticeInput {
  return { via: 'code', forceLogin: search.forceLogin ?? null, code: search.code ?? null };
}
