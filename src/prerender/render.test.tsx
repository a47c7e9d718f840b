import { describe, expect, it } from 'vitest';
import { prerenderedScreens, prerenderRoute } from './render';

/** The timers of this process (Node's active resources). */
const timers = () => process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;

describe('the prerender of the first screens', () => {
  it('leaves no actor running: the build ends when its pages are written', async () => {
    // Before, code recovery's 60 s window kept `vite build` alive for a minute after its last page.
    const before = timers();
    for (const path of Object.keys(prerenderedScreens)) {
      const page = await prerenderRoute(path);
      expect(page.html, path).toContain('<h1');
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(timers()).toBeLessThanOrEqual(before);
  });
});
