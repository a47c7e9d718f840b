import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { type PreviewServer, preview } from 'vite';
import type { StateValue } from 'xstate';
import { runAtlas } from '../../scripts/atlas';
import { harnessBuild } from '../../scripts/atlas/harness-build';
import { activePaths } from '../support/machine-graph';
import { expect, test } from './fixtures';

/**
 * The designers' state-chart viewer (README "For designers", scripts/viewer/, issue 27) in
 * Chromium at 1280×800 and 1920×1080. One build serves everything: a small screen atlas run
 * (scripts/atlas.ts, the loading machine, both locales and widths) builds the viewer and the
 * harness into its folder, and `vite preview` serves that build with the atlas's photographs
 * beside it (/atlas-photos/), as `npm run viewer` does.
 */

const root = join(import.meta.dirname, '..', '..');
const configFile = join(root, 'scripts', 'viewer', 'vite.config.ts');
const outDir = mkdtempSync(join(tmpdir(), 'viewer-e2e-'));
let server: PreviewServer | null = null;
let base = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A build and a small atlas run: ~2 min alone, several times that on a loaded shared machine.
  test.setTimeout(600_000);
  const { problems } = await runAtlas({
    machines: ['loading'],
    outDir,
    widths: [375, 1280],
    locales: ['en-AU', 'en-GB'],
  });
  expect(problems).toEqual([]);
  process.env.VIEWER_ATLAS_DIR = outDir;
  server = await preview({
    configFile,
    logLevel: 'error',
    // The harness the atlas run built (shared per repository state, decision 140).
    build: { outDir: await harnessBuild(root, configFile, join(outDir, 'harness')) },
    preview: { port: 0, host: '127.0.0.1', strictPort: false, open: false },
  });
  const address = server.httpServer.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await new Promise<void>((done) => (server ? server.httpServer.close(() => done()) : done()));
  delete process.env.VIEWER_ATLAS_DIR;
  rmSync(outDir, { recursive: true, force: true });
});

/** The chart's box of a state is highlighted (the viewer's green fill). */
async function highlighted(page: Page, state: string): Promise<boolean> {
  const rect = page.locator(`[data-testid="chart"] [data-state="${state}"] > rect`).first();
  return rect.evaluate((el) => getComputedStyle(el).fill === 'rgb(211, 249, 216)');
}

const stateValue = (page: Page) => page.getByTestId('state-value');
const screen = (page: Page) => page.frameLocator('[data-testid="screen"]');

/** The innermost active state paths of a state value. */
function leavesOf(value: StateValue): string[] {
  const paths = activePaths(value);
  return paths.filter((p) => !paths.some((q) => q.startsWith(`${p}.`)));
}

async function currentLeaves(page: Page): Promise<string[]> {
  return leavesOf(JSON.parse((await stateValue(page).textContent()) ?? 'null'));
}

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}

const rectOf = (page: Page, selector: string): Promise<Rect> =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
    });

const within = (inner: Rect, outer: Rect, slack = 1) =>
  inner.left >= outer.left - slack &&
  inner.top >= outer.top - slack &&
  inner.right <= outer.right + slack &&
  inner.bottom <= outer.bottom + slack;

/** No sideways page scroll, and the panels, their titles and the pinned screen whole in the window. */
async function expectNothingCut(page: Page): Promise<void> {
  const size = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    scrollHeight: document.documentElement.scrollHeight,
    width: innerWidth,
    height: innerHeight,
  }));
  expect(size.scrollWidth, 'horizontal page scroll').toBeLessThanOrEqual(size.width);
  expect(size.scrollHeight, 'vertical page scroll').toBeLessThanOrEqual(size.height);
  const viewport = {
    left: 0,
    top: 0,
    right: size.width,
    bottom: size.height,
    width: size.width,
    height: size.height,
  };
  for (const selector of [
    'header h1',
    'header [data-testid="copy-link"]',
    '[data-testid="chart"]',
    '[data-testid="screen-box"]',
    'section[aria-label="Events accepted now"] h2',
  ]) {
    expect(within(await rectOf(page, selector), viewport), `${selector} is cut`).toBe(true);
  }
  // The screen's frame, scaled to its box, is whole inside it.
  const box = await rectOf(page, '[data-testid="screen-box"]');
  const frame = await rectOf(page, '[data-testid="screen"]');
  expect(within(frame, box), 'the screen frame is cut').toBe(true);
  expect(frame.width).toBeGreaterThan(box.width * 0.95);
}

