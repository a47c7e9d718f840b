import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestStack, type TestStack } from '../support/stack';
import { type EngineBrowser, type EngineDriver, Page } from './driver';
import { launchFirefox } from './firefox';
import { type JourneyContext, journeys } from './journeys';
import { launchWebKit } from './webkit';

/**
 * `npm run test:engines`: every journey of journeys.ts in Firefox ESR and in WebKitGTK, the two
 * engines side by side (`--parallel`; without it one after the other, decision 110). Side by side
 * was 10–15 % faster and once timed out a Firefox recovery journey; since the stalled-boot journey
 * (decision 195) waits 18 s in each engine it is 40 % faster (125–129 s against 200–225 s, two
 * runs each, none flaky), and CI retries a journey once. Each engine has stacks of
 * its own (fresh seed data, nothing shared with the other engine): one with the app and the
 * provider on localhost, two with the provider on 127.0.0.1 (another site). Each journey gets a
 * fresh browser (a fresh profile: no cookies or storage of the journey before). A failing journey
 * saves a screenshot and the page's address under test-results/engines/.
 *
 *   xvfb-run -a tsx tests/engines/run.ts [--engine firefox|webkit] [--grep TEXT] [--parallel]
 *     [--retries 0|1]
 *
 * Every window is 1280 × 800; `ENGINE_VIEWPORT=375x800` runs the journeys at a phone's width
 * (WebKitGTK's MiniBrowser does not get narrower than about 447 px).
 *
 * A failed journey is run once more on CI (`--retries`, default 1 with CI set, else 0), as the
 * Playwright suite retries on CI: in a fresh browser, against fresh stacks. One that passes then is
 * listed as flaky, with its first error; its first attempt's evidence stays in test-results/.
 *
 * A journey marked `knownFailing` for an engine is skipped there with its reason printed;
 * `ENGINES_RUN_KNOWN_FAILING=1` runs it anyway (to work on the defect).
 */

const root = join(import.meta.dirname, '../..');
const outDir = join(root, 'test-results/engines');

const launchers: Record<string, () => Promise<EngineBrowser>> = {
  firefox: launchFirefox,
  webkit: launchWebKit,
};

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const log = (line: string) => process.stdout.write(`${line}\n`);

/** A journey that hangs (a browser that died under its driver) fails instead of stalling the run. */
const JOURNEY_TIMEOUT_MS = 180_000;
/**
 * Opening a fresh browser takes 0.3–2.5 s. One that hangs (WebKitGTK's driver once did for the
 * whole 120 s the run used to wait, on a fresh clone) is abandoned after this and opened once more.
 */
const OPEN_TIMEOUT_MS = 30_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A fresh browser, opened once more when the first opening hangs (its processes ended). */
async function openFresh(browser: EngineBrowser): Promise<EngineDriver> {
  for (let tries = 1; ; tries += 1) {
    const abandon = new AbortController();
    const opening = browser.open(abandon.signal);
    try {
      return await withTimeout(opening, OPEN_TIMEOUT_MS, 'opening a fresh browser');
    } catch (error) {
      abandon.abort();
      // An opening that ends after all is closed when it does.
      opening.then((late) => late.close()).catch(() => undefined);
      if (tries >= 2) throw error;
      log(`  … opening a fresh ${browser.engine} took over ${OPEN_TIMEOUT_MS / 1000} s: once more`);
    }
  }
}

/**
 * What a failed attempt leaves under test-results/engines/: a screenshot, then the address, the
 * page's text and how its document was loaded (navigation type and time origin), read after it.
 * The screenshot and the text disagreeing, or a document older than the last reload, points at
 * the driver rather than the page.
 */
async function keepEvidence(driver: EngineDriver, name: string, message: string): Promise<void> {
  const slug = name.slice(0, 60).replace(/[^A-Za-z0-9]+/g, '-');
  mkdirSync(outDir, { recursive: true });
  const shot = join(outDir, `${slug}.png`);
  try {
    const page = new Page(driver);
    await withTimeout(page.screenshot(shot), 15_000, 'the screenshot');
    const url = await withTimeout(driver.url(), 5000, 'the address');
    const text = await withTimeout(page.text(), 5000, 'the text').catch(() => '(no text)');
    const document = await withTimeout(
      driver.evaluate<string>(
        'var n = performance.getEntriesByType("navigation")[0]; return JSON.stringify({ navigation: n ? n.type : null, timeOrigin: performance.timeOrigin, now: Date.now(), readyState: document.readyState, visibility: document.visibilityState, libraryInstalled: !!window.__engines, headings: Array.prototype.map.call(document.querySelectorAll("h1"), function (h) { return h.textContent; }), text: (document.body ? document.body.innerText : "").slice(0, 200) });',
      ),
      5000,
      'the document',
    ).catch((error: unknown) => `(no document: ${String(error)})`);
    // A second screenshot after the reads: a page whose painting stopped shows the same picture.
    await withTimeout(page.screenshot(shot.replace(/\.png$/, '-after.png')), 15_000, 'the screenshot').catch(
      () => undefined,
    );
    const events = driver.events().join('\n');
    writeFileSync(
      join(outDir, `${slug}.txt`),
      `${url}\n${document}\n\n${text}\n\n${message}\n\nWhat the driver saw:\n${events}\n`,
    );
    log(`    screenshot: ${shot}`);
  } catch (shotError) {
    log(`    (no screenshot: ${String(shotError)})`);
  }
}

