import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The small driver interface the engine journeys are written against (decision 110): one adapter
 * per engine (firefox.ts over WebDriver BiDi with puppeteer-core, webkit.ts over classic WebDriver
 * with selenium-webdriver), and everything else — finding by role and name, waiting for text,
 * focus checks — built once on top of it in `Page`, in the page's own JavaScript.
 */
/**
 * The size of every journey's window: 1280 × 800, or `ENGINE_VIEWPORT=<width>x<height>` (for
 * example 375x800, to look at the phone layout in Firefox and WebKit).
 */
export function engineViewport(): { width: number; height: number } {
  const match = /^(\d+)x(\d+)$/.exec(process.env.ENGINE_VIEWPORT ?? '');
  return match ? { width: Number(match[1]), height: Number(match[2]) } : { width: 1280, height: 800 };
}

export interface EngineDriver {
  /** 'firefox' or 'webkit'. */
  readonly engine: string;
  /** The browser's own version string. */
  readonly version: string;
  goto(url: string): Promise<void>;
  /** A real click (the driver's pointer) on the element matching a CSS selector. */
  clickSelector(css: string): Promise<void>;
  /** Focuses the element matching a CSS selector and types into it, key by key. */
  typeInto(css: string, text: string): Promise<void>;
  /** Types into whatever has focus. */
  type(text: string): Promise<void>;
  /** One key: 'Tab', 'Shift+Tab', 'Enter', 'Space', 'ArrowDown', 'ArrowRight', 'ArrowLeft', 'Backspace'. */
  press(key: Key): Promise<void>;
  url(): Promise<string>;
  /** Runs `body` (a function body using `arguments`) in the page and returns its JSON result. */
  evaluate<T>(body: string, ...args: unknown[]): Promise<T>;
  back(): Promise<void>;
  screenshot(path: string): Promise<void>;
  /**
   * What the driver saw of the page, oldest first (console messages, failed requests,
   * navigations), for a failed journey's evidence; an engine whose protocol has no events gives [].
   */
  events(): string[];
  close(): Promise<void>;
}

/** An engine's browser: `open()` gives a driver on a fresh profile (no cookies or storage of another). */
export interface EngineBrowser {
  readonly engine: string;
  /** `abandon`, when aborted, tells an opening that takes too long to end what it started. */
  open(abandon?: AbortSignal): Promise<EngineDriver>;
  close(): Promise<void>;
}

export type Key = 'Tab' | 'Shift+Tab' | 'Enter' | 'Space' | 'ArrowDown' | 'ArrowRight' | 'ArrowLeft';

export type Role =
  | 'button'
  | 'link'
  | 'heading'
  | 'radio'
  | 'checkbox'
  | 'textbox'
  | 'status'
  | 'alert'
  | 'alertdialog';

/** What to find: a role and its accessible name (exact text or a pattern), or a CSS selector. */
export type Target = { role: Role; name: string | RegExp; within?: string } | { css: string };

/**
 * Installed at the start of every page call (a navigation drops it): finds elements by role and
 * accessible name (a plain reading of the accessible-name rules: aria-labelledby, aria-label,
 * the labels of a control, then the text), visible ones only, and marks the found one with
 * `data-engine-target` so the driver can act on it with a CSS selector.
 *
 * It is kept on `window` only together with the document it was made in, and made afresh for any
 * other. A call that lands in the old document's realm just as a navigation commits (Firefox, a
 * reload started by the page itself) sets `window.__engines` through the window proxy on the new
 * document's window, while its functions still read the old `document`: every later call then
 * saw the old page (the failure screen) while the browser showed the new one.
 */