/** The whole chart (its machine box) inside the chart panel, filling it in one direction. */
async function expectChartFitted(page: Page): Promise<void> {
  await expect(page.locator('[data-testid="chart"] g.machine > rect')).toBeVisible();
  // Fit may move the chart over a few frames: the settled view is what must fit.
  await expect(async () => {
    const panel = await rectOf(page, '[data-testid="chart"]');
    const chart = await rectOf(page, '[data-testid="chart"] g.machine > rect');
    expect(within(chart, panel), 'the chart does not fit its panel').toBe(true);
    expect(Math.max(chart.width / panel.width, chart.height / panel.height)).toBeGreaterThan(0.9);
  }).toPass({ timeout: 5_000 });
}

/**
 * The opening view: labels at a readable size (the chart's scale at least 1: its 11–12 px text at
 * its size), the active state whole in the panel, and near its middle.
 */
async function expectOpenedReadable(page: Page): Promise<void> {
  const transform = await page.locator('[data-testid="chart"] g.viewport').getAttribute('transform');
  expect(Number(/scale\(([\d.e-]+)\)/.exec(transform ?? '')?.[1])).toBeGreaterThanOrEqual(1);
  const panel = await rectOf(page, '[data-testid="chart"]');
  const leaf = (await currentLeaves(page)).at(-1) ?? '';
  const state = await rectOf(page, `[data-testid="chart"] [data-state="${leaf}"] > rect`);
  expect(within(state, panel), `the active state ${leaf} is out of view`).toBe(true);
  expect(Math.abs(state.left + state.width / 2 - (panel.left + panel.width / 2))).toBeLessThan(
    panel.width / 4,
  );
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  test(`${viewport.width}×${viewport.height}: fitted on open, an event moves highlight and pinned screen together, a link reopens the state`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await page.goto(`${base}/viewer/?machine=onboarding&input=new-user`);
    await expect(stateValue(page)).toHaveText('{"pin":"entering"}');
    await expectOpenedReadable(page);
    await page.getByTestId('chart').focus();
    await page.keyboard.press('0');
    await expectChartFitted(page);
    await expectNothingCut(page);
    await expect(screen(page).locator('body[data-atlas-ready="ok"]')).toBeAttached();
    await expect(screen(page).getByRole('heading', { level: 1 })).toHaveText('Set up your practice');
    await expect.poll(() => highlighted(page, 'pin.entering')).toBe(true);

    // The pinned screen is one frame that stays loaded: a mark left in its window survives.
    await page.evaluate(() => {
      const frame = document.querySelector<HTMLIFrameElement>('[data-testid="screen"]');
      (frame?.contentWindow as (Window & { viewerMark?: boolean }) | null | undefined)!.viewerMark = true;
    });

    // A designer's label; the payload one click away.
    const submit = page.getByTestId('events').getByRole('button', { name: 'Submit pin 1234', exact: true });
    const payload = page.getByRole('button', { name: 'Payload of “Submit pin 1234”' });
    await payload.click();
    await expect(page.getByTestId('payload')).toContainText('"pin": "1234"');
    await payload.click();
    await expect(page.getByTestId('payload')).toBeHidden();

    await submit.click();
    await expect(stateValue(page)).toHaveText('{"pin":"verifying"}');
    await expect(page.getByTestId('history').locator('li')).toHaveText([
      'Submit pin 1234 → {"pin":"verifying"}',
    ]);
    await expect.poll(() => highlighted(page, 'pin.verifying')).toBe(true);
    await expect.poll(() => highlighted(page, 'pin.entering')).toBe(false);
    // The same frame follows: it shows the new state, it was not reloaded, it is still whole in view.
    await expect(screen(page).locator('body')).toHaveAttribute('data-atlas-state', '{"pin":"verifying"}');
    expect(
      await page.evaluate(
        () =>
          (
            document.querySelector<HTMLIFrameElement>('[data-testid="screen"]')?.contentWindow as
              | (Window & { viewerMark?: boolean })
              | null
          )?.viewerMark,
      ),
    ).toBe(true);
    await page
      .getByTestId('events')
      .getByRole('button', { name: 'Verify pin succeeds', exact: true })
      .click();
    await expect(stateValue(page)).not.toHaveText('{"pin":"verifying"}');
    for (const leaf of await currentLeaves(page)) await expect.poll(() => highlighted(page, leaf)).toBe(true);
    const reached = (await stateValue(page).textContent()) ?? '';
    await expect(screen(page).locator('body')).toHaveAttribute('data-atlas-state', reached);
    await expect(screen(page).locator('body[data-atlas-ready="ok"]')).toBeAttached();
    await expectNothingCut(page);
    // The context as a table.
    await expect(page.getByTestId('context').getByRole('row').filter({ hasText: 'startStep' })).toContainText(
      'pin',
    );

    // The screen in en-GB at 1280 px, then the link to this state, opened in a new page.
    await page.locator('header').getByText('en-GB', { exact: true }).click();
    await page.locator('header').getByText('1280 px', { exact: true }).click();
    await expect(page).toHaveURL(/locale=en-GB/);
    await expect(page).toHaveURL(/width=1280/);
    await expect(screen(page).locator('body[data-atlas-ready="ok"]')).toBeAttached();
    await expectNothingCut(page);
    const shownHere = await screen(page).locator('#root').textContent();
    const link = (await page.getByTestId('state-link').getAttribute('href')) ?? '';
    expect(link).toMatch(/[?&]steps=\d+\.\d+/);
    const other = await page.context().newPage();
    await other.setViewportSize(viewport);
    await other.goto(link);
    await expect(stateValue(other)).toHaveText(reached);
    for (const leaf of await currentLeaves(other))
      await expect.poll(() => highlighted(other, leaf)).toBe(true);
    await expect(screen(other).locator('body')).toHaveAttribute('data-atlas-state', reached);
    await expect(screen(other).locator('html')).toHaveAttribute('lang', 'en-GB');
    await expect.poll(() => screen(other).locator('#root').textContent()).toBe(shownHere);
    await expect(other.locator('[data-testid="screen"]')).toHaveCSS('width', '1280px');
    await expect(other.getByTestId('history').locator('li')).toHaveCount(2);
    await expectNothingCut(other);
    await other.close();
  });
}

