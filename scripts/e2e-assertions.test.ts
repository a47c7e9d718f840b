import { describe, expect, it } from 'vitest';
import { countAssertions } from './e2e-assertions';

describe('the browser-test assertion count', () => {
  it('counts expect calls and assertion helpers, the same statement once, never a comment, a string or a definition', () => {
    const source = `
      await expect(page).toHaveURL(/x/);
      await expect(page).toHaveURL(/x/);
      await expect.poll(() => n).toBe(1);
      expectTrue(ok, 'ok');
      await expectStep(wizard, 'profile');
      // expect(commented).toBe(1);
      /* expect(blocked).toBe(1); */
      await page.route('**/assets/*.js', () => {});
      const text = 'expect(quoted)';
      function expectEqual(a, b) {}
    `;
    expect(countAssertions(source)).toEqual({ calls: 5, distinct: 4 });
  });
});
