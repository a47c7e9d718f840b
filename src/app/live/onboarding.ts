import type { AnyRouter } from '@tanstack/react-router';
import { fromCallback, fromPromise } from 'xstate';
import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import type { LocaleCode, Profile, SessionUser, UserPractice } from '#machines/domain';
import {
  type OnboardingInput,
  type OnboardingRoute,
  onboardingMachine,
  type RouteChangedEvent,
} from '#machines/onboarding.machine';
import type { OnboardingDraft, RegionChoice } from '#machines/onboarding-draft';
import { type DraftPart, draftStorageKeyList, draftStorageKeys } from '#machines/onboarding-steps';
import {
  type PracticeActivationEvent,
  practiceActivationMachine,
} from '#machines/practice-activation.machine';
import type { NavigateParams } from '#machines/practice-flow';
import { type LoginRequest, selectSessionStatus } from '#machines/session.machine';
import type { Endpoints } from '../../api/endpoints';
import { logger } from '../../logger';
import {
  readStoredOptions,
  readStoredPin,
  readStoredPractice,
  readStoredProfile,
} from '../../validation/stored-draft';
import type { RootActors } from '../root-actors';
import { api, call } from './api';
import { settledSession, settledSnapshot } from './edge';
import { routerNavigate } from './navigate';
import { redirectToEnvironment } from './redirects';

/**
 * The onboarding machine's effects (spec §4, §7): the API calls, the session, local storage for
 * the draft, navigation, locale and the redirect to the practice's environment.
 *
 * The actor itself belongs to the onboarding routes' layout screen (src/app/screens/onboarding-flow.tsx):
 * created with the layout, stopped when the layout unmounts, told of every new address
 * (`routeChanged`, with the stored draft the machine restarts from when the address is not its step).
 */

// ───────────────────────────── the draft in local storage ─────────────────────────────

