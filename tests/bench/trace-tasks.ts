/**
 * The main thread's long tasks of a first visit, from a Chromium trace at 4× CPU (a benchmark, not
 * a test: it prints figures). Where long-tasks.ts samples JavaScript, this reads the trace's own
 * events, so style, layout and parsing show by name: for each task over `min` ms, the time of its
 * biggest events (`UpdateLayoutTree` is style, `Layout` is layout, `EvaluateScript` and
 * `v8.evaluateModule` are code). `QUIET=1` prints one line per run: the blocking time of the tasks
 * after the first contentful paint (each task's time over 50 ms) and the tasks themselves.
 *
 *   npx vite build --logLevel error
 *   npx tsx tests/bench/trace-tasks.ts [path] [dist] [runs] [min ms]
 *   e.g. QUIET=1 npx tsx tests/bench/trace-tasks.ts /onboarding/register-practice dist 2 40
 */
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../../playwright.config';
import { startTestStack } from '../support/stack';

const [path = '/onboarding/register-practice', dist = 'dist', runsArg = '2', minArg = '40'] =
  process.argv.slice(2);
const stack = await startTestStack({ distDir: resolve(dist), testHooks: false });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
});
type Ev = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: {
    name?: string;
    beginData?: { url?: string };
    data?: { url?: string; functionName?: string; styleSheetUrl?: string };
    fileName?: string;
  };
  cat: string;
};
try {
  for (let run = 0; run < Number(runsArg); run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'loading'],
    });
    await page.goto(`${stack.appUrl}${path}`, { waitUntil: 'networkidle' });
    // No locator while tracing: Playwright's injected script is evaluated in the page's main thread
    // when a locator is first used (64-81 ms at 4x, an `EvaluateScript` task with no URL), which
    // earlier versions of this script counted as the page's own blocking time.
    await page.waitForTimeout(3000);
    const buf = await browser.stopTracing();
    if (await page.locator('#shell').count())
      console.log(`${path} run ${run + 1}: the app had not taken over 3 s after the network was idle`);
    const events: Ev[] = JSON.parse(buf.toString()).traceEvents;
    const parse = events.filter(
      (e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').includes(path),
    );
    const main = parse[parse.length - 1]!;
    const ev = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
    // The trace has no navigationStart: times are from the page's first HTML parse.
    const nav = parse[0]!.ts;
    const fcp =
      events
        .filter((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid)
        .map((e) => e.ts)
        .sort((a, b) => a - b)[0] ?? Number.POSITIVE_INFINITY;
    events
      .filter((e) => e.name === 'firstContentfulPaint' && e.ts > nav)
      .map((e) => e.ts)
      .sort((a, b) => a - b)[0] ?? 0;
    const tasks = ev.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) / 1000 >= Number(minArg));
    const after = ev.filter((e) => e.name === 'RunTask' && e.ts > fcp && (e.dur ?? 0) > 50000);
    const lifecycle = after.filter((t) =>
      ev.some(
        (e) => e.name === 'WebFrameWidgetImpl::UpdateLifecycle' && e.ts >= t.ts && e.ts < t.ts + t.dur!,
      ),
    );
    console.log(
      `\n${path} run ${run + 1}: FCP ${((fcp - nav) / 1000).toFixed(0)} ms, blocking after FCP ${after.reduce((a, t) => a + t.dur! / 1000 - 50, 0).toFixed(0)} ms; long tasks ${after.map((t) => (t.dur! / 1000).toFixed(0)).join(' ')}; style/layout ones: ${lifecycle.map((t) => (t.dur! / 1000).toFixed(0)).join(', ')}`,
    );
    if (process.env.QUIET) {
      await context.close();
      continue;
    }
    for (const t of tasks) {
      const inside = ev.filter(
        (e) => e !== t && e.ts >= t.ts && e.ts < t.ts + t.dur! && e.ph === 'X' && e.dur,
      );
      const by = new Map<string, number>();
      for (const e of inside) {
        let label = e.name;
        if (e.name === 'EvaluateScript' || e.name === 'v8.compileModule' || e.name === 'v8.evaluateModule')
          label += `:${String(e.args?.data?.url ?? e.args?.fileName ?? '').replace(/^.*\//, '')}`;
        if (e.name === 'FunctionCall')
          label +=
            ':' +
            (e.args?.data?.functionName || '') +
            '@' +
            String(e.args?.data?.url ?? '').replace(/^.*\//, '');
        if (e.name === 'ParseAuthorStyleSheet')
          label += `:${String(e.args?.data?.styleSheetUrl ?? '').replace(/^.*\//, '')}`;
        by.set(label, (by.get(label) ?? 0) + e.dur! / 1000);
      }
      const top = [...by]
        .filter(
          ([k]) => !/^(RunTask|ThreadControllerImpl|ThreadController|TaskAnnotator|SequenceManager)/.test(k),
        )
        .sort((a, b) => b[1] - a[1])
        .slice(0, 7)
        .map(([k, v]) => `${k} ${v.toFixed(1)}`)
        .join(' | ');
      console.log(
        `  ${((t.ts - nav) / 1000).toFixed(0).padStart(5)} ms ${(t.dur! / 1000).toFixed(0).padStart(4)} ms ${t.ts < fcp ? '(pre-FCP) ' : ''}${top}`,
      );
    }
    await context.close();
  }
} finally {
  await browser.close();
  await stack.stop();
}
