/**
 * Code recovery: what the app does after a lazily loaded part of its code (a route's screen, the
 * forms' layer, the account menu, the nav dropdowns, the new-version prompt, the live state and the
 * SignalR client) failed to load — typically because the network or the app's origin was gone for
 * a moment (docs/decisions/195-a-page-whose-code-cannot-load-says-so.md).
 *
 * An engine may keep a failed module fetch in its module map for the rest of the document (the
 * HTML standard required it until whatwg/html#10327; Chromium 150, Firefox ESR 140 and WebKitGTK
 * 2.50 do): there, importing the same code again fails at once, without a request, however well
 * the network works. So:
 *
 * - `code.failed` (a load failed; the edge keeps what to retry): wait for the origin. The origin is
 *   asked (`probeOrigin`) at once and then every `originProbeInterval`, at once when the browser
 *   says it is back online (`browser.online`) or the user presses Try again (`code.retry`).
 *   Nothing is retried while the origin does not answer, and the page is never reloaded offline.
 * - The origin answers: the failed loads are tried again (`retryFailedLoads`). All loaded → the
 *   screens that waited show them (`resumeScreens` emits `code.resumed`) and the machine is `idle`
 *   again; Try again while `idle` resumes at once (what failed has loaded since). An engine
 *   that retries failed modules ends here. A retry that has not settled after `retryTimeout` (a
 *   request stalled on the way) counts as failed (decision 195).
 * - A retry still fails: the origin is asked once more. Still answering means the failure is the
 *   engine's module map, not the network: the same address is loaded afresh (`reloadDocument`;
 *   the draft, the stored page and the session live outside the document). Not answering means the
 *   network went again: back to waiting.
 * - A loop is impossible: a document loaded by such a reload (`recentlyReloaded`, input) does not
 *   reload by itself again within `reloadLoopWindow`; it shows the failure screen (`stuck`), whose
 *   Try again is the user's own reload.
 *
 * Tags: `failed` (a load is missing: the screens show their failure state), `offline` (the origin
 * does not answer), `retrying` (a retry is under way).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { codeRecoveryDelays } from './constants';

export interface CodeRecoveryInput {
  /** This document was loaded by a recovery reload moments ago (the edge reads its mark). */
  recentlyReloaded: boolean;
}

export interface CodeRecoveryContext {
  recentlyReloaded: boolean;
}

/** What `retryFailedLoads` answers: whether every failed load has now loaded. */
export interface RetryOutcome {
  allLoaded: boolean;
}

export type CodeRecoveryEvent = { type: 'code.failed' } | { type: 'code.retry' } | { type: 'browser.online' };

export type CodeRecoveryTag = 'failed' | 'offline' | 'retrying';

export const codeRecoveryMachine = setup({
  types: {
    input: {} as CodeRecoveryInput,
    context: {} as CodeRecoveryContext,
    events: {} as CodeRecoveryEvent,
    tags: {} as CodeRecoveryTag,
    emitted: {} as { type: 'code.resumed' },
  },
  actors: {
    /** Resolves when the app's origin answers (any HTTP answer), rejects when it does not. */
    probeOrigin: fromPromise<void>(async () => {
      throw new Error('probeOrigin is provided at the app edge');
    }),
    /** Tries every failed load again; answers whether all of them loaded. */
    retryFailedLoads: fromPromise<RetryOutcome>(async () => {
      throw new Error('retryFailedLoads is provided at the app edge');
    }),
  },
  actions: {
    /**
     * Tells the screens that showed a failure (`code.resumed`, emitted) to load what now loads:
     * the route's error screen loads its route again.
     */
    resumeScreens: emit({ type: 'code.resumed' as const }),
    /** Marks this tab as reloaded for recovery (read back as `recentlyReloaded`), then reloads. */
    reloadDocument: () => {},
    forgetRecentReload: assign({ recentlyReloaded: false }),
  },
  guards: {
    allLoaded: ({ event }) => (event as unknown as { output: RetryOutcome }).output.allLoaded,
    recentlyReloaded: ({ context }) => context.recentlyReloaded,
  },
  delays: {
    originProbeInterval: codeRecoveryDelays.originProbeInterval,
    reloadLoopWindow: codeRecoveryDelays.reloadLoopWindow,
    retryTimeout: codeRecoveryDelays.retryTimeout,
  },
}).createMachine({
  id: 'codeRecovery',
  context: ({ input }) => ({ recentlyReloaded: input.recentlyReloaded }),
  initial: 'idle',
  states: {
    idle: {
      after: {
        reloadLoopWindow: { guard: 'recentlyReloaded', actions: 'forgetRecentReload' },
      },
      on: {
        'code.failed': 'probingOrigin',
        // Nothing is missing (it loaded already): the screen that asks loads at once.
        'code.retry': { actions: 'resumeScreens' },
      },
    },
    probingOrigin: {
      tags: ['failed'],
      invoke: {
        id: 'probeOrigin',
        src: 'probeOrigin',
        onDone: 'retrying',
        onError: 'offline',
      },
    },
    offline: {
      tags: ['failed', 'offline'],
      after: { originProbeInterval: 'probingOrigin' },
      on: {
        'browser.online': 'probingOrigin',
        'code.retry': 'probingOrigin',
      },
    },
    retrying: {
      tags: ['failed', 'retrying'],
      // A stalled retry fails as a failing one does; its late answer, if any, is ignored.
      after: { retryTimeout: 'confirmingOrigin' },
      invoke: {
        id: 'retryFailedLoads',
        src: 'retryFailedLoads',
        onDone: [
          { guard: 'allLoaded', target: 'idle', actions: 'resumeScreens' },
          { target: 'confirmingOrigin' },
        ],
        onError: 'confirmingOrigin',
      },
    },
    confirmingOrigin: {
      tags: ['failed', 'retrying'],
      invoke: {
        id: 'probeOrigin',
        src: 'probeOrigin',
        onDone: [{ guard: 'recentlyReloaded', target: 'stuck' }, { target: 'reloading' }],
        onError: 'offline',
      },
    },
    stuck: {
      tags: ['failed'],
      on: { 'code.retry': 'reloading' },
    },
    reloading: {
      tags: ['failed', 'retrying'],
      entry: 'reloadDocument',
    },
  },
});

type CodeRecoverySnapshotLike = { hasTag(tag: CodeRecoveryTag): boolean };

/** A lazily loaded part is missing (its screen shows the failure screen or its fallback). */
export const selectCodeMissing = (s: CodeRecoverySnapshotLike): boolean => s.hasTag('failed');
/** The app's origin does not answer (the network is gone). */
export const selectOriginUnreachable = (s: CodeRecoverySnapshotLike): boolean => s.hasTag('offline');
/** A retry (or the reload that completes it) is under way: Try again shows busy. */
export const selectRecovering = (s: CodeRecoverySnapshotLike): boolean => s.hasTag('retrying');
