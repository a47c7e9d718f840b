/**
 * Where the frame of one control's interaction goes: a DevTools trace of the renderer while a
 * control is used, at 4× CPU and 390 px, printed as the main thread's tasks after the input, each
 * with its script, style, layout and paint time (what the CPU profile of profile-control.ts does not
 * show), and the page's Event Timing entries. A tool for finding what interaction-latency.ts
 * reports, not a benchmark of its own.
 *
 *   npx vite build --logLevel error --outDir /tmp/dist-prof --minify false --sourcemap true
 *   npx tsx tests/bench/trace-control.ts --dist /tmp/dist-prof --url /onboarding \
 *     --label 'Continue without' --click [--keys 1,2 | --type text] [--rate 4] [--min 2] [--hot 5] [--out trace.json]
 *     [--unverified]   (signed in as a new user with an unverified address, e.g. --url /auth/unverified-email)
 *   npx tsx tests/bench/trace-control.ts --from trace.json     # the listing of a trace written before
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../../playwright.config';
import { SEED_PASSWORD } from '../../server/seed';
import { startTestStack, uniqueEmail } from '../support/stack';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return (i >= 0 ? args[i + 1] : undefined) ?? fallback;
};
const rate = Number(arg('--rate', '4'));
const url = arg('--url', '/onboarding');
const label = arg('--label', 'Continue without');
const click = args.includes('--click');
const keys = arg('--keys', '').split(',').filter(Boolean);
const typed = arg('--type', '');
/** Tasks shorter than this (ms) are left out of the listing. */
const minTask = Number(arg('--min', '2'));
const out = arg('--out', '');
/** Script events of this many ms or more get their hottest functions listed (from the V8 samples). */
const hotMin = Number(arg('--hot', '5'));
const distDir = resolve(arg('--dist', '/tmp/dist-prof'));
/** Sign in (through the screen's guard) as a new user whose address is not verified yet. */
const unverified = args.includes('--unverified');

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      type?: string;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    beginData?: unknown;
    elementCount?: number;
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number };
}

/** The V8 samples of the thread (`disabled-by-default-v8.cpu_profiler`): time (µs, trace clock) and stack. */
function samplesOf(events: TraceEvent[], pid: number, tid: number): Array<{ ts: number; stack: string[] }> {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  if (!profile) return [];
  const nodes = new Map<number, ProfileNode>();
  const out: Array<{ ts: number; stack: string[] }> = [];
  let ts = profile.args?.data?.startTime ?? profile.ts;
  for (const chunk of events.filter(
    (e) => e.name === 'ProfileChunk' && e.id === profile.id && e.pid === pid,
  )) {
    for (const n of chunk.args?.data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const samples = chunk.args?.data?.cpuProfile?.samples ?? [];
    const deltas = chunk.args?.data?.timeDeltas ?? [];
    samples.forEach((id, i) => {
      ts += deltas[i] ?? 0;
      const stack: string[] = [];
      for (let n = nodes.get(id); n; n = n.parent === undefined ? undefined : nodes.get(n.parent)) {
        const f = n.callFrame;
        stack.push(
          `${f.functionName || '(anonymous)'} ${(f.url ?? '').split('/').pop() ?? ''}:${(f.lineNumber ?? 0) + 1}`,
        );
      }
      out.push({ ts, stack });
    });
  }
  return out;
}

/** The functions with the most self and total time among the samples in [from, to). */
function hottest(
  samples: Array<{ ts: number; stack: string[] }>,
  from: number,
  to: number,
  top: number,
): string {
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let n = 0;
  for (const s of samples) {
    if (s.ts < from || s.ts >= to) continue;
    const leaf = s.stack[0] ?? '';
    if (/^\((idle|program|root)\)/.test(leaf)) continue;
    n++;
    self.set(leaf, (self.get(leaf) ?? 0) + 1);
    for (const f of new Set(s.stack)) if (/^[A-Z_][A-Za-z]+ /.test(f)) total.set(f, (total.get(f) ?? 0) + 1);
  }
  const list = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `${k} ${Math.round((100 * v) / Math.max(n, 1))}%`)
      .join(', ');
  return `self: ${list(self)}\n               capitalised (components, classes) by total: ${list(total)}`;
}

/** What a task's time is spent on, by the trace event names DevTools' Performance panel uses. */
const kinds: Array<[string, RegExp]> = [
  [
    'script',
    /^(FunctionCall|EventDispatch|TimerFire|FireAnimationFrame|RunMicrotasks|v8\.callFunction|V8\.Execute)$/,
  ],
  ['style', /^(UpdateLayoutTree|RecalculateStyles|ScheduleStyleRecalculation)$/],
  ['layout', /^(Layout|UpdateLayerTree|IntersectionObserverController::computeIntersections)$/],
  ['paint', /^(PrePaint|Paint|PaintImage|Layerize|Commit|UpdateLayer|CompositeLayers)$/],
];

