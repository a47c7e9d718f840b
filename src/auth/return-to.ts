/**
 * Return targets (spec §2 authentication guard, §4 logout return-to). Pure functions of strings
 * and origins, no DOM access, so they are unit-tested directly.
 */

/** A path that stays on the current origin: starts with a single '/', not '//' or '/\'. */
export function isSameOriginPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/**
 * A same-origin return target as a path with query and hash, or null. Absolute URLs are accepted
 * only when they point at `origin`; anything else (other origins, `javascript:`, protocol-relative
 * '//host') is refused.
 */
export function sameOriginTarget(value: string | null | undefined, origin: string): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (isSameOriginPath(trimmed)) return trimmed;
  try {
    const url = new URL(trimmed);
    if (url.origin !== origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/**
 * Where the guard's redirect login returns to: the callback-URL query parameter, else a given
 * return target, else the current path with query and hash. Same-origin only.
 */
export function guardReturnTo(args: {
  callbackUrl: string | null | undefined;
  returnTo: string | null | undefined;
  current: string;
  origin: string;
}): string {
  return (
    sameOriginTarget(args.callbackUrl, args.origin) ??
    sameOriginTarget(args.returnTo, args.origin) ??
    sameOriginTarget(args.current, args.origin) ??
    '/'
  );
}

/** Paths containing 'signup' request the provider's sign-up screen (spec §2). */
export function screenHintFor(pathname: string): 'signup' | 'login' {
  return pathname.toLowerCase().includes('signup') ? 'signup' : 'login';
}

/**
 * Logout return-to (spec §4): used as a path on the app's own origin only if it starts with a
 * single slash and not a double slash; otherwise used as given — but only when it is on one of
 * the allowed origins (the app's own, the configured portals). Anything else falls back to the
 * app's root.
 */
export function logoutReturnTo(
  returnTo: string | null | undefined,
  origin: string,
  allowedOrigins: readonly string[],
): string {
  const fallback = `${origin}/`;
  if (!returnTo) return fallback;
  if (isSameOriginPath(returnTo)) return `${origin}${returnTo}`;
  try {
    const url = new URL(returnTo);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback;
    if (url.origin === origin || allowedOrigins.includes(url.origin)) return url.href;
    return fallback;
  } catch {
    return fallback;
  }
}

/**
 * Where the session cleanup's logout returns (spec §4 Session cleanup): the callback URL
 * parameter, else the default logout return target, else the current location (path, query and
 * hash). The result is then checked by `logoutReturnTo` like any logout target.
 */
export function cleanupReturnTo(args: {
  callbackUrl: string | null | undefined;
  defaultLogoutReturnTo: string | null | undefined;
  current: string;
}): string {
  const given = (value: string | null | undefined) => (value && value.trim() !== '' ? value : null);
  return given(args.callbackUrl) ?? given(args.defaultLogoutReturnTo) ?? args.current;
}

/** Origins of configured URLs (portal `url`s), ignoring malformed ones. */
export function originsOf(urls: readonly (string | null | undefined)[]): string[] {
  const origins: string[] = [];
  for (const value of urls) {
    if (!value) continue;
    try {
      origins.push(new URL(value).origin);
    } catch {
      // not a URL: not an allowed origin
    }
  }
  return origins;
}

/** `href` without the named query parameter (for removing the login hint). */
export function withoutQueryParam(href: string, name: string): string {
  const url = new URL(href);
  url.searchParams.delete(name);
  return url.href;
}
