/**
 * Build freshness (spec §2 "Build freshness", §4 "Build check", §7 GET /meta.json?t=timestamp).
 * What happens on a difference is not in the spec: decided in docs/decisions/002-build-freshness.md.
 *
 * - At start, `fetchBuildInfo` reads `{ buildTime }`; the page that just loaded IS that build, so
 *   a different (or missing) stored `appVersion` is simply replaced (`persistVersion`).
 * - While the app is open it re-checks every `recheckInterval` and when the tab becomes visible
 *   (`app.visible`). A newer build shows a prompt (tag `prompt`): `build.reload` reloads,
 *   `build.dismiss` ('Later') hides it for that build. Never a reload by surprise.
 * - `build.chunkFailed` (a lazily loaded chunk failed, typically after a deploy): re-check; if a
 *   newer build is published and we have not already reloaded for it in this tab, reload once
 *   (`rememberChunkReload` stores the build time; the edge reads it back as input). It can never
 *   loop: every automatic reload is for a different build time, which only a deploy changes.
 *
 * Effects are provided by name at the edge (src/app/live/build-check.ts): the fetch, the
 * `appVersion` cookie write, the sessionStorage write and `location.reload()`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { buildCheckDelays } from './constants';

export interface BuildInfo {
  buildTime: string;
}

export interface BuildCheckInput {
  /** The `appVersion` cookie as read at start (null when absent). */
  storedVersion: string | null;
  /** Build time this tab already reloaded for after a chunk failure (sessionStorage), if any. */
  chunkReloadedFor?: string | null;
}

export type BuildCheckError = 'fetchFailed';

export interface BuildCheckContext {
  storedVersion: string | null;
  latestVersion: string | null;
  dismissedVersion: string | null;
  chunkReloadedFor: string | null;
  error: BuildCheckError | null;
}

export type BuildCheckEvent =
  | { type: 'app.visible' }
  | { type: 'build.chunkFailed' }
  | { type: 'build.reload' }
  | { type: 'build.dismiss' };

type FetchedEvent = { output: BuildInfo };

function fetchedBuildTime(event: unknown): string {
  return (event as FetchedEvent).output.buildTime;
}

export const buildCheckMachine = setup({
  types: {
    input: {} as BuildCheckInput,
    context: {} as BuildCheckContext,
    events: {} as BuildCheckEvent,
    tags: {} as 'prompt' | 'checking',
  },
  actors: {
    fetchBuildInfo: fromPromise<BuildInfo>(async () => {
      throw new Error('fetchBuildInfo is provided at the app edge');
    }),
  },
  actions: {
    /** Write the `appVersion` cookie. */
    persistVersion: (_, _params: { buildTime: string }) => {},
    /** Remember (sessionStorage) that this tab reloaded for this build after a chunk failure. */
    rememberChunkReload: (_, _params: { buildTime: string }) => {},
    reloadPage: () => {},
    assignStoredVersion: assign({ storedVersion: ({ event }) => fetchedBuildTime(event), error: null }),
    assignLatestVersion: assign({ latestVersion: ({ event }) => fetchedBuildTime(event), error: null }),
    assignChecked: assign({ error: null }),
    assignDismissed: assign({ dismissedVersion: ({ context }) => context.latestVersion }),
    assignChunkReload: assign({ chunkReloadedFor: ({ event }) => fetchedBuildTime(event) }),
    assignFetchError: assign({ error: 'fetchFailed' as const }),
  },
  guards: {
    isStoredBuild: ({ context, event }) => fetchedBuildTime(event) === context.storedVersion,
    isUnseenNewBuild: ({ context, event }) => {
      const buildTime = fetchedBuildTime(event);
      return buildTime !== context.storedVersion && buildTime !== context.dismissedVersion;
    },
    canReloadForChunk: ({ context, event }) => {
      const buildTime = fetchedBuildTime(event);
      return buildTime !== context.storedVersion && buildTime !== context.chunkReloadedFor;
    },
  },
  delays: {
    recheckInterval: buildCheckDelays.recheckInterval,
  },
}).createMachine({
  id: 'buildCheck',
  context: ({ input }) => ({
    storedVersion: input.storedVersion,
    latestVersion: null,
    dismissedVersion: null,
    chunkReloadedFor: input.chunkReloadedFor ?? null,
    error: null,
  }),
  initial: 'startupCheck',
  on: {
    'build.chunkFailed': '.verifyingChunkFailure',
  },
  states: {
    startupCheck: {
      tags: ['checking'],
      invoke: {
        id: 'fetchBuildInfo',
        src: 'fetchBuildInfo',
        onDone: [
          { guard: 'isStoredBuild', target: 'upToDate', actions: 'assignChecked' },
          {
            target: 'upToDate',
            actions: [
              'assignStoredVersion',
              { type: 'persistVersion', params: ({ event }) => ({ buildTime: event.output.buildTime }) },
            ],
          },
        ],
        onError: { target: 'upToDate', actions: 'assignFetchError' },
      },
    },
    upToDate: {
      after: { recheckInterval: 'checking' },
      on: { 'app.visible': 'checking' },
    },
    checking: {
      tags: ['checking'],
      invoke: {
        id: 'fetchBuildInfo',
        src: 'fetchBuildInfo',
        onDone: [
          { guard: 'isUnseenNewBuild', target: 'updateAvailable', actions: 'assignLatestVersion' },
          { target: 'upToDate', actions: 'assignChecked' },
        ],
        onError: { target: 'upToDate', actions: 'assignFetchError' },
      },
    },
    updateAvailable: {
      tags: ['prompt'],
      on: {
        'build.reload': 'reloading',
        'build.dismiss': { target: 'upToDate', actions: 'assignDismissed' },
      },
    },
    verifyingChunkFailure: {
      tags: ['checking'],
      invoke: {
        id: 'fetchBuildInfo',
        src: 'fetchBuildInfo',
        onDone: [
          {
            guard: 'canReloadForChunk',
            target: 'reloading',
            actions: [
              'assignChunkReload',
              { type: 'rememberChunkReload', params: ({ event }) => ({ buildTime: event.output.buildTime }) },
            ],
          },
          { guard: 'isUnseenNewBuild', target: 'updateAvailable', actions: 'assignLatestVersion' },
          { target: 'upToDate', actions: 'assignChecked' },
        ],
        onError: { target: 'upToDate', actions: 'assignFetchError' },
      },
    },
    reloading: {
      type: 'final',
      entry: 'reloadPage',
    },
  },
});

type BuildCheckSnapshotLike = { hasTag(tag: 'prompt' | 'checking'): boolean; context: BuildCheckContext };

/** The 'A new version is available' prompt is shown. */
export const selectUpdateAvailable = (s: BuildCheckSnapshotLike): boolean => s.hasTag('prompt');
/** Build time of the newer build on offer (null when none). */
export const selectLatestVersion = (s: BuildCheckSnapshotLike): string | null => s.context.latestVersion;
