import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { build, type PreviewServer, preview } from 'vite';
import type { StateValue } from 'xstate';
import { activePaths } from '../support/machine-graph';
import { expect, test } from './fixtures';

/**
 * The designers' state-chart viewer (README "For designers", scripts/viewer/) in Chromium: built
 * with its own config into a temporary folder and served by `vite preview`. Pick a machine, click
 * an accepted event (the highlighted state moves), play a user journey to its end, and see the
 * real screen of the state beside the chart (the atlas harness in a frame).
 */

const root = join(import.meta.dirname, '..', '..');
const configFile = join(root, 'scripts', 'viewer', 'vite.config.ts');
const outDir = mkdtempSync(join(tmpdir(), 'viewer-e2e-'));
let server: PreviewServer | null = null;
let base = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await build({ configFile, logLevel: 'error', build: { outDir, emptyOutDir: true } });
  server = await preview({
    configFile,
    logLevel: 'error',
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false, open: false },
  });
  const address = server.httpServer.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await new Promise<void>((done) => (server ? server.httpServer.close(() => done()) : done()));
  rmSync(outDir, { recursive: true, force: true });
});

/** The chart's box of a state is highlighted (the viewer's green fill). */
async function highlighted(page: Page, state: string): Promise<boolean> {
  const rect = page.locator(`[data-testid="chart"] [data-state="${state}"] > rect`).first();
  return rect.evaluate((el) => getComputedStyle(el).fill === 'rgb(211, 249, 216)');
}

const stateValue = (page: Page) => page.getByTestId('state-value');

/** The innermost active state paths of a state value, as the viewer's journeys name them. */
function leavesOf(value: StateValue): string[] {
  const paths = activePaths(value);
  return paths.filter((p) => !paths.some((q) => q.startsWith(`${p}.`)));
}

test('pick a machine, send an event, play a journey; the chart and the real screen follow', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${base}/viewer/`);
  await expect(page.getByTestId('chart').locator('svg')).toBeVisible();

  // Pick the join-practice machine (its first input: an invite code entry).
  await page.getByRole('button', { name: /^joinPractice\b/ }).click();
  await expect(page).toHaveURL(/[?&]machine=joinPractice\b/);
  await expect(stateValue(page)).toHaveText('"checkingSession"');
  await expect.poll(() => highlighted(page, 'checkingSession')).toBe(true);
  const screen = page.frameLocator('[data-testid="screen"]');
  await expect(screen.getByRole('heading', { level: 1, name: 'Join with an invite code' })).toBeVisible();

  // An accepted event: the state, its highlight in the chart and the real screen move.
  const screenText = () => screen.locator('#root').textContent();
  const before = await screenText();
  await page.getByTestId('events').getByRole('button', { disabled: false }).first().click();
  await expect(page.getByTestId('history').locator('li')).toHaveCount(1);
  await expect(stateValue(page)).not.toHaveText('"checkingSession"');
  const moved = leavesOf(JSON.parse((await stateValue(page).textContent()) ?? 'null'));
  for (const leaf of moved) await expect.poll(() => highlighted(page, leaf)).toBe(true);
  await expect.poll(() => highlighted(page, 'checkingSession')).toBe(false);
  await expect(screen.locator('body[data-atlas-ready="ok"]')).toBeAttached();
  await expect.poll(screenText).not.toBe(before);

  // A user journey, played step by step to its end.
  await page.getByRole('button', { name: /^Shortest journeys/ }).click();
  const journey = page.getByTestId('journeys').getByRole('button').last();
  const title = (await journey.textContent()) ?? '';
  const last = title.split(' → ').pop()?.trim() ?? '';
  expect(last).not.toBe('');
  await journey.click();
  const next = page.getByRole('button', { name: /^Next journey step:/ });
  let steps = 0;
  while (await next.isVisible()) {
    await next.click();
    steps++;
    expect(steps).toBeLessThan(50);
  }
  expect(steps).toBeGreaterThan(0);
  await expect(page.getByTestId('history').locator('li')).toHaveCount(steps);
  // The journey's last state is the current one, highlighted in the chart, its screen beside it.
  const end = leavesOf(JSON.parse((await stateValue(page).textContent()) ?? 'null'));
  expect(end.join(' + ')).toBe(last);
  for (const leaf of end) await expect.poll(() => highlighted(page, leaf)).toBe(true);
  await expect(screen.locator('body[data-atlas-ready="ok"]')).toBeAttached();
  // The screen beside the chart is the final state's: the harness mounted that state…
  const finalKey = JSON.stringify(JSON.parse((await stateValue(page).textContent()) ?? 'null'));
  await expect(screen.locator('body')).toHaveAttribute('data-atlas-state', finalKey);
  // …and shows what the screen atlas shows for it (the same harness, opened on its own).
  const reference = await page.context().newPage();
  await reference.goto(`${base}/atlas/harness.html?locale=en-AU`);
  await reference.waitForSelector('body[data-atlas-loaded]', { state: 'attached' });
  // The atlas photographs a join-practice state once per screen (/invite, /invite-code): the
  // viewer's screen must be one of them.
  const photographed = await reference.evaluate(async (key) => {
    const shots: Array<{ state: string | undefined; headings: string[] }> = [];
    for (const entry of window.atlas.list('joinPractice')) {
      if (JSON.stringify(entry.value) !== key) continue;
      await window.atlas.show('joinPractice', entry.pathIndex, entry.step);
      shots.push({
        state: document.body.dataset.atlasState,
        headings: [...document.querySelectorAll('#root h1')].map((h) => h.textContent ?? ''),
      });
    }
    return shots;
  }, finalKey);
  await reference.close();
  expect(photographed.length, `the atlas has no screen for ${finalKey}`).toBeGreaterThan(0);
  for (const shot of photographed) {
    expect(shot.state).toBe(finalKey);
    expect(shot.headings.length).toBeGreaterThan(0);
  }
  const shown = await screen.locator('#root h1').allTextContents();
  expect(photographed.map((shot) => shot.headings)).toContainEqual(shown);
});
