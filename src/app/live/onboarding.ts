import { type AnyRouter, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import type { LocaleCode, Profile, SessionUser } from '#machines/domain';
import {
  type OnboardingActor,
  type OnboardingInput,
  type OnboardingRoute,
  onboardingMachine,
  type RouteChangedEvent,
} from '#machines/onboarding.machine';
import type { OnboardingDraft, RegionChoice } from '#machines/onboarding-draft';
import {
  type DraftPart,
  draftStorageKeyList,
  draftStorageKeys,
  fieldSteps,
  fieldsStorageKey,
} from '#machines/onboarding-steps';
import {
  type PracticeActivationEvent,
  practiceActivationMachine,
} from '#machines/practice-activation.machine';
import type { LoginParams, NavigateParams } from '#machines/practice-flow';
import { selectSessionStatus } from '#machines/session.machine';
import type { Endpoints } from '../../api/endpoints';
import { useLocaleControl } from '../../i18n/intl-provider';
import { logger } from '../../logger';
import { useFlowActor } from '../../ui/flow-actor';
import { useRuntimeConfig } from '../../ui/runtime-config';
import {
  readStoredFields,
  readStoredOptions,
  readStoredPin,
  readStoredPractice,
  readStoredProfile,
} from '../../validation/stored-draft';
import { useRootActors } from '../actors-context';
import { browserStorage } from '../browser-storage';
import { type FlowEdges, flowEdges, settledSession, settledSnapshot, watchUserStore } from './edge';
import { routerNavigate } from './navigate';

/**
 * The onboarding machine's effects (spec §4, §7) on the one edge (decision 170): the API calls
 * through `call`, the session, the one login, the live user store, the draft in local storage
 * (`browserStorage`), navigation after the new step is painted, the locale and the allow-listed
 * redirect to the practice's environment.
 *
 * The actor belongs to the onboarding routes' layout screen (src/app/screens/onboarding.tsx,
 * `useOnboardingActor`): created with the layout, stopped when the layout unmounts, told of every
 * new address (`routeChanged`, with the stored draft the machine restarts from when the address is
 * not its step).
 */

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

// ───────────────────────────── the draft in local storage ─────────────────────────────

function readJson(storage: DraftStorage | null, key: string): unknown {
  try {
    const raw = storage?.getItem(key) ?? null;
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

/**
 * The draft from local storage (the step table's keys, spec §9), each part through its schema:
 * anything malformed is ignored; without storage (refused, no window) the draft is empty.
 */
export function readDraft(storage: DraftStorage | null = browserStorage('local')): OnboardingDraft {
  const draft = Object.fromEntries(
    draftParts.map((p) => [p, readers[p](readJson(storage, draftStorageKeys[p]))]),
  ) as unknown as OnboardingDraft;
  // The steps' own fields (the table's `fields`), each step under its key.
  const fields = Object.fromEntries(
    fieldSteps.flatMap((s) => {
      const values = readStoredFields(readJson(storage, fieldsStorageKey(s.id)), s.fields);
      return values === null ? [] : [[s.id, values]];
    }),
  );
  return Object.keys(fields).length === 0 ? draft : { ...draft, fields };
}

/** What is stored of each part of the draft (null: the key is removed). */
const stored: { [P in DraftPart]: (value: OnboardingDraft[P]) => unknown } = {
  pin: (pin) => pin,
  practice: (practice) => practice,
  profile: (profile) => profile,
  // Options without a directory practice are the default: nothing to keep.
  options: (options) => (options.registeredFromDirectoryPracticeKey === null ? null : options),
};

export function writeDraft(
  draft: OnboardingDraft,
  storage: DraftStorage | null = browserStorage('local'),
): void {
  if (!storage) return;
  const put = <P extends DraftPart>(p: P) => {
    const value = stored[p](draft[p]);
    if (value === null || value === undefined) storage.removeItem(draftStorageKeys[p]);
    else storage.setItem(draftStorageKeys[p], JSON.stringify(value));
  };
  try {
    for (const p of draftParts) put(p);
    for (const s of fieldSteps) {
      const values = draft.fields?.[s.id];
      if (values === undefined) storage.removeItem(fieldsStorageKey(s.id));
      else storage.setItem(fieldsStorageKey(s.id), JSON.stringify(values));
    }
  } catch (error) {
    logger.warn('onboarding: could not store the draft', error);
  }
}

export function clearStoredDraft(storage: DraftStorage | null = browserStorage('local')): void {
  for (const key of draftStorageKeyList) storage?.removeItem(key);
}

// ───────────────────────────── provide ─────────────────────────────

/**
 * What onboarding is given beyond every flow's edges: the locale it switches to with the chosen
 * region, and the navigations it drops when it restarts elsewhere (its navigation waits for the
 * new step's paint, `afterPaintNavigator`).
 */
export interface OnboardingEdges extends FlowEdges {
  /** Drops the navigations `navigate` has not applied yet (the flow restarted elsewhere). */
  dropPendingNavigations(): void;
  setLocale(locale: LocaleCode): void;
}

export function regionChoicesOf(config: RuntimeConfig): RegionChoice[] {
  const publicPortals = config.app.portals.filter((p) => p.isPublic);
  const choices = publicPortals.map((p) => ({
    key: p.key,
    locale: p.locales[0] ?? (p.key === 'uk' ? ('en-GB' as const) : ('en-AU' as const)),
  }));
  return choices.length > 0 ? choices : [{ key: 'au', locale: 'en-AU' }];
}

export function provideOnboarding(
  edges: OnboardingEdges,
  storage: DraftStorage | null = browserStorage('local'),
): typeof onboardingMachine {
  const { session } = edges.actors;

  const sessionUser = async (): Promise<SessionUser | null> => (await settledSession(session)).user;

  /**
   * The identity provider's login by redirect (the one login, `edges.login`): pending while the
   * browser leaves; the session back in signedOut means the login could not start.
   */
  const loginAndAwait = async (params: LoginParams): Promise<never> => {
    edges.login(params);
    await settledSnapshot(session, { until: (s) => selectSessionStatus(s) === 'signedOut' });
    throw new Error('The login could not start');
  };

  /**
   * Authenticated calls wait for the session to settle (after a reload the token is not there
   * yet). Whether a signed-out user may make the call at all is the machine's (decision 160: it
   * confirms the session first); a call without a token fails as the API client says (401).
   */
  const authed = async <T>(work: (api: Endpoints) => Promise<T>): Promise<T> => {
    await sessionUser();
    return edges.call(work);
  };

  return onboardingMachine.provide({
    actors: {
      verifyPin: fromPromise(({ input }) => edges.call((api) => api.verifyPin(input.pin))),
      getSessionUser: fromPromise(sessionUser),
      signUp: fromPromise(({ input }) =>
        loginAndAwait({ connection: input.connection, screenHint: 'signup', returnTo: input.returnTo }),
      ),
      signIn: fromPromise(({ input }) =>
        loginAndAwait({ connection: undefined, screenHint: 'login', returnTo: input.returnTo }),
      ),
      // The user as the session has it; the machine decides what a missing one means (account step).
      loadProfile: fromPromise(async (): Promise<{ user: SessionUser | null; profile: Profile | null }> => {
        const user = await sessionUser();
        if (!user) return { user: null, profile: null };
        const exists = await edges.call((api) => api.profileExists());
        const profile = exists ? await edges.call((api) => api.profile()) : null;
        return { user, profile };
      }),
      createProfile: fromPromise(({ input }) =>
        authed((api) =>
          api.createProfile({
            firstName: input.profile.firstName,
            lastName: input.profile.lastName,
            email: input.profile.email,
            phone: input.profile.phone,
            dateOfBirth: input.profile.dateOfBirth,
          }),
        ),
      ),
      fetchDevices: fromPromise(({ input }) => edges.call((api) => api.fetchDevices(input.pin))),
      registerPractice: fromPromise(({ input }) => authed((api) => api.registerPractice(input))),
      loadDirectoryPractice: fromPromise(({ input }) =>
        edges.call((api) => api.sharedDirectoryPractice(input.key)),
      ),
      practiceActivation: practiceActivationMachine.provide({
        actors: {
          fetchUserPractices: fromPromise(() => authed((api) => api.userPractices())),
          // Pushed updates need both: the connection's state and the store it keeps up to date.
          // Without the live state (its code could not be loaded) the thank-you page polls alone.
          watchUserPractices: fromCallback(({ sendBack }) => {
            const send = (event: PracticeActivationEvent) => sendBack(event);
            return watchUserStore(
              edges.actors,
              (snapshot) => send({ type: 'practices.update', practices: snapshot.context.practices }),
              {
                onConnection: (connected) =>
                  send({ type: connected ? 'realtime.connected' : 'realtime.disconnected' }),
              },
            );
          }),
        },
      }),
    },
    actions: {
      navigate: (_, params) => edges.navigate(params),
      dropPendingNavigations: () => edges.dropPendingNavigations(),
      persistDraft: (_, params) => writeDraft(params.draft, storage),
      clearDraft: () => clearStoredDraft(storage),
      applyLocale: (_, params) => edges.setLocale(params.locale),
      redirectToEnvironment: (_, params) => edges.redirect(params.url),
    },
  });
}

/**
 * The onboarding actor of the flow's layout screen (lives as long as the layout; the first route
 * wins, later addresses are `route.changed`): every flow's edges with the navigation that waits
 * for the new step's paint (dropped when the layout unmounts), and the locale control.
 */
export function useOnboardingActor(route: () => OnboardingRoute): OnboardingActor {
  const actors = useRootActors();
  const config = useRuntimeConfig();
  const router = useRouter();
  const { setLocale } = useLocaleControl();
  const [navigator] = useState(() => afterPaintNavigator(router));
  const actor = useFlowActor(
    () =>
      provideOnboarding({
        ...flowEdges(actors, config, navigator.navigate),
        dropPendingNavigations: navigator.cancel,
        setLocale,
      }),
    () => onboardingInputOf(route(), config),
  );
  // Leaving the flow drops the navigations still queued (after the actor has stopped).
  useEffect(() => () => navigator.cancel(), [navigator]);
  return actor;
}

// ───────────────────────────── the address follows the machine ─────────────────────────────

/**
 * The address follows the machine once the new step is on screen (decision 045): the
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
  storage: DraftStorage | null = browserStorage('local'),
): OnboardingInput {
  return { ...route, draft: readDraft(storage), regions: regionChoicesOf(config) };
}

/** A new address of the flow's routes, with the stored draft the machine restarts from if it must. */
export function routeChanged(
  route: OnboardingRoute,
  storage: DraftStorage | null = browserStorage('local'),
): RouteChangedEvent {
  return { type: 'route.changed', ...route, draft: readDraft(storage) };
}
