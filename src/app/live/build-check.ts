import { useEffect } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { type BuildCheckInput, type BuildInfo, buildCheckMachine } from '#machines/build-check.machine';
import { logger } from '../../logger';
import { useFlowActor } from '../../ui/flow-actor';
import { browserStorage } from '../browser-storage';

/**
 * Effects of the build-check machine (spec §2 "Build freshness", §7 GET /meta.json?t=timestamp,
 * docs/decisions/002-build-freshness.md): the version file fetch, the `appVersion` cookie, the
 * once-per-build chunk-reload mark in sessionStorage, and `location.reload()`.
 */

export const APP_VERSION_COOKIE = 'appVersion';
/** sessionStorage key: the build time this tab reloaded for after a chunk failed to load. */
export const CHUNK_RELOAD_KEY = 'build.chunkReloadedFor';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export interface BuildCheckEdges {
  fetch: typeof fetch;
  now: () => number;
  document: Pick<Document, 'cookie'>;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'> | null;
  reload: () => void;
}

function browserEdges(): BuildCheckEdges {
  return {
    fetch: (...args) => window.fetch(...args),
    now: () => Date.now(),
    document,
    sessionStorage: browserStorage('session'),
    reload: () => window.location.reload(),
  };
}

/** GET /meta.json?t=<now> (the timestamp defeats caches); answers `{ buildTime }`. */
export async function fetchBuildInfo(edges: Pick<BuildCheckEdges, 'fetch' | 'now'>): Promise<BuildInfo> {
  const response = await edges.fetch(`/meta.json?t=${edges.now()}`, {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`meta.json answered ${response.status}`);
  const body = (await response.json()) as unknown;
  const buildTime =
    typeof body === 'object' && body !== null && 'buildTime' in body
      ? (body as { buildTime: unknown }).buildTime
      : null;
  if (typeof buildTime !== 'string' || buildTime === '') throw new Error('meta.json has no buildTime');
  return { buildTime };
}

export function readAppVersion(doc: Pick<Document, 'cookie'>): string | null {
  for (const part of doc.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === APP_VERSION_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return value === '' ? null : value;
    }
  }
  return null;
}

export function writeAppVersion(doc: Pick<Document, 'cookie'>, buildTime: string): void {
  doc.cookie = `${APP_VERSION_COOKIE}=${encodeURIComponent(buildTime)}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

export function readBuildCheckInput(
  edges: Pick<BuildCheckEdges, 'document' | 'sessionStorage'>,
): BuildCheckInput {
  let chunkReloadedFor: string | null = null;
  try {
    chunkReloadedFor = edges.sessionStorage?.getItem(CHUNK_RELOAD_KEY) ?? null;
  } catch {
    chunkReloadedFor = null;
  }
  return { storedVersion: readAppVersion(edges.document), chunkReloadedFor };
}

export function provideBuildCheck(edges: BuildCheckEdges): typeof buildCheckMachine {
  return buildCheckMachine.provide({
    actors: {
      fetchBuildInfo: fromPromise(async () => {
        try {
          return await fetchBuildInfo(edges);
        } catch (error) {
          logger.warn('build check: could not read /meta.json', error);
          throw error;
        }
      }),
    },
    actions: {
      persistVersion: (_, params) => writeAppVersion(edges.document, params.buildTime),
      rememberChunkReload: (_, params) => {
        try {
          edges.sessionStorage?.setItem(CHUNK_RELOAD_KEY, params.buildTime);
        } catch {
          // Without sessionStorage the in-memory context still prevents a second reload here.
        }
      },
      reloadPage: () => edges.reload(),
    },
  });
}

export type BuildCheckActor = ActorRefFrom<typeof buildCheckMachine>;

/**
 * The app's build-check actor. Forwards the tab becoming visible (`app.visible`) and Vite's
 * `vite:preloadError` (a lazily loaded chunk failed) as events. Mount once, near the root, and
 * render `<NewVersionPrompt actorRef={…} />` with it.
 */
export function useBuildCheckActor(edges: BuildCheckEdges = browserEdges()): BuildCheckActor {
  const actorRef = useFlowActor(
    () => provideBuildCheck(edges),
    () => readBuildCheckInput(edges),
  );
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') actorRef.send({ type: 'app.visible' });
    };
    // Not prevented: the failed import still rejects (the route's error screen shows) while the
    // machine checks /meta.json and reloads once if a newer build is published.
    const onPreloadError = () => actorRef.send({ type: 'build.chunkFailed' });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('vite:preloadError', onPreloadError);
    };
  }, [actorRef]);
  return actorRef;
}
