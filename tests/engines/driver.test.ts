import { describe, expect, it } from 'vitest';
import { PAGE_LIBRARY } from './driver';

/**
 * The page library the engine journeys run in the page (driver.ts). A realm is simulated by the
 * `window` and `document` its code sees: one window proxy shared by two documents, as across a
 * navigation.
 */
type FakeDocument = { body: { innerText: string } };
const inRealm = (window: object, document: FakeDocument, body: string): unknown =>
  new Function('window', 'document', `${PAGE_LIBRARY}\n${body}`)(window, document);

describe('the engines page library', () => {
  it('reads the document it runs in, even when an older document installed it on the same window', () => {
    // A call that ran in the old document's realm as the navigation committed set `__engines` on
    // the window proxy, which by then was the new document's window (Firefox, a page-initiated reload).
    const windowProxy = {};
    const failureScreen = { body: { innerText: "Oops! Something's not working." } };
    const pinScreen = { body: { innerText: 'Set up your practice' } };
    expect(inRealm(windowProxy, failureScreen, 'return L.text();')).toBe("Oops! Something's not working.");
    expect(inRealm(windowProxy, pinScreen, 'return L.text();')).toBe('Set up your practice');
  });

  it('is made once per document', () => {
    const windowProxy: { __engines?: unknown } = {};
    const page = { body: { innerText: 'Set up your practice' } };
    inRealm(windowProxy, page, 'return L.text();');
    const first = windowProxy.__engines;
    inRealm(windowProxy, page, 'return L.text();');
    expect(windowProxy.__engines).toBe(first);
  });
});
