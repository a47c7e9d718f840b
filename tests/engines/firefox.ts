import { writeFileSync } from 'node:fs';
import puppeteer, { type KeyInput, type Page } from 'puppeteer-core';
import { type EngineBrowser, type EngineDriver, engineViewport, type Key } from './driver';

/**
 * Firefox ESR (Debian's `firefox-esr`) over WebDriver BiDi with puppeteer-core: no driver and no
 * browser download. One browser per run (its start-up is the slow part); each journey gets its own
 * user context (BiDi `browser.createUserContext`: cookies and storage of its own).
 */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

const keys: Record<Key, KeyInput[]> = {
  Tab: ['Tab'],
  'Shift+Tab': ['Shift', 'Tab'],
  Enter: ['Enter'],
  Space: [' '],
  ArrowDown: ['ArrowDown'],
  ArrowRight: ['ArrowRight'],
  ArrowLeft: ['ArrowLeft'],
};

export async function launchFirefox(): Promise<EngineBrowser> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: {
      // Quiet, offline-friendly profile: no update checks or telemetry calls to the internet.
      'app.update.enabled': false,
      'browser.shell.checkDefaultBrowser': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
    },
  });
  const version = await browser.version();
  return {
    engine: 'firefox',
    async open() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(engineViewport());
      page.setDefaultTimeout(20_000);
      return driverFor(page, version, () => context.close());
    },
    async close() {
      await browser.close();
    },
  };
}

function driverFor(page: Page, version: string, close: () => Promise<void>): EngineDriver {
  const seen: string[] = [];
  const started = Date.now();
  const note = (line: string) => {
    seen.push(`+${((Date.now() - started) / 1000).toFixed(1)} s ${line}`);
    if (seen.length > 400) seen.shift();
  };
  page.on('console', (message) => note(`console.${message.type()} ${message.text()}`));
  page.on('pageerror', (error) => note(`pageerror ${String(error)}`));
  page.on('requestfailed', (request) =>
    note(`requestfailed ${request.url()} ${request.failure()?.errorText ?? ''}`),
  );
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`navigated ${frame.url()}`);
  });
  page.on('load', () => note('load'));
  return {
    events: () => [...seen],
    engine: 'firefox',
    version,
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    async clickSelector(css) {
      await page.click(css);
    },
    async typeInto(css, text) {
      await page.focus(css);
      await page.keyboard.type(text);
    },
    async type(text) {
      await page.keyboard.type(text);
    },
    async press(key) {
      const [first, second] = keys[key];
      if (second && first) {
        await page.keyboard.down(first);
        await page.keyboard.press(second);
        await page.keyboard.up(first);
      } else if (first) await page.keyboard.press(first);
    },
    async url() {
      return page.url();
    },
    async evaluate<T>(body: string, ...args: unknown[]) {
      // A string expression (never a function: nothing of the test runner's transpiled code goes in).
      return (await page.evaluate(`(function () {\n${body}\n}).apply(null, ${JSON.stringify(args)})`)) as T;
    },
    async back() {
      await page.goBack();
    },
    async screenshot(path) {
      writeFileSync(path, await page.screenshot({ type: 'png' }));
    },
    close,
  };
}
