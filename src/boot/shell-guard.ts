/**
 * The inline script of every prerendered page and of the SPA fallback (allowed by its CSP hash,
 * never 'unsafe-inline'; docs/decisions/123-critical-css.md; the practice page has a
 * second one, src/boot/draft-fill.ts). It runs in <head>, before
 * the first paint, and must stay self-contained: it is inlined as `(${shellGuard})(<options>)`, the
 * options (`BootRecovery`) written into the page by the build.
 *
 * 0. A browser that cannot run the app sees, instead of a screen whose buttons could not act, the
 *    page's notice saying so and what to use instead (below).
 * 1. A visitor who may have a session sees no signed-out screen: when the identity provider's SDK
 *    has left its authenticated-flag cookie (`auth0.<client id>.is.authenticated`, or its
 *    `_legacy_` copy) or a token cache in local storage (`@@auth0spajs@@…`), the prerendered shell
 *    is not shown (`data-session="maybe"`) and the app boots as it always did. This is a superset of
 *    the SDK's own "is there a session to check" test (src/auth/session-hint.ts), which cannot be
 *    exact here because the client id arrives with the runtime configuration.
 * 2. The app's entry script, and the chunks it imports statically, are requested only after the
 *    first contentful paint (their addresses are the `data-entry` of the page's boot-hints
 *    template, scripts/vite-prerender.ts): before it, the page asks for nothing but itself, so the
 *    first paint waits for no request (Lighthouse's simulation counts every request that started
 *    before the observed paint; decision 123). The paint is the browser's own `paint` entry where
 *    it reports one (at the latest 3 s after DOMContentLoaded: a background tab paints nothing),
 *    else the frame after DOMContentLoaded, as for a page whose shell is hidden (a possible
 *    session), which has no contentful paint to wait for.
 * 3. Nothing done before the app is ready is lost: clicks on the shell's buttons and submits of
 *    its forms are queued (`window.__shellQueue`) and replayed on the app's screen by the handoff
 *    (src/boot/handoff.ts); text typed into the shell's inputs stays in them and is carried over.
 *    A typed character in a one-character box (the pin) moves on to the next box, as in the app.
 * 7. A pressed button says its press was taken (decision 198): it is pressed once (a second press
 *    of it is not queued again; after a failed boot, none is) and, if the app has not taken over
 *    `pressedBusyAfter` later (the submit buttons' pop-in delay, decision 042), it shows Mantine's
 *    loading look, copied from the page's `#shell-pressed` template, and is `aria-disabled`. A
 *    boot that failed releases it.
 */
/** sessionStorage: the shell's typed values across a recovery reload (decision 195). */
export const BOOT_FIELDS_KEY = 'boot.shellFields';

export interface BootRecovery {
  /** How often the origin is asked while it does not answer (ms). */
  probeInterval: number;
  /** How long one ask may take before the origin counts as not answering (ms). */
  probeTimeout: number;
  /** A page loaded by a recovery reload this recently does not reload by itself again (ms). */
  reloadLoopWindow: number;
  /** sessionStorage: when this tab last reloaded to recover its code (the code recovery's mark). */
  reloadKey: string;
  /** sessionStorage: what the visitor had typed into the shell, kept across a recovery reload. */
  fieldsKey: string;
  /** The app has not started this long after its code was asked for: the notice shows (ms). */
  longLoading: number;
  /** A pressed button still waiting for the app this long shows Mantine's loading look (ms). */
  pressedBusyAfter: number;
}

