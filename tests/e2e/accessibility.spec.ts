import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from './fixtures';
import { prerenderedAddresses } from './prerendered-addresses';

/**
 * axe-core on the signed-out screens as served (the app's own page: header, skip link, landmarks,
 * which the screen atlas's harness does not render) at 320, 375 and 1280 px: WCAG 2.0 and 2.1
 * A and AA, and axe's best practices (`region`: every piece of content in a landmark; the skip
 * link too), the same rule sets as the atlas (scripts/atlas.ts). 0 violations.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WIDTHS = [320, 375, 1280];

const screens = prerenderedAddresses;

test('signed-out screens at 320, 375 and 1280 px: no axe violation, best practices included', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  for (const path of screens) {
    await page.setViewportSize({ width: WIDTHS[0] ?? 320, height: 800 });
    await page.goto(path);
    // The app has taken over from the prerendered screen.
    await expect(page.locator('#shell')).toHaveCount(0);
    await expect(page.locator('main h1').first()).toBeVisible();
    // A supported browser: the page's screen, never the notice for one that cannot run the app.
    await expect(page.locator('html')).toHaveAttribute('data-browser', 'supported');
    await expect(page.locator('#unsupported-browser')).toBeHidden();
    // Evaluated by the test, not added as a script: the page's security policy refuses inline scripts.
    await page.evaluate(AXE_SOURCE);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const violations = await page.evaluate(async (tags) => {
        const { axe } = window as unknown as { axe: typeof import('axe-core') };
        const result = await axe.run(document, {
          runOnly: {
            type: 'rule',
            values: axe
              .getRules(tags)
              .filter((r) => !r.tags.some((t) => t === 'experimental' || t === 'deprecated'))
              .map((r) => r.ruleId),
          },
          resultTypes: ['violations'],
        });
        return result.violations.map(
          (v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
      }, AXE_TAGS);
      for (const v of violations) found.push(`${path} at ${width} px: ${v}`);
    }
  }
  expect(found).toEqual([]);
});
