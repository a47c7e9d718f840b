import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import type { AppConfig, RegionKey } from '#machines/domain';

/**
 * The ONE edge helper for leaving the app (spec §2, §6): every redirect to a regional
 * environment, an invite's `redirectUri` or a portal path goes through here, and only to an
 * allowed origin — the app's own origin or the origin of a configured portal (`portals[].url`
 * in the app config). Anything else is refused and goes to /server-error instead, so a tampered
 * `environmentUrl` or `redirectUri` never leaves the allowed origins (no open redirect).
 *
 * Machines never call this directly: live files provide it as the `redirectToEnvironment`
 * action (`{ type: 'redirectToEnvironment', params: { url } }`).
 */

type ConfigLike = RuntimeConfig | AppConfig;

/** Where the browser is sent; injectable for tests. */
export interface RedirectDeps {
  /** The app's own origin (default `window.location.origin`). */
  appOrigin?: string;
  /** Leaves the app, replacing the current history entry so Back never lands on a page that redirects again (default `window.location.replace`). */
  replace?: (url: string) => void;
  /** Called with the refused url; default: a full load of /server-error on the app's origin. */
  onRejected?: (url: string) => void;
}

export const serverErrorPath = '/server-error';

/** The default region (spec §9: AU is the fallback). */
export const defaultRegion: RegionKey = 'au';

function appConfigOf(config: ConfigLike): AppConfig {
  return 'app' in config ? config.app : config;
}

function currentOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** Origins of the configured portals (invalid entries are ignored). */
export function portalOrigins(config: ConfigLike): string[] {
  return appConfigOf(config)
    .portals.map((portal) => originOf(portal.url))
    .filter((origin): origin is string => origin !== null);
}

/** The app's origin plus every configured portal origin. */
export function allowedOrigins(config: ConfigLike, appOrigin: string = currentOrigin()): string[] {
  return [...new Set([appOrigin, ...portalOrigins(config)])];
}

/**
 * Parses `url` (absolute, or a `/path` on the app's origin) and returns it only when it is http(s)
 * on an allowed origin; `null` otherwise (unparseable, `javascript:`, `//evil.example`, …).
 */
export function allowedUrl(
  url: string | null | undefined,
  config: ConfigLike,
  appOrigin: string = currentOrigin(),
): URL | null {
  if (!url) return null;
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(url);
  // A relative target must be a single-slash path on the app's origin (`//host` and `/\\host` are not).
  if (!absolute && !/^\/(?![/\\])/.test(url)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, appOrigin);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.username || parsed.password) return null;
  return allowedOrigins(config, appOrigin).includes(parsed.origin) ? parsed : null;
}

export function isAllowedUrl(
  url: string | null | undefined,
  config: ConfigLike,
  appOrigin?: string,
): boolean {
  return allowedUrl(url, config, appOrigin) !== null;
}

/** The first candidate that is allowed (e.g. an invite's `redirectUri`, then the practice's environment). */
export function firstAllowedUrl(
  candidates: Array<string | null | undefined>,
  config: ConfigLike,
  appOrigin?: string,
): string | null {
  for (const candidate of candidates) {
    const url = allowedUrl(candidate, config, appOrigin);
    if (url) return url.href;
  }
  return null;
}

/** The configured portal url of a region (falls back to the default region, then the first portal). */
export function portalUrlOf(region: RegionKey | null | undefined, config: ConfigLike): string | null {
  const portals = appConfigOf(config).portals;
  const portal =
    portals.find((p) => p.key === region) ?? portals.find((p) => p.key === defaultRegion) ?? portals[0];
  return portal?.url ?? null;
}

/**
 * The same path and query on the origin of `base` (spec §2: /mobile/* and /billing/* go to the
 * regional portal with the same path and query). The path is set as a path, never parsed as a
 * url, so `//evil.example` stays a path on the portal's origin.
 */
export function samePathOn(base: string, path: string, search: string): string | null {
  const origin = originOf(base);
  if (!origin) return null;
  const target = new URL(origin);
  target.pathname = `/${path.replace(/^\/+/, '')}`;
  target.search = search.startsWith('?') || search === '' ? search : `?${search}`;
  return target.href;
}

/**
 * Sends the browser to `url` if it is on an allowed origin; otherwise to /server-error.
 * Returns whether the redirect was allowed.
 */
export function redirectToEnvironment(
  url: string | null | undefined,
  config: ConfigLike,
  deps: RedirectDeps = {},
): boolean {
  const appOrigin = deps.appOrigin ?? currentOrigin();
  const allowed = allowedUrl(url, config, appOrigin);
  if (allowed) {
    (deps.replace ?? ((href: string) => window.location.replace(href)))(allowed.href);
    return true;
  }
  if (deps.onRejected) deps.onRejected(String(url));
  else window.location.replace(new URL(serverErrorPath, appOrigin).href);
  return false;
}
