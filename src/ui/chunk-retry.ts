/**
 * Stylesheets whose load failed. Their dead `<link>` must go before the next attempt, or Vite's
 * preload helper skips them (it never links a stylesheet twice). Shared by the route screens
 * (src/app/lazy-screen.ts) and the shell's lazy parts (src/ui/lazy-part.tsx).
 */
const failedStylesheets = new Set<string>();
const cssFailure = /^Unable to preload CSS for (\S+)/;

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