/** Prints the renderer main thread's tasks in the second after the first input of `events`. */
function summarise(events: TraceEvent[]): void {
  // The renderer's main thread: the CrRendererMain with the most task time.
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const taskTime = (pid: number, tid: number) =>
    events
      .filter((e) => e.pid === pid && e.tid === tid && e.name === 'RunTask')
      .reduce((s, e) => s + (e.dur ?? 0), 0);
  const main = mains.sort((a, b) => taskTime(b.pid, b.tid) - taskTime(a.pid, a.tid))[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const samples = samplesOf(events, main.pid, main.tid);
  const inputs = /^(pointerdown|mousedown|keydown|click)$/;
  const firstInput = onMain.find((e) => e.name === 'EventDispatch' && inputs.test(e.args?.data?.type ?? ''));
  const origin = firstInput?.ts ?? 0;
  // From the task of the first input to a second after it.
  const tasks = onMain.filter(
    (e) => e.name === 'RunTask' && e.ts + (e.dur ?? 0) > origin && e.ts < origin + 1_000_000,
  );
  console.log(
    `${label}: ${[click ? 'click' : '', ...keys, typed].filter(Boolean).join(' ')} at ${rate}×, main-thread tasks of ${minTask} ms or more in the second after the first input (ms from it)\n`,
  );
  for (const task of tasks) {
    const dur = (task.dur ?? 0) / 1000;
    if (dur < minTask) continue;
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
    // Time per kind: the outermost event of each kind only (nested ones are inside it).
    const byKind = new Map<string, number>();
    const details: string[] = [];
    const covered: Array<[number, number, string]> = [];
    for (const e of inside) {
      const kind = kinds.find(([, re]) => re.test(e.name))?.[0];
      if (!kind) continue;
      const e0 = e.ts;
      const e1 = e.ts + (e.dur ?? 0);
      if (covered.some(([a, b]) => e0 >= a && e1 <= b)) continue;
      covered.push([e0, e1, kind]);
      byKind.set(kind, (byKind.get(kind) ?? 0) + (e.dur ?? 0) / 1000);
      const ms = (e.dur ?? 0) / 1000;
      if (ms >= 1) {
        const type = e.args?.data?.type ? `(${e.args.data.type})` : '';
        details.push(`${e.name}${type} ${ms.toFixed(1)}`);
        if (kind === 'script' && ms >= hotMin && samples.length > 0)
          details.push(`\n               ${hottest(samples, e0, e1, 8)}\n            `);
      }
    }
    const kindsText = [...byKind].map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ');
    console.log(
      `  +${((task.ts - origin) / 1000).toFixed(1).padStart(7)}  ${dur.toFixed(1).padStart(6)} ms  ${kindsText}\n             ${details.join(' · ')}`,
    );
  }
}

/** A trace written by --out, read again. */
const from = arg('--from', '');
if (from) {
  summarise((JSON.parse(readFileSync(from, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents);
  process.exit(0);
}

const stack = await startTestStack({ distDir, testHooks: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
});
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-AU' });
  await context.addInitScript(() => {
    const w = window as unknown as { __events: Array<Record<string, number | string>> };
    w.__events = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[]) {
        if (!e.interactionId) continue;
        w.__events.push({
          name: e.name,
          start: e.startTime,
          duration: e.duration,
          processing: e.processingEnd - e.processingStart,
          toFrame: e.startTime + e.duration - e.processingEnd,
        });
      }
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  // As interaction-latency.ts: a window tall enough that the whole viewport is presented.
  const { windowId } = (await cdp.send('Browser.getWindowForTarget')) as { windowId: number };
  await cdp.send('Browser.setWindowBounds', { windowId, bounds: { height: 844 + 400 } });
  await page.goto(`${stack.appUrl}${url}`);
  if (unverified) {
    const user = await stack.createUser({
      email: uniqueEmail('trace-unverified'),
      password: SEED_PASSWORD,
      emailVerified: false,
    });
    const login = page.getByRole('heading', { name: /^Log in to/ });
    await login.or(page.locator('main h1')).first().waitFor({ timeout: 30_000 });
    if (await login.isVisible()) {
      await page.getByLabel('Email address').fill(user.email);
      await page.getByLabel('Password').fill(SEED_PASSWORD);
      await page.getByRole('button', { name: 'Continue' }).click();
    }
  }
  await page.locator('#shell').waitFor({ state: 'detached', timeout: 30_000 });
  await page.waitForTimeout(2000);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const control = click
    ? page
        .getByRole('button', { name: label })
        .or(page.getByRole('radio', { name: label }))
        .or(page.getByLabel(label, { exact: false }))
        .first()
    : page.getByLabel(label, { exact: false }).first();
  if (!click) await control.focus();
  await page.waitForTimeout(500);

  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => {
    events.push(...(data.value as unknown as TraceEvent[]));
  });
  const complete = new Promise<void>((done) => cdp.once('Tracing.tracingComplete', () => done()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'toplevel',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'latencyInfo',
        'disabled-by-default-v8.cpu_profiler',
        '__metadata',
        // More categories for --out, e.g. TRACE_CATEGORIES=v8,disabled-by-default-v8.compile
        // (each lazily compiled function's compile, for the first use of a control).
        ...(process.env.TRACE_CATEGORIES?.split(',').filter(Boolean) ?? []),
      ],
    },
  });
  await page.waitForTimeout(300);
  const marker = await page.evaluate(() => performance.now());
  if (click) await control.click();
  for (const key of keys) await page.keyboard.press(key, { delay: 150 });
  if (typed) await page.keyboard.type(typed, { delay: 150 });
  await page.waitForTimeout(1500);
  await cdp.send('Tracing.end');
  await complete;
  if (out) writeFileSync(out, JSON.stringify({ traceEvents: events }));
  const timings = (await page.evaluate(
    () => (window as unknown as { __events: Array<Record<string, number | string>> }).__events,
  )) as Array<{ name: string; start: number; duration: number; processing: number; toFrame: number }>;

  summarise(events);
  console.log('\nEvent Timing (interactions, 16 ms or more), ms:');
  for (const t of timings.filter((t) => t.start >= marker))
    console.log(
      `  ${t.name.padEnd(12)} ${t.duration.toFixed(0).padStart(5)} (processing ${t.processing.toFixed(0)}, then ${t.toFrame.toFixed(0)} to the frame)`,
    );
} finally {
  await browser.close();
  await stack.dispose();
}
