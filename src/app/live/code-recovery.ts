import { type ActorRefFrom, fromPromise } from 'xstate';
import { codeRecoveryMachine } from '#machines/code-recovery.machine';
import { codeRecoveryDelays } from '#machines/constants';
import { failedLoadNames, onFailedLoad, retryFailedLoads } from '../../code-loads';
import { logger } from '../../logger';
import { startFlowActor } from '../../ui/flow-actor';
import { browserStorage } from '../browser-storage';

/**
 * Effects of the code-recovery machine (decision 195): asking the app's origin whether it answers,
 * retrying the failed loads (src/code-loads.ts), and loading the same address afresh, marked in
 * sessionStorage so the new document knows it came from a recovery reload (no loop). Failed loads
 * and the browser's `online` event are forwarded as events.
 */

/** sessionStorage key: when (ms since the epoch) this tab last reloaded to recover its code. */
export const RECOVERY_RELOAD_KEY = 'code.recoveryReloadAt';

export interface CodeRecoveryEdges {
  fetch: typeof fetch;
  now: () => number;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'> | null;
  reload: () => void;
  retryFailedLoads: () => Promise<boolean>;
  onFailedLoad: (listener: () => void) => () => void;
  /** Loads that failed before the actor existed (during start-up). */
  failedLoadNames: () => string[];
  addOnlineListener: (listener: () => void) => void;
}

function browserEdges(): CodeRecoveryEdges {
  return {
    fetch: (...args) => window.fetch(...args),
    now: () => Date.now(),
    sessionStorage: browserStorage('session'),
    reload: () => window.location.reload(),
    retryFailedLoads: () => retryFailedLoads(),
    onFailedLoad,
    failedLoadNames,
    addOnlineListener: (listener) => window.addEventListener('online', listener),
  };
}

/** GET /meta.json?t=<now>, never from a cache: the origin answers when this resolves. */
export async function probeOrigin(edges: Pick<CodeRecoveryEdges, 'fetch' | 'now'>): Promise<void> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), codeRecoveryDelays.originProbeTimeout);
  try {
    const response = await edges.fetch(`/meta.json?t=${edges.now()}`, {
      cache: 'no-store',
      signal: abort.signal,
    });
    if (!response.ok) throw new Error(`the origin answered ${response.status}`);
  } finally {
    clearTimeout(timer);
  }
}

export function readRecentlyReloaded(edges: Pick<CodeRecoveryEdges, 'sessionStorage' | 'now'>): boolean {
  try {
    const at = Number(edges.sessionStorage?.getItem(RECOVERY_RELOAD_KEY) ?? Number.NaN);
    return Number.isFinite(at) && edges.now() - at < codeRecoveryDelays.reloadLoopWindow;
  } catch {
    return false;
  }
}

export function provideCodeRecovery(edges: CodeRecoveryEdges): typeof codeRecoveryMachine {
  return codeRecoveryMachine.provide({
    actors: {
      probeOrigin: fromPromise(() => probeOrigin(edges)),
      retryFailedLoads: fromPromise(async () => ({ allLoaded: await edges.retryFailedLoads() })),
    },
    actions: {
      reloadDocument: () => {
        logger.warn(
          'code recovery: a failed load still fails while the origin answers; loading the page afresh',
        );
        try {
          edges.sessionStorage?.setItem(RECOVERY_RELOAD_KEY, String(edges.now()));
        } catch {
          // Without sessionStorage a second failure after the reload reloads once more, no more
          // often than the origin probe allows.
        }
        edges.reload();
      },
    },
  });
}

export type CodeRecoveryActor = ActorRefFrom<typeof codeRecoveryMachine>;

/** The app's one code-recovery actor, started, with failed loads and `online` forwarded. */
export function createCodeRecoveryActor(edges: CodeRecoveryEdges = browserEdges()): CodeRecoveryActor {
  const actor = startFlowActor(provideCodeRecovery(edges), {
    recentlyReloaded: readRecentlyReloaded(edges),
  });
  edges.onFailedLoad(() => actor.send({ type: 'code.failed' }));
  edges.addOnlineListener(() => actor.send({ type: 'browser.online' }));
  if (edges.failedLoadNames().length > 0) actor.send({ type: 'code.failed' });
  return actor;
}