test('zoom and pan by keyboard, wheel, pinch and drag; the active state is kept in view; nested states collapse', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${base}/viewer/?machine=onboarding&input=new-user`);
  await expect(screen(page).locator('body[data-atlas-ready="ok"]')).toBeAttached();
  await expectOpenedReadable(page);
  await page.getByRole('button', { name: 'Fit' }).click();
  await expectChartFitted(page);
  const chart = page.getByTestId('chart');
  const transform = () => page.locator('[data-testid="chart"] g.viewport').getAttribute('transform');
  const scaleOf = (t: string | null) => Number(/scale\(([\d.e-]+)\)/.exec(t ?? '')?.[1] ?? Number.NaN);
  const translateOf = (t: string | null) =>
    (/translate\(([-\d.e]+),\s*([-\d.e]+)\)/.exec(t ?? '') ?? []).slice(1).map(Number);
  const fitted = await transform();

  // Keyboard: + zooms in, arrows pan, 0 fits again.
  await chart.focus();
  await page.keyboard.press('+');
  expect(scaleOf(await transform())).toBeCloseTo(scaleOf(fitted) * 1.25, 5);
  const before = translateOf(await transform());
  await page.keyboard.press('ArrowLeft');
  expect(translateOf(await transform())[0]).toBeGreaterThan(before[0] ?? 0);
  await page.keyboard.press('0');
  expect(await transform()).toBe(fitted);

  // Ctrl + wheel (a trackpad pinch arrives so) zooms; a plain wheel (two-finger scroll) pans.
  const box = await rectOf(page, '[data-testid="chart"]');
  await page.mouse.move(box.left + box.width / 2, box.top + box.height / 2);
  await page.keyboard.down('Control');
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -100);
  await page.keyboard.up('Control');
  await expect.poll(async () => scaleOf(await transform())).toBeGreaterThan(scaleOf(fitted) * 1.3);
  const zoomed = await transform();
  await page.mouse.wheel(0, 120);
  await expect.poll(async () => translateOf(await transform())[1]).toBeLessThan(translateOf(zoomed)[1] ?? 0);
  expect(scaleOf(await transform())).toBe(scaleOf(zoomed));
  // Drag pans.
  const dragged = translateOf(await transform());
  await page.mouse.down();
  await page.mouse.move(box.left + box.width / 2 + 90, box.top + box.height / 2 + 10, { steps: 5 });
  await page.mouse.up();
  expect(translateOf(await transform())[0]).toBeCloseTo((dragged[0] ?? 0) + 90, 0);

  // Zoomed in far, the active state is brought back into view when it changes.
  await page.getByRole('button', { name: 'Fit' }).click();
  await chart.focus();
  for (let i = 0; i < 8; i++) await page.keyboard.press('+');
  await page.getByTestId('events').getByRole('button', { name: 'Route → practice', exact: true }).click();
  await expect(stateValue(page)).not.toHaveText('{"pin":"entering"}');
  const leaf = (await currentLeaves(page)).at(-1) ?? '';
  await expect
    .poll(async () => within(await rectOf(page, `[data-testid="chart"] [data-state="${leaf}"] > rect`), box))
    .toBe(true);

  // Nested states collapse: the inner states of `pin` are hidden, its box says so.
  await page.getByRole('button', { name: /^Nested states/ }).click();
  await page.getByRole('checkbox', { name: 'Collapse pin', exact: true }).check();
  await expect(page.locator('[data-testid="chart"] [data-state="pin.entering"]')).toBeHidden();
  await expect(page.locator('[data-testid="chart"] [data-state="pin"]')).toContainText(
    /inner states? collapsed/,
  );
  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect(page.locator('[data-testid="chart"] [data-state="pin.entering"]')).toBeVisible();
});

test('one place: the atlas photographs of the state in the viewer, the viewer from the atlas', async ({
  page,
}) => {
  await page.goto(`${base}/viewer/?machine=loading`);
  const first = (await stateValue(page).textContent()) ?? '';
  // Four photographs of this very state: both locales, both widths, each one loads.
  const photos = page.getByTestId('photos').locator('a[data-photo]');
  await expect(photos).toHaveCount(4);
  await expect(photos.first()).toHaveAttribute('data-photo', 'en-AU 375');
  for (const img of await page.getByTestId('photos').locator('img').all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  const atlasCard = page.getByTestId('photos').getByRole('link', { name: /in the atlas$/ });
  const cardHref = (await atlasCard.getAttribute('href')) ?? '';

  // The atlas page (served beside the viewer): the card of this state links back to the viewer.
  await page.goto(new URL(cardHref, page.url()).href);
  const anchor = decodeURIComponent(new URL(page.url()).hash.slice(1));
  const card = page.locator(`article[id="${anchor}"]`);
  await expect(card).toContainText(first);
  // A later state of the atlas: its "open in the viewer" link replays the journey step to it.
  const later = page.locator('article.atlas-state').last();
  const laterKey = (await later.locator('h3 code').textContent()) ?? '';
  expect(laterKey).not.toBe(first);
  await later.getByRole('link', { name: 'open in the viewer' }).click();
  await expect(page).toHaveURL(/\/viewer\/\?/);
  await expect(stateValue(page)).toHaveText(laterKey);
  await expect(page).toHaveURL(/[?&]machine=loading&input=[a-z-]+/);
  for (const leaf of await currentLeaves(page)) await expect.poll(() => highlighted(page, leaf)).toBe(true);
  await expect(page.getByTestId('photos').locator('a[data-photo]')).toHaveCount(4);
});

test('a journey plays to its end with the screen beside the chart', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${base}/viewer/?machine=joinPractice`);
  await expect(stateValue(page)).toHaveText('"checkingSession"');
  await expect(
    screen(page).getByRole('heading', { level: 1, name: 'Join with an invite code' }),
  ).toBeVisible();
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
  const end = await currentLeaves(page);
  expect(end.join(' + ')).toBe(last);
  for (const leaf of end) await expect.poll(() => highlighted(page, leaf)).toBe(true);
  const finalKey = (await stateValue(page).textContent()) ?? '';
  await expect(screen(page).locator('body')).toHaveAttribute('data-atlas-state', finalKey);
  await expect(screen(page).locator('body[data-atlas-ready="ok"]')).toBeAttached();
  await expectNothingCut(page);
});
