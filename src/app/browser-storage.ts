/**
 * The one way app code reaches the browser's storage (decision 170): `localStorage` or
 * `sessionStorage` when the page may use it, else null (no window: the prerender, node tests; a
 * browser that refuses storage throws on access). Callers that are given a storage (tests, the
 * prerender) use that one instead.
 */
export function browserStorage(kind: 'local' | 'session'): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}