export const PAGE_LIBRARY = String.raw`
var L = window.__engines;
if (!L || L.document !== document) {
  var roles = {
    button: 'button, [role="button"], input[type="submit"], input[type="button"]',
    link: 'a[href], [role="link"]',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    radio: 'input[type="radio"], [role="radio"]',
    checkbox: 'input[type="checkbox"], [role="checkbox"]',
    textbox: 'input:not([type]), input[type="text"], input[type="email"], input[type="password"], input[type="tel"], input[type="number"], input[type="date"], textarea, [role="textbox"]',
    status: '[role="status"]',
    alert: '[role="alert"]',
    alertdialog: '[role="alertdialog"]'
  };
  var norm = function (s) { return (s || '').replace(/\s+/g, ' ').trim(); };
  var visible = function (el) {
    if (!el.isConnected) return false;
    if (el.closest('[hidden], [aria-hidden="true"], [inert]')) return false;
    var rects = el.getClientRects();
    if (rects.length === 0) {
      // A visually hidden native box (Mantine's checkbox, radio) still counts if its label shows.
      var labels = el.labels ? Array.prototype.slice.call(el.labels) : [];
      return labels.some(function (l) { return l.getClientRects().length > 0; });
    }
    var style = getComputedStyle(el);
    return style.visibility !== 'hidden';
  };
  var nameOf = function (el) {
    var by = el.getAttribute('aria-labelledby');
    if (by) {
      return norm(by.split(/\s+/).map(function (id) {
        var ref = document.getElementById(id);
        return ref ? ref.textContent : '';
      }).join(' '));
    }
    var label = el.getAttribute('aria-label');
    if (label) return norm(label);
    if (el.labels && el.labels.length) {
      return norm(Array.prototype.map.call(el.labels, function (l) { return l.textContent; }).join(' '));
    }
    if (el instanceof HTMLInputElement && (el.type === 'submit' || el.type === 'button')) return norm(el.value);
    return norm(el.textContent);
  };
  var matches = function (name, want) {
    if (want.re) return new RegExp(want.re, want.flags || '').test(name);
    return name === want.text;
  };
  var counter = 0;
  L = window.__engines = {
    document: document,
    find: function (role, want, within) {
      var root = within ? document.querySelector(within) : document;
      if (!root) return null;
      var all = root.querySelectorAll(roles[role]);
      for (var i = 0; i < all.length; i++) {
        var el = all[i];
        if (visible(el) && matches(nameOf(el), want)) return el;
      }
      return null;
    },
    mark: function (el) {
      if (!el.hasAttribute('data-engine-target')) {
        counter += 1;
        el.setAttribute('data-engine-target', String(Date.now()) + '-' + counter);
      }
      return '[data-engine-target="' + el.getAttribute('data-engine-target') + '"]';
    },
    resolve: function (target) {
      if (target.css) {
        var list = document.querySelectorAll(target.css);
        for (var i = 0; i < list.length; i++) if (visible(list[i])) return list[i];
        return null;
      }
      return L.find(target.role, target.want, target.within);
    },
    describe: function (el) {
      if (!el) return 'nothing';
      return '<' + el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + '> ' + nameOf(el).slice(0, 60);
    },
    text: function () { return norm(document.body ? document.body.innerText : ''); }
  };
}
`;

type WireTarget =
  | { role: Role; want: { text: string } | { re: string; flags: string }; within?: string }
  | { css: string };

function toWire(target: Target): WireTarget {
  if ('css' in target) return { css: target.css };
  const want =
    typeof target.name === 'string'
      ? { text: target.name }
      : { re: target.name.source, flags: target.name.flags };
  return { role: target.role, want, ...(target.within ? { within: target.within } : {}) };
}

