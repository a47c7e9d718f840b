import type { CSSProperties } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * What a page says to a browser that cannot run the app, written into every prerendered page and
 * the SPA fallback (scripts/vite-prerender.ts), plain markup readable without the app's code or
 * stylesheet:
 * - `#unsupported-browser`: hidden, and shown instead of the page's shell and `#root` where the
 *   shell guard found the browser unsupported (src/boot/shell-guard.ts, `data-browser` on
 *   `<html>`), or, by the page's CSS alone, in a browser too old to run the guard at all
 *   (src/prerender/render.tsx, `prerenderBrowserNotices`);
 * - `NoScriptNotice`: the content of the page's `<noscript>`, for a browser with JavaScript off
 *   (whose `<noscript>` in the head hides the shell, its buttons could not act).
 */

/** The id of the notice for a browser that cannot run the app. */
export const UNSUPPORTED_BROWSER_ID = 'unsupported-browser';

const box: CSSProperties = {
  maxWidth: '40rem',
  margin: '2rem auto',
  padding: '0 1rem',
  lineHeight: 1.5,
};

export function UnsupportedBrowserNotice({ productName }: { productName: string }) {
  return (
    <section
      id={UNSUPPORTED_BROWSER_ID}
      aria-labelledby={`${UNSUPPORTED_BROWSER_ID}-title`}
      hidden
      style={box}
    >
      <h1 id={`${UNSUPPORTED_BROWSER_ID}-title`}>
        <FormattedMessage
          id="boot.unsupported.title"
          defaultMessage="This browser cannot run {productName}"
          description="Title of the first screen of a browser too old to run the app"
          values={{ productName }}
        />
      </h1>
      <p>
        <FormattedMessage
          id="boot.unsupported.body"
          defaultMessage="Open this page in a recent version of Chrome, Edge, Firefox or Safari: Chrome or Edge 94 or later, Firefox 93 or later, or Safari 16.4 or later (on an iPhone or iPad, iOS 16.4 or later)."
          description="What to use instead, on the first screen of a browser too old to run the app"
        />
      </p>
    </section>
  );
}

export function NoScriptNotice({ productName }: { productName: string }) {
  return (
    <section aria-labelledby="no-script-title" style={box}>
      <h1 id="no-script-title">
        <FormattedMessage
          id="boot.noscript.title"
          defaultMessage="{productName} needs JavaScript"
          description="Title of the page a browser with JavaScript turned off shows"
          values={{ productName }}
        />
      </h1>
      <p>
        <FormattedMessage
          id="boot.noscript.body"
          defaultMessage="Turn on JavaScript in your browser's settings, then reload this page."
          description="What to do, on the page a browser with JavaScript turned off shows"
        />
      </p>
    </section>
  );
}