async function main(): Promise<number> {
  const only = argument('--engine');
  const grep = argument('--grep');
  const engines = Object.keys(launchers).filter((engine) => !only || engine === only);
  const selected = journeys.filter((journey) => !grep || journey.name.includes(grep));
  if (engines.length === 0 || selected.length === 0) {
    log(`nothing to run (engine ${only ?? 'all'}, grep ${grep ?? '-'})`);
    return 1;
  }

  const started = Date.now();
  const failures: string[] = [];
  const skipped: string[] = [];
  const notes: string[] = [];
  const flaky: string[] = [];
  const retries = Number(argument('--retries') ?? (process.env.CI ? 1 : 0));

  const runEngine = async (engine: string): Promise<void> => {
    const launch = launchers[engine];
    if (!launch) return;
    const stacks: TestStack[] = [];
    /** The stacks a journey runs against: one on localhost, two with the provider on another site. */
    const startStacks = async () => {
      const start = async (options: Parameters<typeof startTestStack>[0]) => {
        const stack = await startTestStack(options);
        stacks.push(stack);
        return stack;
      };
      return {
        stack: await start({}),
        crossSite: {
          iframe: await start({ idpHost: '127.0.0.1' }),
          refreshTokens: await start({
            idpHost: '127.0.0.1',
            useRefreshTokens: true,
            cacheLocation: 'localstorage',
          }),
        },
      };
    };
    try {
      const shared = await startStacks();
      const launchedAt = Date.now();
      let browser: EngineBrowser;
      try {
        browser = await withTimeout(launch(), 120_000, `starting ${engine}`);
      } catch (error) {
        failures.push(`[${engine}] could not start: ${String(error)}`);
        log(`  ✘ [${engine}] could not start: ${String(error)}`);
        return;
      }
      log(`  ${engine} started in ${((Date.now() - launchedAt) / 1000).toFixed(1)} s`);

      /** One attempt at a journey in a fresh browser; its error, or null when it passed. */
      const attempt = async (
        journey: (typeof selected)[number],
        title: string,
        on: Awaited<ReturnType<typeof startStacks>>,
        suffix: string,
      ): Promise<string | null> => {
        const begin = Date.now();
        let driver: EngineDriver | null = null;
        try {
          driver = await openFresh(browser);
          const launched = Date.now() - begin;
          const page = new Page(driver);
          const context: JourneyContext = {
            page,
            stack: on.stack,
            crossSite: on.crossSite,
            note: (text) => notes.push(`[${engine} ${driver?.version}] ${text}`),
          };
          await withTimeout(journey.run(context), JOURNEY_TIMEOUT_MS, 'the journey');
          const took = ((Date.now() - begin) / 1000).toFixed(1);
          log(
            `  ✓ ${title}${suffix} (${took} s, of which ${(launched / 1000).toFixed(1)} s start-up; ${driver.version})`,
          );
          return null;
        } catch (error) {
          const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
          log(`  ✘ ${title}${suffix} (${((Date.now() - begin) / 1000).toFixed(1)} s)\n${message}`);
          if (driver) await keepEvidence(driver, `${engine}-${journey.name}${suffix}`, message);
          return message;
        } finally {
          await withTimeout(driver?.close() ?? Promise.resolve(), 15_000, 'closing the browser').catch(
            () => undefined,
          );
        }
      };

      for (const journey of selected) {
        const title = `[${engine}] ${journey.name}`;
        const knownFailing = journey.knownFailing?.[engine as 'firefox' | 'webkit'];
        if (knownFailing && !process.env.ENGINES_RUN_KNOWN_FAILING) {
          skipped.push(`${title}: ${knownFailing}`);
          log(`  - ${title}: SKIPPED, ${knownFailing}`);
          continue;
        }
        const first = await attempt(journey, title, shared, '');
        if (first === null) continue;
        if (retries === 0) {
          failures.push(`${title}\n${first}`);
          continue;
        }
        // As Playwright's `retries` on CI: once more, in a fresh browser against fresh stacks (the
        // first attempt may have used up its seed data). Passing then marks the journey flaky.
        const again = await attempt(journey, title, await startStacks(), ' (retry)');
        if (again === null) flaky.push(`${title}\n  first attempt: ${first.split('\n')[0]}`);
        else failures.push(`${title}\n${first}\n(retry)\n${again}`);
      }
      await withTimeout(browser.close(), 30_000, `closing ${engine}`).catch(() => undefined);
    } finally {
      for (const each of stacks) await each.dispose().catch(() => undefined);
    }
  };

  if (process.argv.includes('--parallel')) {
    await Promise.all(engines.map(runEngine));
  } else {
    for (const engine of engines) await runEngine(engine);
  }
  for (const line of notes) log(`  note ${line}`);
  for (const line of skipped) log(`  skipped ${line}`);
  for (const line of flaky) log(`  flaky (passed on its retry) ${line}`);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const total = engines.length * selected.length - skipped.length;
  log(
    `${total - failures.length} passed (${flaky.length} of them flaky), ${failures.length} failed, ${skipped.length} skipped as known defects (${engines.join(', ')}; ${seconds} s)`,
  );
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
