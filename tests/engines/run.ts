import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestStack, type TestStack } from '../support/stack';
import { type EngineBrowser, type EngineDriver, Page } from './driver';
import { launchFirefox } from './firefox';
import { type JourneyContext, journeys } from './journeys';
import { launchWebKit } from './webkit';

/**
 * `npm run test:engines`: every journey of journeys.ts in Firefox ESR and in WebKitGTK, one engine
 * after the other (decision 111; `--parallel` runs them side by side, 10–15 % faster but not yet
 * reliable: a Firefox recovery journey timed out once that way). Each engine has stacks of
 * its own (fresh seed data, nothing shared with the other engine): one with the app and the
 * provider on localhost, two with the provider on 127.0.0.1 (another site). Each journey gets a
 * fresh browser (a fresh profile: no cookies or storage of the journey before). A failing journey
 * saves a screenshot and the page's address under test-results/engines/.
 *
 *   xvfb-run -a tsx tests/engines/run.ts [--engine firefox|webkit] [--grep TEXT] [--parallel]
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

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
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

  const runEngine = async (engine: string): Promise<void> => {
    const launch = launchers[engine];
    if (!launch) return;
    const stacks: TestStack[] = [];
    const start = async (options: Parameters<typeof startTestStack>[0]) => {
      const stack = await startTestStack(options);
      stacks.push(stack);
      return stack;
    };
    try {
      const stack = await start({});
      const crossSite = {
        iframe: await start({ idpHost: '127.0.0.1' }),
        refreshTokens: await start({
          idpHost: '127.0.0.1',
          useRefreshTokens: true,
          cacheLocation: 'localstorage',
        }),
      };
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
      for (const journey of selected) {
        const title = `[${engine}] ${journey.name}`;
        const knownFailing = journey.knownFailing?.[engine as 'firefox' | 'webkit'];
        if (knownFailing && !process.env.ENGINES_RUN_KNOWN_FAILING) {
          skipped.push(`${title}: ${knownFailing}`);
          log(`  - ${title}: SKIPPED, ${knownFailing}`);
          continue;
        }
        const begin = Date.now();
        let driver: EngineDriver | null = null;
        try {
          driver = await withTimeout(browser.open(), 120_000, 'opening a fresh browser');
          const launched = Date.now() - begin;
          const page = new Page(driver);
          const context: JourneyContext = {
            page,
            stack,
            crossSite,
            note: (text) => notes.push(`[${engine} ${driver?.version}] ${text}`),
          };
          await withTimeout(journey.run(context), JOURNEY_TIMEOUT_MS, 'the journey');
          const took = ((Date.now() - begin) / 1000).toFixed(1);
          log(
            `  ✓ ${title} (${took} s, of which ${(launched / 1000).toFixed(1)} s start-up; ${driver.version})`,
          );
        } catch (error) {
          const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
          failures.push(`${title}\n${message}`);
          log(`  ✘ ${title} (${((Date.now() - begin) / 1000).toFixed(1)} s)\n${message}`);
          if (driver) {
            const slug = `${engine}-${journey.name.slice(0, 40).replace(/[^A-Za-z0-9]+/g, '-')}`;
            mkdirSync(outDir, { recursive: true });
            const shot = join(outDir, `${slug}.png`);
            try {
              await withTimeout(new Page(driver).screenshot(shot), 15_000, 'the screenshot');
              const url = await withTimeout(driver.url(), 5000, 'the address');
              const text = await withTimeout(new Page(driver).text(), 5000, 'the text').catch(
                () => '(no text)',
              );
              writeFileSync(join(outDir, `${slug}.txt`), `${url}\n\n${text}\n\n${message}\n`);
              log(`    screenshot: ${shot}`);
            } catch (shotError) {
              log(`    (no screenshot: ${String(shotError)})`);
            }
          }
        } finally {
          await withTimeout(driver?.close() ?? Promise.resolve(), 15_000, 'closing the browser').catch(
            () => undefined,
          );
        }
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
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const total = engines.length * selected.length - skipped.length;
  log(
    `${total - failures.length} passed, ${failures.length} failed, ${skipped.length} skipped as known defects (${engines.join(', ')}; ${seconds} s)`,
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
