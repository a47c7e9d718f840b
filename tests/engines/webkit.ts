import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { Builder, By, Key as SeleniumKey, type WebDriver } from 'selenium-webdriver';
import type { EngineBrowser, EngineDriver, Key } from './driver';
import { engineViewport, sleep } from './driver';

/**
 * WebKitGTK (Debian's `webkit2gtk-driver`): `WebKitWebDriver` drives the MiniBrowser over classic
 * WebDriver, with selenium-webdriver as the client. The MiniBrowser has no headless mode here: the
 * runner puts the whole engine run under `xvfb-run -a` (or an X display that exists).
 */
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForDriver(url: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/status`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('WebKitWebDriver did not start');
}

const keys: Record<Key, string> = {
  Tab: SeleniumKey.TAB,
  'Shift+Tab': SeleniumKey.TAB, // with Shift held: see press()
  Enter: SeleniumKey.ENTER,
  Space: SeleniumKey.SPACE,
  ArrowDown: SeleniumKey.ARROW_DOWN,
  ArrowRight: SeleniumKey.ARROW_RIGHT,
  ArrowLeft: SeleniumKey.ARROW_LEFT,
};

/** WebKit: every journey starts its own WebKitWebDriver and MiniBrowser (a fresh profile each). */
export async function launchWebKit(): Promise<EngineBrowser> {
  if (!process.env.DISPLAY) throw new Error('WebKit needs an X display: run under xvfb-run -a');
  return { engine: 'webkit', open: openWebKit, close: async () => undefined };
}

async function openWebKit(abandon?: AbortSignal): Promise<EngineDriver> {
  const port = await freePort();
  // Its own process group: closing kills the driver and the MiniBrowser it started together.
  const child = spawn(WEBKIT_DRIVER, [`--port=${port}`], { stdio: 'ignore', detached: true });
  const killAll = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  // Abandoned while opening (it hung): the driver and its MiniBrowser go.
  abandon?.addEventListener('abort', killAll, { once: true });
  const server = `http://127.0.0.1:${port}`;
  let driver: WebDriver;
  try {
    await waitForDriver(server, child);
    driver = await new Builder()
      .usingServer(server)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      })
      .build();
  } catch (error) {
    killAll();
    throw error;
  }
  await driver.manage().setTimeouts({ pageLoad: 30_000, script: 20_000 });
  await driver
    .manage()
    .window()
    .setRect(engineViewport())
    .catch(() => undefined);
  const capabilities = await driver.getCapabilities();
  const version = `${String(capabilities.get('browserName'))} ${String(capabilities.get('browserVersion'))}`;
  const activeSend = async (text: string) => {
    await driver.actions().sendKeys(text).perform();
  };
  return {
    engine: 'webkit',
    // Classic WebDriver has no page events.
    events: () => [],
    version,
    async goto(url) {
      await driver.get(url);
    },
    async clickSelector(css) {
      // Scrolled into view in the page first, as a person scrolls to what they tap: WebKitWebDriver's
      // own scroll before a click leaves a page with `scroll-padding-top` where it is when the
      // element is a little below the fold, and the click then fails as not interactable (decision
      // 203). The page's own scrolling (`scrollIntoView`, a focused field) heeds the padding.
      await driver.executeScript(
        'var el = document.querySelector(arguments[0]); if (el) el.scrollIntoView({ block: "nearest", inline: "nearest" });',
        css,
      );
      await driver.findElement(By.css(css)).click();
    },
    async typeInto(css, text) {
      await driver.executeScript('document.querySelector(arguments[0]).focus();', css);
      await activeSend(text);
    },
    type: activeSend,
    async press(key) {
      // Shift held over the Tab: sent as one string (a chord), WebKitWebDriver typed Shift's own
      // code point into the focused box.
      if (key === 'Shift+Tab') {
        await driver
          .actions()
          .keyDown(SeleniumKey.SHIFT)
          .sendKeys(SeleniumKey.TAB)
          .keyUp(SeleniumKey.SHIFT)
          .perform();
        return;
      }
      await activeSend(keys[key]);
    },
    async url() {
      return driver.getCurrentUrl();
    },
    async evaluate<T>(body: string, ...args: unknown[]) {
      return (await driver.executeScript(body, ...args)) as T;
    },
    async back() {
      await driver.navigate().back();
    },
    async screenshot(path) {
      writeFileSync(path, Buffer.from(await driver.takeScreenshot(), 'base64'));
    },
    async close() {
      await Promise.race([driver.quit().catch(() => undefined), sleep(10_000)]);
      killAll();
    },
  };
}