function readJson(storage: Storage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

/** How each part of the draft is read back: through its schema (src/validation/stored-draft.ts). */
const draftParts = Object.keys(draftStorageKeys) as DraftPart[];

const readers: { [P in DraftPart]: (value: unknown) => OnboardingDraft[P] } = {
  pin: readStoredPin,
  practice: readStoredPractice,
  profile: readStoredProfile,
  options: readStoredOptions,
};

/** The draft from local storage (the step table's keys, spec §9), each part through its schema: anything malformed is ignored. */
export function readDraft(storage: Storage = window.localStorage): OnboardingDraft {
  const part = <P extends DraftPart>(p: P): OnboardingDraft[P] =>
    readers[p](readJson(storage, draftStorageKeys[p]));
  return { pin: part('pin'), practice: part('practice'), profile: part('profile'), options: part('options') };
}

/** What is stored of each part of the draft (null: the key is removed). */
const stored: { [P in DraftPart]: (value: OnboardingDraft[P]) => unknown } = {
  pin: (pin) => pin,
  practice: (practice) => practice,
  profile: (profile) => profile,
  // Options without a directory practice are the default: nothing to keep.
  options: (options) => (options.registeredFromDirectoryPracticeKey === null ? null : options),
};

export function writeDraft(draft: OnboardingDraft, storage: Storage = window.localStorage): void {
  const put = <P extends DraftPart>(p: P) => {
    const value = stored[p](draft[p]);
    if (value === null || value === undefined) storage.removeItem(draftStorageKeys[p]);
    else storage.setItem(draftStorageKeys[p], JSON.stringify(value));
  };
  try {
    for (const p of draftParts) put(p);
  } catch (error) {
    logger.warn('onboarding: could not store the draft', error);
  }
}

export function clearStoredDraft(storage: Storage = window.localStorage): void {
  for (const key of draftStorageKeyList) storage.removeItem(key);
}

// ───────────────────────────── calls ─────────────────────────────

// ───────────────────────────── real-time practices ─────────────────────────────

interface Watchable<TSnapshot> {
  getSnapshot(): TSnapshot;
  subscribe(listener: (snapshot: TSnapshot) => void): { unsubscribe(): void };
}

/** The user store and hub connection of the root actors (read structurally, so tests can pass fakes). */
interface RealtimeActors {
  userStore?: Watchable<{ context: { practices: UserPractice[] } }>;
  hubConnection?: Watchable<{ hasTag(tag: string): boolean }>;
}

/** The live state, created if need be (src/app/root-actors.ts); a test's fakes as they are. */
async function realtimeOf(actors: RootActors & RealtimeActors): Promise<RealtimeActors> {
  if (actors.userStore || actors.hubConnection) return actors;
  return actors.realtime ? actors.realtime.load() : {};
}

// ───────────────────────────── provide ─────────────────────────────

export interface OnboardingEdges {
  actors: RootActors & RealtimeActors;
  config: RuntimeConfig;
  navigate(params: NavigateParams): void;
  /** Drops the navigations `navigate` has not applied yet (the flow restarted elsewhere). */
  dropPendingNavigations?(): void;
  setLocale(locale: LocaleCode): void;
  storage?: Storage;
  api?: Endpoints;
}

export function regionChoicesOf(config: RuntimeConfig): RegionChoice[] {
  const publicPortals = config.app.portals.filter((p) => p.isPublic);
  const choices = publicPortals.map((p) => ({
    key: p.key,
    locale: p.locales[0] ?? (p.key === 'uk' ? ('en-GB' as const) : ('en-AU' as const)),
  }));
  return choices.length > 0 ? choices : [{ key: 'au', locale: 'en-AU' }];
}

export function provideOnboarding(edges: OnboardingEdges): typeof onboardingMachine {
  const session = edges.actors.session;
  const storage = edges.storage ?? window.localStorage;
  const endpoints = () => edges.api ?? api();

  const sessionUser = async (): Promise<SessionUser | null> => (await settledSession(session)).user;

  /** The identity provider's login by redirect: pending while the browser leaves. */
  const loginRedirect = async (request: LoginRequest): Promise<never> => {
    session.send({ type: 'session.login', request });
    // Back in signedOut means the login could not start.
    await settledSnapshot(session, { until: (s) => selectSessionStatus(s) === 'signedOut' });
    throw new Error('The login could not start');
  };

  /**
   * Authenticated calls wait for the session to settle (after a reload the token is not there
   * yet). Whether a signed-out user may make the call at all is the machine's (decision 162: it
   * confirms the session first); a call without a token fails as the API client says (401).
   */
  const authed = async <T>(work: () => Promise<T>): Promise<T> => {
    await sessionUser();
    return call(work);
  };

  return onboardingMachine.provide({
    actors: {
      verifyPin: fromPromise(({ input }) => call(() => endpoints().verifyPin(input.pin))),
      getSessionUser: fromPromise(sessionUser),
      signUp: fromPromise(({ input }) =>
        loginRedirect({ connection: input.connection, screenHint: 'signup', returnTo: input.returnTo }),
      ),
      signIn: fromPromise(({ input }) => loginRedirect({ returnTo: input.returnTo })),
      loadProfile: fromPromise(async (): Promise<{ user: SessionUser | null; profile: Profile | null }> => {
        const user = await sessionUser();
        if (!user) return { user: null, profile: null };
        const exists = await call(() => endpoints().profileExists());
        const profile = exists ? await call(() => endpoints().profile()) : null;
        return { user, profile };
      }),
      createProfile: fromPromise(({ input }) =>
        authed(() =>
          endpoints().createProfile({
            firstName: input.profile.firstName,
            lastName: input.profile.lastName,
            email: input.profile.email,
            phone: input.profile.phone,
            dateOfBirth: input.profile.dateOfBirth,
          }),
        ),
      ),
      fetchDevices: fromPromise(({ input }) => call(() => endpoints().fetchDevices(input.pin))),
      registerPractice: fromPromise(({ input }) => authed(() => endpoints().registerPractice(input))),
      loadDirectoryPractice: fromPromise(({ input }) =>
        call(() => endpoints().sharedDirectoryPractice(input.key)),
      ),
      practiceActivation: practiceActivationMachine.provide({
        actors: {
          fetchUserPractices: fromPromise(() => authed(() => endpoints().userPractices())),
          watchUserPractices: fromCallback(({ sendBack }) => {
            const send = (event: PracticeActivationEvent) => sendBack(event);
            const subscriptions: Array<{ unsubscribe(): void }> = [];
            let stopped = false;
            const watch = ({ userStore, hubConnection: hub }: RealtimeActors) => {
              if (stopped) return;
              // Pushed updates need both: the connection's state and the store it keeps up to date.
              if (hub && userStore) {
                let connected: boolean | null = null;
                const onHub = (snapshot: { hasTag(tag: string): boolean }) => {
                  const now = snapshot.hasTag('connected');
                  if (now === connected) return;
                  connected = now;
                  send({ type: now ? 'realtime.connected' : 'realtime.disconnected' });
                };
                onHub(hub.getSnapshot());
                subscriptions.push(hub.subscribe(onHub));
              }
              if (userStore) {
                const onStore = (snapshot: { context: { practices: UserPractice[] } }) =>
                  send({ type: 'practices.update', practices: snapshot.context.practices });
                onStore(userStore.getSnapshot());
                subscriptions.push(userStore.subscribe(onStore));
              }
            };
            // Without the live state (its code could not be loaded) the thank-you page polls alone.
            realtimeOf(edges.actors).then(watch, () => undefined);
            return () => {
              stopped = true;
              for (const s of subscriptions) s.unsubscribe();
            };
          }),
        },
      }),
    },
    actions: {
      navigate: (_, params) => edges.navigate(params),
      dropPendingNavigations: () => edges.dropPendingNavigations?.(),
      persistDraft: (_, params) => writeDraft(params.draft, storage),
      clearDraft: () => clearStoredDraft(storage),
      applyLocale: (_, params) => edges.setLocale(params.locale),
      redirectToEnvironment: (_, params) => {
        redirectToEnvironment(params.url, edges.config);
      },
    },
  });
}

// ───────────────────────────── the address follows the machine ─────────────────────────────

/**
 * The address follows the machine once the new step is on screen (decisions 041, 043): the
 * machine's navigations are queued and applied after the browser has painted the new step (the
 * task after the next animation frame; after 100 ms when no frame comes, e.g. in a background tab),
 * all in one task and in order, so the router never sees an intermediate step. The router's work
 * for the new address (matching, history, the layout's re-render, scroll restoration) then no
 * longer delays the step's first frame. `cancel` drops what is still queued (the flow ended).
 */
export function afterPaintNavigator(router: AnyRouter): {
  navigate(params: NavigateParams): void;
  cancel(): void;
} {
  let queue: NavigateParams[] = [];
  let cancelScheduled: (() => void) | null = null;
  const flush = () => {
    cancelScheduled = null;
    const queued = queue;
    queue = [];
    for (const params of queued) routerNavigate(router, params);
  };
  return {
    navigate(params) {
      queue.push(params);
      if (cancelScheduled) return;
      let task: ReturnType<typeof setTimeout> | undefined;
      const frame = requestAnimationFrame(() => {
        clearTimeout(fallback);
        task = setTimeout(flush, 0);
      });
      const fallback = setTimeout(() => {
        cancelAnimationFrame(frame);
        flush();
      }, 100);
      cancelScheduled = () => {
        cancelAnimationFrame(frame);
        clearTimeout(fallback);
        clearTimeout(task);
      };
    },
    cancel() {
      cancelScheduled?.();
      cancelScheduled = null;
      queue = [];
    },
  };
}

/** The machine's input for a route: its step and keys, the stored draft, the regions of the config. */
export function onboardingInputOf(
  route: OnboardingRoute,
  config: RuntimeConfig,
  storage: Storage = window.localStorage,
): OnboardingInput {
  return { ...route, draft: readDraft(storage), regions: regionChoicesOf(config) };
}

/** A new address of the flow's routes, with the stored draft the machine restarts from if it must. */
export function routeChanged(
  route: OnboardingRoute,
  storage: Storage = window.localStorage,
): RouteChangedEvent {
  return { type: 'route.changed', ...route, draft: readDraft(storage) };
}
