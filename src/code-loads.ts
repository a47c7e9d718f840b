/**
 * The app's failed code loads, in one place: every lazily loaded part (a route's screen and the
 * forms' layer, the shell's lazy parts, the live state and the SignalR client) reports here what
 * failed and how to load it again. The code-recovery machine (machines/code-recovery.machine.ts,
 * provided in src/app/live/code-recovery.ts) decides when to retry them, and whether the document
 * must be loaded afresh because the engine keeps a failed module fetch for the rest of the
 * document (decision 195). Importable from every layer, like src/logger.ts: it holds no UI.
 */

type Retry = () => Promise<unknown>;

const failedLoads = new Map<string, Retry>();
const failureListeners = new Set<() => void>();
const failedStylesheets = new Set<string>();
const cssFailure = /^Unable to preload CSS for (\S+)/;

/**
 * A lazily loaded part failed to load. `name` identifies it (one entry per part, the latest
 * report wins); `retry` loads it again and rejects if it still cannot.
 */
export function reportFailedLoad(name: string, retry: Retry, error?: unknown): void {
  rememberFailedStylesheet(error);
  failedLoads.set(name, retry);
  for (const listener of failureListeners) listener();
}

/**
 * Loads lazily loaded code through `importer`; a failure is reported (retried by the recovery
 * machine, which completes it or loads the document afresh) and rethrown to the caller.
 *
 *   const { createHubConnection } = await loadCode('SignalR client', () => import('./connection'));
 */
export async function loadCode<T>(name: string, importer: () => Promise<T>): Promise<T> {
  try {
    const loaded = await importer();
    forgetFailedLoad(name);
    return loaded;
  } catch (error) {
    reportFailedLoad(name, importer, error);
    throw error;
  }
}

/** A failed part loaded after all (its own later attempt succeeded): nothing to retry for it. */
export function forgetFailedLoad(name: string): void {
  failedLoads.delete(name);
}

/** Called whenever a load fails. */
export function onFailedLoad(listener: () => void): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

/** The parts whose load failed and was not retried successfully yet. */
export function failedLoadNames(): string[] {
  return [...failedLoads.keys()];
}

/**
 * Tries every failed load again (after removing the stylesheets that failed, so they are linked
 * afresh); answers whether all of them loaded. A load that fails again stays listed.
 */
export async function retryFailedLoads(doc: Pick<Document, 'querySelectorAll'> = document): Promise<boolean> {
  forgetFailedStylesheets(doc);
  const attempts = [...failedLoads].map(async ([name, retry]) => {
    try {
      await retry();
      if (failedLoads.get(name) === retry) failedLoads.delete(name);
    } catch (error) {
      rememberFailedStylesheet(error);
    }
  });
  await Promise.all(attempts);
  return failedLoads.size === 0;
}

/** Notes the stylesheet a failed chunk load names (Vite: "Unable to preload CSS for <url>"). */
export function rememberFailedStylesheet(error: unknown): void {
  const css = error instanceof Error ? cssFailure.exec(error.message) : null;
  if (css?.[1]) failedStylesheets.add(css[1]);
}

/**
 * Before loading again: removes the `<link rel="stylesheet">` elements that failed, so Vite's
 * preload helper adds them afresh (it skips any stylesheet already linked in the document).
 */
export function forgetFailedStylesheets(doc: Pick<Document, 'querySelectorAll'> = document): void {
  for (const href of failedStylesheets) {
    for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
      if (link.href === href) link.remove();
    }
  }
  failedStylesheets.clear();
}

/** Tests only: forget everything. */
export function resetFailedLoads(): void {
  failedLoads.clear();
  failedStylesheets.clear();
}
