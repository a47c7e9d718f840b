import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { Invite, UserPractice, UserState, UserStateMessage } from './domain';

/**
 * The user store (spec §3): practices, practicesHasLoaded, invites, email, hasProfile.
 * Kept live by the real-time connection: every `userState` message from the hub arrives as
 * `store.message` (in any state), so every screen updates without a reload. `store.load`
 * fetches through the provided `fetchUserState` actor (GET /api/userpractice/ and
 * /api/profile/exists at the edge) when the hub cannot be relied on (first paint, fallback).
 *
 * idle ── store.load ──▶ loading ── done ──▶ idle
 *                            └──── error ──▶ failed ── store.load ──▶ loading
 */

/** What `fetchUserState` resolves with: the parts it could read (missing parts stay as they are). */
export type UserStatePatch = Partial<Omit<UserState, 'practicesHasLoaded'>>;

export type UserStoreErrorCode = 'loadFailed';

export interface UserStoreContext extends UserState {
  error: UserStoreErrorCode | null;
}

export interface UserStoreInput {
  /** The signed-in user's email, from the session (before the API answers). */
  email?: { address: string; verified: boolean };
}

export type UserStoreEvent =
  | { type: 'store.message'; message: UserStateMessage }
  | { type: 'store.load' }
  | { type: 'store.reset' };

function byPracticeName(a: UserPractice, b: UserPractice): number {
  return a.practiceName.localeCompare(b.practiceName, undefined, { sensitivity: 'base' });
}

function sortPractices(practices: readonly UserPractice[]): UserPractice[] {
  return [...practices].sort(byPracticeName);
}

function initialContext(input: UserStoreInput | undefined): UserStoreContext {
  return {
    practices: [],
    practicesHasLoaded: false,
    invites: [],
    email: input?.email ?? { address: '', verified: false },
    hasProfile: false,
    error: null,
  };
}

/** Applies a hub message to the store (pure; exported for the hub-side tests too). */
export function applyUserStateMessage(
  context: UserStoreContext,
  message: UserStateMessage,
): UserStoreContext {
  switch (message.type) {
    case 'state':
      return {
        ...context,
        practices: sortPractices(message.payload.practices),
        practicesHasLoaded: true,
        invites: message.payload.invites,
        email: message.payload.email,
        hasProfile: message.payload.hasProfile,
      };
    case 'practices':
      return { ...context, practices: sortPractices(message.payload), practicesHasLoaded: true };
    case 'invites':
      return { ...context, invites: message.payload };
    case 'email':
      return { ...context, email: message.payload };
    case 'profile':
      return { ...context, hasProfile: message.payload.hasProfile };
    default:
      return context;
  }
}

function applyPatch(context: UserStoreContext, patch: UserStatePatch): UserStoreContext {
  return {
    ...context,
    ...(patch.practices ? { practices: sortPractices(patch.practices), practicesHasLoaded: true } : {}),
    ...(patch.invites ? { invites: patch.invites } : {}),
    ...(patch.email ? { email: patch.email } : {}),
    ...(patch.hasProfile === undefined ? {} : { hasProfile: patch.hasProfile }),
    error: null,
  };
}

export const userStoreMachine = setup({
  types: {
    context: {} as UserStoreContext,
    events: {} as UserStoreEvent,
    input: {} as UserStoreInput | undefined,
  },
  actors: {
    fetchUserState: fromPromise<UserStatePatch>(async () => {
      throw new Error('fetchUserState not provided');
    }),
  },
  actions: {
    applyMessage: assign(({ context }, params: { message: UserStateMessage }) =>
      applyUserStateMessage(context, params.message),
    ),
    applyPatch: assign(({ context }, params: { patch: UserStatePatch }) => applyPatch(context, params.patch)),
    assignLoadError: assign({ error: 'loadFailed' as const }),
    clearLoadError: assign({ error: null }),
    reset: assign(({ context }) => initialContext({ email: context.email })),
  },
}).createMachine({
  id: 'userStore',
  context: ({ input }) => initialContext(input),
  on: {
    'store.message': {
      actions: { type: 'applyMessage', params: ({ event }) => ({ message: event.message }) },
    },
    'store.reset': { target: '.idle', actions: 'reset' },
  },
  initial: 'idle',
  states: {
    idle: {
      on: { 'store.load': 'loading' },
    },
    loading: {
      tags: ['busy'],
      // A new attempt: the last failure no longer stands.
      entry: 'clearLoadError',
      invoke: {
        id: 'fetchUserState',
        src: 'fetchUserState',
        onDone: {
          target: 'idle',
          actions: { type: 'applyPatch', params: ({ event }) => ({ patch: event.output }) },
        },
        onError: { target: 'failed', actions: 'assignLoadError' },
      },
    },
    failed: {
      on: { 'store.load': 'loading' },
    },
  },
});

export type UserStoreActor = ActorRefFrom<typeof userStoreMachine>;
export type UserStoreSnapshot = SnapshotFrom<typeof userStoreMachine>;

/** Practices sorted by practiceName (kept sorted in context, so this is stable for React). */
export const selectPractices = (snapshot: UserStoreSnapshot): UserPractice[] => snapshot.context.practices;
export const selectInvites = (snapshot: UserStoreSnapshot): Invite[] => snapshot.context.invites;
export const selectEmail = (snapshot: UserStoreSnapshot): { address: string; verified: boolean } =>
  snapshot.context.email;
export const selectHasProfile = (snapshot: UserStoreSnapshot): boolean => snapshot.context.hasProfile;
export const selectPracticesHasLoaded = (snapshot: UserStoreSnapshot): boolean =>
  snapshot.context.practicesHasLoaded;
export const selectUserStoreError = (snapshot: UserStoreSnapshot): UserStoreErrorCode | null =>
  snapshot.context.error;