function show(target: Target): string {
  return 'css' in target ? target.css : `${target.role} "${String(target.name)}"`;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The journeys' page: the engine-neutral actions and waits, on top of one `EngineDriver`. */
export class Page {
  constructor(readonly driver: EngineDriver) {}

  get engine(): string {
    return this.driver.engine;
  }

  /** Runs `body` after installing the page library (`L` in `body`). */
  run<T>(body: string, ...args: unknown[]): Promise<T> {
    return this.driver.evaluate<T>(`${PAGE_LIBRARY}\n${body}`, ...args);
  }

  goto(url: string): Promise<void> {
    return this.driver.goto(url);
  }

  url(): Promise<string> {
    return this.driver.url();
  }

  /** Polls `probe` until it answers true-ish; throws with `what` (and the last answer) when time runs out. */
  async waitUntil<T>(
    what: string,
    probe: () => Promise<T | null | undefined | false | ''>,
    timeout = 30_000,
  ): Promise<T> {
    const until = Date.now() + timeout;
    let last: unknown;
    for (;;) {
      try {
        const value = await probe();
        if (value) return value;
        last = value;
      } catch (error) {
        // A navigation in progress: the page's context is being replaced; try again.
        last = error instanceof Error ? error.message.split('\n')[0] : error;
      }
      if (Date.now() > until)
        throw new Error(`timed out after ${timeout} ms waiting for ${what} (last: ${String(last)})`);
      await sleep(150);
    }
  }

  /** Waits for a visible element and marks it; answers its CSS selector. */
  locate(target: Target, timeout = 30_000): Promise<string> {
    if (process.env.ENGINES_DEBUG) process.stdout.write(`    · ${this.engine}: ${show(target)}\n`);
    return this.waitUntil(
      show(target),
      () =>
        this.run<string | null>(
          'var el = L.resolve(arguments[0]); return el ? L.mark(el) : null;',
          toWire(target),
        ),
      timeout,
    );
  }

  async isVisible(target: Target): Promise<boolean> {
    return this.run<boolean>('return L.resolve(arguments[0]) !== null;', toWire(target));
  }

  /** Clicks what `target` finds; found again if the page re-rendered it between finding and clicking. */
  async click(target: Target, timeout?: number): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const css = await this.locate(target, timeout);
      try {
        await this.driver.clickSelector(css);
        return;
      } catch (error) {
        const stale =
          error instanceof Error && /detached|stale|no such element|No element found/i.test(error.message);
        if (!stale || attempt >= 3) throw error;
      }
    }
  }

  /** Types into an empty field (a person typing). */
  async fill(target: Target, text: string): Promise<void> {
    const css = await this.locate(target);
    await this.driver.typeInto(css, text);
  }

  /**
   * Sets a field's value the way a form library sees a person's edit (the native setter, then
   * `input` and `change`): for date boxes, whose typing order depends on the engine's locale.
   */
  async setValue(target: Target, value: string): Promise<void> {
    const css = await this.locate(target);
    await this.run(
      `var el = document.querySelector(arguments[0]);
       var proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype
         : el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
       Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, arguments[1]);
       el.dispatchEvent(new Event('input', { bubbles: true }));
       el.dispatchEvent(new Event('change', { bubbles: true }));
       return true;`,
      css,
      value,
    );
  }

  async valueOf(target: Target): Promise<string> {
    const css = await this.locate(target);
    return this.run<string>('return document.querySelector(arguments[0]).value;', css);
  }

  async checked(target: Target): Promise<boolean> {
    const css = await this.locate(target);
    return this.run<boolean>('return document.querySelector(arguments[0]).checked === true;', css);
  }

  press(key: Key): Promise<void> {
    return this.driver.press(key);
  }

  type(text: string): Promise<void> {
    return this.driver.type(text);
  }

  back(): Promise<void> {
    return this.driver.back();
  }

  /** The page's visible text (whitespace collapsed). */
  text(): Promise<string> {
    return this.run<string>('return L.text();');
  }

  async waitForText(text: string | RegExp, timeout = 30_000): Promise<void> {
    await this.waitUntil(
      `text ${String(text)}`,
      async () => {
        const body = await this.text();
        return typeof text === 'string' ? body.includes(text) : text.test(body);
      },
      timeout,
    );
  }

  async waitForVisible(target: Target, timeout = 30_000): Promise<void> {
    await this.locate(target, timeout);
  }

  async waitForHidden(target: Target, timeout = 30_000): Promise<void> {
    await this.waitUntil(`${show(target)} to go`, async () => !(await this.isVisible(target)), timeout);
  }

  async waitForUrl(pattern: RegExp, timeout = 30_000): Promise<string> {
    return this.waitUntil(
      `the address to match ${pattern}`,
      async () => {
        const url = await this.url();
        return pattern.test(url) ? url : '';
      },
      timeout,
    );
  }

  /** What has focus, for messages. */
  focused(): Promise<string> {
    return this.run<string>('return L.describe(document.activeElement);');
  }

  async isFocused(target: Target): Promise<boolean> {
    return this.run<boolean>(
      'var el = L.resolve(arguments[0]); return !!el && (el === document.activeElement || el.contains(document.activeElement));',
      toWire(target),
    );
  }

  /** Tab (or Shift+Tab) until `target` has focus: the keyboard only, no click. */
  async tabTo(target: Target, { back = false, max = 60 } = {}): Promise<void> {
    await this.locate(target);
    for (let i = 0; i <= max; i += 1) {
      if (await this.isFocused(target)) return;
      await this.press(back ? 'Shift+Tab' : 'Tab');
    }
    throw new Error(
      `${back ? 'Shift+Tab' : 'Tab'} never reached ${show(target)} (focus is on ${await this.focused()})`,
    );
  }

  async screenshot(path: string): Promise<void> {
    mkdirSync(dirname(path), { recursive: true });
    await this.driver.screenshot(path);
  }
}

/** A failed expectation in a journey. */
export function expectEqual<T>(actual: T, expected: T, what: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

export function expectTrue(value: unknown, what: string): void {
  if (!value) throw new Error(`expected ${what}`);
}
