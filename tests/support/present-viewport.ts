import type { Page } from '@playwright/test';

/**
 * Room for the headless browser's own toolbar, with a margin: Debian's Chromium in headless mode
 * still lays out its toolbar (a little under 90 px) inside the window.
 */
const BROWSER_UI_ROOM = 200;

/**
 * Makes the page's headless window tall enough to present its whole emulated viewport.
 *
 * Playwright sizes a headless window to exactly the viewport (it assumes a headless window has no
 * browser UI), but the content area of Debian's Chromium in headless mode is shorter by the
 * browser's toolbar: the bottom strip of the viewport lies outside the surface that is
 * presented. A change only there (typing into a field at the viewport's bottom edge) presents no
 * frame, so every keystroke's Event Timing entry waits for the next frame that is presented (the
 * Tab that scrolls the page), each about a key's interval longer than the one before: a bare
 * `<input>` on a `data:` page does it as the app's Phone field did. No person's browser has such
 * a strip, so a measure of frames needs this first.
 *
 * Playwright sets the window's size again whenever the viewport changes (`setViewportSize`): call
 * this after it.
 */
export async function presentWholeViewport(page: Page): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport) return;
  const cdp = await page.context().newCDPSession(page);
  try {
    const { windowId } = (await cdp.send('Browser.getWindowForTarget')) as { windowId: number };
    await cdp.send('Browser.setWindowBounds', {
      windowId,
      bounds: { height: viewport.height + BROWSER_UI_ROOM },
    });
  } finally {
    await cdp.detach();
  }
}
