import { presentWholeViewport } from '../support/present-viewport';
import { progressText } from '../support/wizard';
import { expect, test } from './fixtures';

/**
 * Typing at a person's speed presents a frame for every key (issue 48): the practice form's Phone,
 * at a phone's width, at the viewport's bottom edge (where it lies when the form opens), typed ten
 * digits at 80 ms a key and then left with Tab. Each key's Event Timing duration (from the key to
 * the frame that shows it) stays short; a field whose frames are held shows each key about a
 * key's interval longer than the one before, up to a second and more.
 *
 * At 1× CPU, so a machine shared with the other workers does not decide it: the budget of 100 ms
 * at 4× CPU for every field of every form is the benchmark's (tests/bench/interaction-latency.ts).
 */

test.use({ viewport: { width: 390, height: 844 } });

interface Entry {
  name: string;
  start: number;
  duration: number;
}

test('Phone at the bottom edge, typed at 80 ms a key then Tab: every key shows within 300 ms', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const entries: Entry[] = [];
    (window as unknown as { __entries: Entry[] }).__entries = entries;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[])
        if (e.interactionId) entries.push({ name: e.name, start: e.startTime, duration: e.duration });
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  });
  await page.goto('/onboarding/register-practice');
  await expect(page.getByText(progressText('practice') ?? '').first()).toBeVisible();
  await expect(page.locator('#shell')).toHaveCount(0);
  // The browser shows the whole viewport, as a person's does (the bottom strip of a headless
  // window is never presented otherwise: tests/support/present-viewport.ts).
  await presentWholeViewport(page);

  const phone = page.getByRole('textbox', { name: 'Phone' });
  // The field's bottom on the viewport's bottom edge, whatever the form above it.
  await phone.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  const box = await phone.boundingBox();
  expect(box && box.y + box.height).toBeCloseTo(844, -1);
  await phone.click();
  const from = await page.evaluate(() => performance.now());
  await page.keyboard.type('0412345678', { delay: 80 });
  await page.keyboard.press('Tab', { delay: 80 });
  await expect(phone).toHaveValue('0412345678');
  // An entry is reported only once a frame is presented after it: a change in the middle of the
  // viewport presents one (and with it whatever entries a held frame still keeps back).
  await page.evaluate(() => window.scrollBy(0, -200));
  await page.waitForTimeout(1000);
  const entries = await page.evaluate(
    (since) => (window as unknown as { __entries: Entry[] }).__entries.filter((e) => e.start >= since),
    from,
  );
  const slow = entries.filter((e) => e.duration > 300).map((e) => `${e.name} ${Math.round(e.duration)} ms`);
  expect(slow, 'keys whose frame was held').toEqual([]);
});