export function shellGuard(recovery: BootRecovery): void {
  const html = document.documentElement;
  // 0. A browser that cannot run the app is told so, and nothing of the app is loaded
  //    (src/prerender/browser-notices.tsx). The app's code is ES2022 in ES modules: a browser
  //    lacks a feature it needs (below), or, with all of them, cannot parse the code (a class
  //    static block, before Safari 16.4): a syntax error of a script of this origin before the app
  //    started (the `error` listener of 5.). `data-browser="unsupported"` shows the page's notice
  //    instead of its screen (src/prerender/browser-notices.tsx; a browser too old to run this
  //    script is told by the page's CSS alone), and the app's code is never asked for (`loadOnce`).
  const supported =
    'noModule' in document.createElement('script') &&
    typeof Object.hasOwn === 'function' &&
    typeof Array.prototype.at === 'function' &&
    typeof Promise.allSettled === 'function' &&
    typeof Intl === 'object' &&
    typeof Intl.PluralRules === 'function' &&
    typeof fetch === 'function' &&
    typeof AbortController === 'function' &&
    typeof WebSocket === 'function';
  html.setAttribute('data-browser', supported ? 'supported' : 'unsupported');
  // 5. The app's code could not be loaded (decision 195): the entry or the chunks it imports
  //    statically refused (the module script's `error`), the whole stylesheet refused (its link's
  //    `error`), a boot layer refused (src/main.tsx calls `__boot.failed`), or the boot stalled:
  //    not started after the long-loading time, and nothing arrived for as long (decision 195).
  //    The page says so (the prerendered `#boot-failed` notice), asks the origin every
  //    `probeInterval` and when the browser is back online, and loads itself afresh once the
  //    origin answers, keeping what was typed into the shell. A page loaded by such a reload does
  //    not reload by itself again within `reloadLoopWindow`: it waits for Try again. The app never
  //    starts in a page whose boot failed (src/main.tsx asks `__boot.start()` first). No machine
  //    runs here: the code that would run one is what failed. The policy is the code recovery's
  //    (machines/code-recovery).
  const storage = (): Storage | null => {
    try {
      return window.sessionStorage;
    } catch {
      return null;
    }
  };
  let bootStarted = false;
  let bootFailed = false;
  const shellFields = (): Array<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement> =>
    Array.prototype.slice.call(document.querySelectorAll('#shell input, #shell select, #shell textarea'));
  const reloadKeepingFields = () => {
    const kept: Array<[number, string | boolean]> = [];
    const fields = shellFields();
    fields.forEach((field, index) => {
      if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
        if (field.checked !== field.defaultChecked) kept.push([index, field.checked]);
      } else if (field instanceof HTMLSelectElement) {
        if (
          Array.prototype.some.call(field.options, (o: HTMLOptionElement) => o.selected !== o.defaultSelected)
        )
          kept.push([index, field.value]);
      } else if (field.value !== field.defaultValue) kept.push([index, field.value]);
    });
    try {
      const focus = fields.indexOf(document.activeElement as HTMLInputElement);
      storage()?.setItem(recovery.fieldsKey, JSON.stringify({ path: location.pathname, kept, focus }));
      storage()?.setItem(recovery.reloadKey, String(Date.now()));
    } catch {
      // Storage full or refused: the page still loads afresh.
    }
    location.reload();
  };
  let probing = false;
  let probeTimer = 0;
  /**
   * Asks the origin (GET /meta.json, never from a cache); `reload` when it answers. The inline twin
   * of the code recovery's `probeOrigin` (src/app/live/code-recovery.ts): this script cannot import.
   */
  const probe = (reload: boolean) => {
    if (probing) return;
    probing = true;
    window.clearTimeout(probeTimer);
    const abort = typeof AbortController === 'undefined' ? null : new AbortController();
    const timeout = window.setTimeout(() => abort?.abort(), recovery.probeTimeout);
    const again = () => {
      probing = false;
      window.clearTimeout(timeout);
      if (reload) probeTimer = window.setTimeout(() => probe(true), recovery.probeInterval);
    };
    fetch(`/meta.json?t=${Date.now()}`, { cache: 'no-store', signal: abort?.signal }).then((response) => {
      if (!response.ok) return again();
      window.clearTimeout(timeout);
      reloadKeepingFields();
    }, again);
  };
  /**
   * The whole stylesheet (the page inlines only its screen's) made active once it has loaded (now,
   * or when it arrives), for what the shell shows beyond its screen: the boot notice, a pressed
   * button's loading look. If it is what failed, those show with the browser's own styles.
   */
  const activateStyles = () => {
    for (const link of Array.prototype.slice.call(document.querySelectorAll('link[data-app-styles]'))) {
      const activate = () => {
        (link as HTMLLinkElement).media = 'all';
      };
      if ((link as HTMLLinkElement).sheet) activate();
      else (link as HTMLLinkElement).addEventListener('load', activate, { once: true });
    }
  };
  let noticeShown = false;
  const showNotice = (stuck: boolean) => {
    const notice = document.getElementById('boot-failed');
    if (!notice) return;
    activateStyles();
    notice.querySelector('[data-boot-retrying]')?.toggleAttribute('hidden', stuck);
    notice.querySelector('[data-boot-stuck]')?.toggleAttribute('hidden', !stuck);
    // Its links get their address now (src/prerender/boot-failed-notice.tsx).
    for (const link of Array.prototype.slice.call(notice.querySelectorAll('a[data-href]')))
      (link as Element).setAttribute('href', (link as Element).getAttribute('data-href') ?? '');
    if (!noticeShown) notice.querySelector('[data-boot-retry]')?.addEventListener('click', () => probe(true));
    noticeShown = true;
    notice.hidden = false;
  };
  // 7. The loading look of a press that waits: Mantine's, its loader over the hidden label.
  const showPressed = (button: Element) => {
    const template = document.getElementById('shell-pressed') as HTMLTemplateElement | null;
    const loader = template?.content?.firstElementChild;
    const label = button.querySelector('.mantine-Button-label');
    if (!button.isConnected || !button.hasAttribute('data-pending')) return;
    if (loader && label) {
      activateStyles();
      button.prepend(loader.cloneNode(true));
      button.setAttribute('data-loading', 'true');
      label.setAttribute('data-loading', 'true');
    }
    button.setAttribute('aria-disabled', 'true');
  };
  const release = (button: Element) => {
    for (const name of ['data-pending', 'aria-disabled', 'data-loading']) button.removeAttribute(name);
    button.querySelector('[data-loading]')?.removeAttribute('data-loading');
    button.querySelector('.mantine-Button-loader')?.remove();
  };
  const failBoot = () => {
    if (bootStarted || bootFailed) return;
    bootFailed = true;
    // The presses queued for the app will not be acted on in this page.
    const queued = (window as unknown as { __shellQueue?: unknown[] }).__shellQueue;
    if (queued) queued.length = 0;
    for (const button of Array.prototype.slice.call(document.querySelectorAll('[data-pending]')))
      release(button as Element);
    let reloadedAt = Number.NaN;
    try {
      reloadedAt = Number(storage()?.getItem(recovery.reloadKey) ?? Number.NaN);
    } catch {
      reloadedAt = Number.NaN;
    }
    const stuck = Date.now() - reloadedAt < recovery.reloadLoopWindow;
    const show = () => showNotice(stuck);
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show);
    else show();
    if (stuck) return;
    window.addEventListener('online', () => probe(true));
    probe(true);
  };
  (window as unknown as { __boot: { failed: () => void; start: () => boolean } }).__boot = {
    failed: failBoot,
    /**
     * Whether the app may start: not once the boot has failed here (the page loads afresh), nor in
     * a browser that cannot run it (the SPA fallback loads the entry itself).
     */
    start: () => {
      if (bootFailed || !supported) return false;
      bootStarted = true;
      // Shown because the boot took long (a request stalled or slow), not because it failed.
      const notice = document.getElementById('boot-failed');
      if (notice) notice.hidden = true;
      return true;
    },
  };
  window.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (
        !bootStarted &&
        !bootFailed &&
        event.error instanceof SyntaxError &&
        (event.filename ?? '').indexOf(location.origin) === 0
      ) {
        // 0. The app's code does not parse here: nothing more is tried (no notice, no reload).
        bootFailed = true;
        html.setAttribute('data-browser', 'unsupported');
        return;
      }
      if (
        (target instanceof HTMLScriptElement && target.type === 'module') ||
        (target instanceof HTMLLinkElement && target.hasAttribute('data-app-styles'))
      )
        failBoot();
    },
    true,
  );
  const loadApp = () => {
    // A request of the boot may stall (Wi-Fi gone without the connection being reset) or crawl:
    // after the long-loading time the notice shows, with Try again, and the app still starts when
    // a slow load finishes (the notice goes then). A boot of which nothing more has arrived for the
    // long-loading time has stalled: it counts as failed, so the page loads itself afresh once the
    // origin answers, keeping what was typed (decision 195). Anything arriving shows the load is
    // moving: a resource entry reported to an observer (at once), or one more in the page's list
    // at the guard's look every probe interval (with the observer alone, Firefox ESR found a boot
    // stalled at the first look, 15 s in, though its stylesheet had arrived: the list is the
    // fallback). Times are on the page's own clock.
    let lastArrival = performance.now();
    const arrive = () => {
      lastArrival = performance.now();
    };
    const arrivals =
      typeof PerformanceObserver !== 'undefined' &&
      (PerformanceObserver.supportedEntryTypes ?? []).indexOf('resource') >= 0
        ? new PerformanceObserver(arrive)
        : null;
    arrivals?.observe({ type: 'resource' });
    const listed = () =>
      typeof performance.getEntriesByType === 'function'
        ? performance.getEntriesByType('resource').length
        : 0;
    let seen = listed();
    const look = () => {
      if (bootStarted || bootFailed) return arrivals?.disconnect();
      if (listed() !== seen) {
        seen = listed();
        arrive();
      }
      if (noticeShown && performance.now() - lastArrival >= recovery.longLoading) {
        arrivals?.disconnect();
        failBoot();
      } else setTimeout(look, recovery.probeInterval);
    };
    setTimeout(look, recovery.probeInterval);
    setTimeout(() => {
      if (!bootStarted && !bootFailed) showNotice(false);
    }, recovery.longLoading);
    const hints = document.getElementById('boot-preloads');
    // The whole stylesheet: the page inlines only what its screen needs (decision 123). Inactive
    // (print only) until the app takes over (src/boot/handoff.ts, decision 123): the screen on
    // display is styled already, and a stylesheet arriving for it would have its whole style
    // computed again (82–110 ms at 4× CPU on the practice step).
    for (const href of (hints?.getAttribute('data-styles') ?? '').split(' ')) {
      if (!href) continue;
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.media = 'print';
      link.href = href;
      link.setAttribute('data-app-styles', '');
      document.head.appendChild(link);
    }
    // The entry in the next task: each append starts a request, a few milliseconds of the main
    // thread (decision 181); the stylesheet's link is in the page before the entry looks for it.
    setTimeout(() => {
      for (const src of (hints?.getAttribute('data-entry') ?? '').split(' ')) {
        if (!src) continue;
        const script = document.createElement('script');
        script.type = 'module';
        script.crossOrigin = '';
        script.src = src;
        document.head.appendChild(script);
      }
    }, 0);
  };
  let loaded = false;
  const loadOnce = () => {
    if (loaded || !supported) return;
    loaded = true;
    loadApp();
  };
  const afterFirstPaint = () => {
    const types = typeof PerformanceObserver === 'undefined' ? [] : PerformanceObserver.supportedEntryTypes;
    if (!html.hasAttribute('data-session') && (types ?? []).indexOf('paint') >= 0) {
      new PerformanceObserver((list, observer) => {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        setTimeout(loadOnce, 0);
      }).observe({ type: 'paint', buffered: true });
      // A page that is never painted (a background tab) still boots.
      setTimeout(loadOnce, 3000);
    } else requestAnimationFrame(() => setTimeout(loadOnce, 0));
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterFirstPaint);
  else afterFirstPaint();
  let maybe = /(?:^|;\s*)(?:_legacy_)?auth0\.(?:[^=;]+\.)?is\.authenticated=[^;\s]/.test(document.cookie);
  try {
    for (let i = 0; !maybe && i < localStorage.length; i++) {
      maybe = (localStorage.key(i) ?? '').indexOf('@@auth0spajs@@') === 0;
    }
  } catch {
    // Storage unavailable (privacy mode): cookies decide.
  }
  if (maybe) {
    html.setAttribute('data-session', 'maybe');
    return;
  }
  // 4. A stored practice draft is filled in by the practice page's second script
  //    (src/boot/draft-fill.ts, decision 100): the other pages do without its bytes.
  // 6. What the visitor had typed before a recovery reload (5.) is put back into the same fields
  //    of the same page, as typed values, and the focus into the field that had it: the handoff
  //    carries both into the app. The shell is hidden until then (html[data-restoring]).
  let restore: { path?: unknown; kept?: unknown; focus?: unknown } | null = null;
  try {
    const raw = storage()?.getItem(recovery.fieldsKey);
    storage()?.removeItem(recovery.fieldsKey);
    restore = raw ? JSON.parse(raw) : null;
  } catch {
    restore = null;
  }
  if (restore && restore.path === location.pathname && Array.isArray(restore.kept)) {
    const kept = restore.kept as Array<[number, string | boolean]>;
    const focus = restore.focus;
    html.setAttribute('data-restoring', '');
    const put = () => {
      const fields = shellFields();
      for (const [index, value] of kept) {
        const field = fields[index];
        if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
          field.checked = value === true;
        else if (field && typeof value === 'string') field.value = value;
      }
      // The field that had the focus has it again (the handoff carries it into the app): after the
      // first frame, where the browser focuses the page's `autofocus` field.
      if (typeof focus === 'number' && fields[focus])
        requestAnimationFrame(() => setTimeout(() => fields[focus]?.focus(), 0));
      html.removeAttribute('data-restoring');
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', put);
    else put();
  }
  // A button is named by its text and its place among the shell's buttons of the same text; `at`
  // is when it was pressed (the app's spinner counts its pop-in from then, decision 198).
  const queue: Array<{ type: 'click'; label: string; nth: number; at: number }> = [];
  (window as unknown as { __shellQueue: typeof queue }).__shellQueue = queue;
  const press = (button: Element) => {
    // Pressed once: the app acts on it once. Nothing is queued in a page whose boot failed.
    if (bootFailed || button.hasAttribute('data-pending')) return;
    setTimeout(() => showPressed(button), recovery.pressedBusyAfter);
    const label = (button.textContent ?? '').trim();
    const same = Array.prototype.filter.call(
      document.querySelectorAll('#shell button'),
      (other: Element) => (other.textContent ?? '').trim() === label,
    );
    queue.push({ type: 'click', label, nth: same.indexOf(button), at: performance.now() });
    button.setAttribute('data-pending', '');
  };
  const inShell = (node: EventTarget | null): Element | null => {
    const element = node instanceof Element ? node : null;
    const shell = document.getElementById('shell');
    return element && shell?.contains(element) ? element : null;
  };
  document.addEventListener(
    'click',
    (event) => {
      const button = inShell(event.target)?.closest('button');
      if (!button) return;
      event.preventDefault();
      press(button);
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      const form = inShell(event.target);
      if (!form) return;
      // Enter in a field: the form's submit button, as a click on it would.
      event.preventDefault();
      const button = (event as SubmitEvent).submitter ?? form.querySelector('button[type="submit"]');
      if (button) press(button);
    },
    true,
  );
  document.addEventListener(
    'input',
    (event) => {
      const input = inShell(event.target);
      if (!(input instanceof HTMLInputElement) || input.value.length !== 1) return;
      const group = input.closest('[data-code-boxes]');
      const boxes = group ? Array.prototype.slice.call(group.querySelectorAll('input')) : [];
      const next = boxes[boxes.indexOf(input) + 1] as HTMLInputElement | undefined;
      next?.focus();
    },
    true,
  );
}
