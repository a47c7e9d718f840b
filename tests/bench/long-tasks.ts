/**
 * Main-thread tasks of a first visit, at 4× CPU slowdown (a benchmark, not a test: it prints
 * figures). For each path it loads the page signed out in Debian's Chromium with the CPU
 * throttled through the DevTools protocol, waits until the app has taken over and the network
 * is idle, then prints every task over 50 ms (start after navigation, duration, whether it began
 * after the first paint) and the functions that took the most time inside them (self time by
 * script, from a CPU profile).
 *
 *   npx vite build --logLevel error
 *   npx tsx tests/bench/long-tasks.ts [--paths /,/onboarding] [--rate 4] [--runs 3] [--dist dist]
 */
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../../playwright.config';
import { startTestStack } from '../support/stack';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return (i >= 0 ? args[i + 1] : undefined) ?? fallback;
};
const paths = arg('--paths', '/,/onboarding,/onboarding/register-practice,/invite-code').split(',');
const rate = Number(arg('--rate', '4'));
const runs = Number(arg('--runs', '3'));
const top = Number(arg('--top', '8'));
const callersOf = arg('--callers', '');
const distDir = resolve(arg('--dist', join(import.meta.dirname, '../../dist')));

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface Task {
  start: number;
  duration: number;
}

const stack = await startTestStack({ distDir, testHooks: false });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
});
try {
  console.log(`${rate}× CPU, ${runs} run(s) per path; tasks over 50 ms\n`);
  for (const path of paths) {
    const blocking: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await page.addInitScript(() => {
        const w = window as unknown as { __tasks: Array<{ start: number; duration: number }>; __fcp: number };
        w.__tasks = [];
        w.__fcp = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__tasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.__fcp = e.startTime;
        }).observe({ type: 'paint', buffered: true });
      });
      await cdp.send('Profiler.start');
      const origin = performance.now();
      await page.goto(`${stack.appUrl}${path}`, { waitUntil: 'networkidle' });
      // No locator until the figures are read: Playwright's injected script is evaluated on the
      // page's main thread when a locator is first used (a 64-81 ms task at 4x CPU, counted as
      // the page's own by earlier versions of this script; see trace-tasks.ts).
      await page.waitForTimeout(3000);
      // A marker function, run for 5 ms, ties the profile's clock to the page's.
      const markAt = (await page.evaluate(
        // A string: the bundler of this script would wrap a named function expression.
        '(() => { const t = performance.now(); function profileClockMarker() { while (performance.now() - t < 5); } profileClockMarker(); return t; })()',
      )) as number;
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      const { tasks, fcp } = await page.evaluate(() => {
        const w = window as unknown as { __tasks: Task[]; __fcp: number };
        return { tasks: w.__tasks, fcp: w.__fcp };
      });
      if (await page.locator('#shell').count())
        console.log(`${path} run ${run + 1}: the app had not taken over 3 s after the network was idle`);
      const afterPaint = tasks.filter((t) => t.start >= fcp);
      const tbt = afterPaint.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
      blocking.push(tbt);
      console.log(
        `${path} run ${run + 1}: FCP ${fcp.toFixed(0)} ms; ${tasks.length} long task(s), blocking after FCP ${tbt.toFixed(0)} ms (wall ${(performance.now() - origin).toFixed(0)} ms)`,
      );
      // Self time per function over the whole load, from the profile.
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const self = new Map<string, number>();
      for (let i = 0; i < profile.samples.length; i += 1) {
        const node = byId.get(profile.samples[i] ?? -1);
        if (!node) continue;
        const { functionName, url, lineNumber } = node.callFrame;
        if (functionName === '(idle)' || functionName === '(program)') continue;
        const file = url.replace(stack.appUrl, '').replace(/^.*node_modules\//, '') || '(native)';
        const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
        self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
      }
      // Page time of each sample, from the marker.
      const sampleTimes: number[] = [];
      {
        let t = profile.startTime;
        for (let i = 0; i < profile.samples.length; i += 1) {
          t += profile.timeDeltas[i] ?? 0;
          sampleTimes.push(t / 1000);
        }
      }
      const markerIndex = profile.samples.findIndex(
        (id) => byId.get(id)?.callFrame.functionName === 'profileClockMarker',
      );
      const offset = markerIndex >= 0 ? (sampleTimes[markerIndex] ?? 0) - markAt : Number.NaN;
      const topOfTask = (task: Task): string => {
        const own = new Map<string, number>();
        for (let i = 0; i < profile.samples.length; i += 1) {
          const at = (sampleTimes[i] ?? 0) - offset;
          if (at < task.start || at > task.start + task.duration) continue;
          const node = byId.get(profile.samples[i] ?? -1);
          if (!node || node.callFrame.functionName === '(idle)') continue;
          const file = node.callFrame.url.replace(/^.*\//, '') || 'native';
          const key = `${node.callFrame.functionName || '(anon)'}@${file}`;
          own.set(key, (own.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
        }
        return [...own.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
          .join(', ');
      };
      if (callersOf && run === 0) {
        // Who calls the named function: its callers' chains (five frames up), by time.
        const parent = new Map<number, number>();
        for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
        const chains = new Map<string, number>();
        for (let i = 0; i < profile.samples.length; i += 1) {
          const node = byId.get(profile.samples[i] ?? -1);
          if (!node || node.callFrame.functionName !== callersOf) continue;
          const frames: string[] = [];
          for (let id = parent.get(node.id); id !== undefined && frames.length < 6; id = parent.get(id)) {
            const f = byId.get(id)?.callFrame;
            if (f)
              frames.push(
                `${f.functionName || '(anon)'}@${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}:${f.columnNumber}`,
              );
          }
          const key = frames.join(' < ');
          chains.set(key, (chains.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
        }
        for (const [key, ms] of [...chains.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5))
          console.log(`      ${ms.toFixed(1).padStart(6)} ms  ${callersOf} < ${key}`);
      }
      for (const task of tasks) {
        console.log(
          `   ${task.start.toFixed(0).padStart(6)} ms  ${task.duration.toFixed(0).padStart(4)} ms${task.start >= fcp ? '' : '  (before FCP)'}  ${Number.isNaN(offset) ? '' : topOfTask(task)}`,
        );
      }
      if (run === 0) {
        const hottest = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
        for (const [key, ms] of hottest) console.log(`      ${ms.toFixed(1).padStart(6)} ms  ${key}`);
      }
      await context.close();
    }
    const sorted = [...blocking].sort((a, b) => a - b);
    console.log(
      `${path}: median blocking after FCP ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms\n`,
    );
  }
} finally {
  await browser.close();
  await stack.dispose();
}
