import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { seedAccounts } from '../../server/seed';
import { expect, holdAppEntry, rawErrorText, test, watchConsole, watchForRawError } from './fixtures';
import { prerenderedAddresses } from './prerendered-addresses';
import { keepThisAccount, signInWithEmail } from './stack-support';

/**
 * The first screen paints from HTML (docs/decisions/123-critical-css.md):
 * - the prerendered screen and the booted app look the same (the shell never drifts);
 * - a returning signed-in visitor never sees the signed-out screen (every frame's heading);
 * - what is typed or clicked before the app is ready takes effect;
 * - a stored practice draft is on the form from the first frame (decision 100);
 * - what a signed-out first visit to / fetches stays within its budget.
 */

const root = join(import.meta.dirname, '../..');
const budget = JSON.parse(readFileSync(join(root, 'scripts/bundle-budget.json'), 'utf8')) as {
  firstVisit: Record<string, number>;
};

const prerendered = prerenderedAddresses;

/** Share of pixels that differ between two PNG screenshots (compared on a canvas in the browser). */
async function pixelDifference(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return page.evaluate(
    async ([first, second]) => {
      const load = async (base64: string) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        return image;
      };
      const [x, y] = await Promise.all([load(first), load(second)]);
      if (x.width !== y.width || x.height !== y.height) return 1;
      const pixels = (image: HTMLImageElement) => {
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d context');
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height).data;
      };
      const p = pixels(x);
      const q = pixels(y);
      let differing = 0;
      for (let i = 0; i < p.length; i += 4) {
        const delta =
          Math.abs(p[i]! - q[i]!) + Math.abs(p[i + 1]! - q[i + 1]!) + Math.abs(p[i + 2]! - q[i + 2]!);
        if (delta > 48) differing += 1;
      }
      return differing / (p.length / 4);
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
}

/** Browser contexts of the test's own on the worker's stack, every page of them watched. */
interface AppContexts {
  open(options: BrowserContextOptions): Promise<BrowserContext>;
  /** Console errors and uncaught errors in any page of the contexts opened. */
  errors: string[];
  /** Where the raw error screen appeared in any page of the contexts opened. */
  raw: string[];
}

/**
 * The drift tests open two contexts of their own (the prerendered page without JavaScript, the
 * booted app): the harness's console and raw-error watchers watch those, and the default
 * context and page, which these tests never open, are not made (decision 140).
 */
const drift = test.extend<{ appContexts: AppContexts }>({
  appContexts: async ({ browser, stack }, use) => {
    const opened: BrowserContext[] = [];
    const errors: string[] = [];
    const raw: string[] = [];
    await use({
      errors,
      raw,
      async open(options) {
        const context = await browser.newContext({ baseURL: stack.appUrl, ...options });
        opened.push(context);
        context.on('page', (page) => watchConsole(page, errors));
        await watchForRawError(context, raw);
        return context;
      },
    });
    for (const context of opened) await context.close();
  },
  // (Both stay automatic: an override keeps the fixture's `auto`.)
  consoleErrors: async ({ appContexts }, use) => {
    await use(appContexts.errors);
    expect(appContexts.errors, 'console errors during the test').toEqual([]);
  },
  rawErrors: async ({ appContexts }, use) => {
    await use(appContexts.raw);
    expect(appContexts.raw, `"${rawErrorText}" (the router's raw error screen) appeared`).toEqual([]);
  },
});

async function bootedApp(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('shell') && document.getElementById('root'));
  await page.evaluate(() => document.fonts.ready);
}

test.describe('prerendered first screens', () => {
  // One test per width walks every prerendered address in the same two contexts (decision 140):
  // a new context and page per address cost more than the comparison itself. Storage is emptied
  // between addresses, so each screen is a first visit; each address is a step of its own, and a
  // failing one does not stop the others (soft assertions name it).
  for (const width of [375, 1280]) {
    drift(
      `the shell never drifts from the app: every prerendered address at ${width} px`,
      async ({ browser, appContexts }) => {
        test.setTimeout(30_000 * prerendered.length);
        const viewport = { width, height: 900 };
        const still = await appContexts.open({ viewport, javaScriptEnabled: false });
        // The page as a browser with JavaScript paints it before the app: without what its
        // <noscript> says to a browser with JavaScript off (src/prerender/browser-notices.tsx).
        await still.route('**/*', async (route) => {
          if (route.request().resourceType() !== 'document') return route.continue();
          const response = await route.fetch();
          const body = (await response.text()).replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
          return route.fulfill({ response, body });
        });
        const live = await appContexts.open({ viewport });
        const compare = await browser.newPage();
        try {
          const htmlPage = await still.newPage();
          const appPage = await live.newPage();
          for (const address of prerendered) {
            await test.step(address, async () => {
              await htmlPage.goto(address);
              await expect(htmlPage.locator('#shell h1')).toBeVisible();
              const html = await htmlPage.screenshot({ animations: 'disabled' });

              await live.clearCookies();
              if (appPage.url().startsWith('http'))
                await appPage.evaluate(() => {
                  localStorage.clear();
                  sessionStorage.clear();
                });
              await appPage.goto(address);
              await bootedApp(appPage);
              await expect(appPage.locator('#root h1:visible')).toBeVisible();
              const app = await appPage.screenshot({ animations: 'disabled' });

              const difference = await pixelDifference(compare, html, app);
              expect
                .soft(difference, `${address}: ${(difference * 100).toFixed(2)} % of the pixels differ`)
                .toBeLessThanOrEqual(0.01);
            });
          }
        } finally {
          await compare.close();
          await still.close();
          await live.close();
        }
      },
    );
  }

  test('the page is restyled once, when the app takes over (decision 123)', async ({ page }) => {
    // The theme's CSS variables are in the stylesheet, so the app adds no style of its own; the
    // whole stylesheet arrives inactive and replaces the critical CSS at the swap.
    const styles = () =>
      page.evaluate(() => ({
        elements: [...document.querySelectorAll('style')].map((style) =>
          [...style.attributes].map((attribute) => attribute.name).join(' '),
        ),
        sheets: [...document.querySelectorAll<HTMLLinkElement>('link[data-app-styles]')].map(
          (link) => `${link.media} ${link.sheet ? 'loaded' : 'loading'}`,
        ),
      }));
    await page.route('**/assets/*.js', async (route) => {
      // The app a second after the page: the stylesheet has arrived before it.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.goto('/onboarding/register-practice');
    await expect(page.locator('#shell')).toBeVisible();
    await page.waitForFunction(() => document.querySelector<HTMLLinkElement>('link[data-app-styles]')?.sheet);
    expect(await styles()).toEqual({
      elements: ['data-critical', 'data-prerendered'],
      sheets: ['print loaded'],
    });
    await bootedApp(page);
    await expect(page.locator('#root h1:visible')).toBeVisible();
    expect(await styles()).toEqual({ elements: ['data-prerendered'], sheets: ['all loaded'] });
    // And the theme's variables are those of the app's theme, not Mantine's defaults.
    const variables = await page.evaluate(() => {
      const root = getComputedStyle(document.documentElement);
      return ['--mantine-primary-color-filled', '--mantine-color-dimmed', '--mantine-breakpoint-sm'].map(
        (name) => root.getPropertyValue(name).trim(),
      );
    });
    // teal.9 (Mantine's default primary is blue), the darker dimmed text, the spec's sm of 576 px.
    expect(variables).toEqual(['#087f5b', '#656b71', '36em']);
  });

  test("the app's controls keep the ids of their first render (decision 150)", async ({ page }) => {
    // Mantine's own useId gives every control a random id in a layout effect after it mounts (a
    // second render and commit of the whole form); the build's gives React's id, from the first render.
    await page.goto('/onboarding/register-practice');
    await bootedApp(page);
    await expect(page.locator('#root h1:visible')).toBeVisible();
    // The ids Mantine makes itself (the region's radios, the alert…; the form's fields have ids
    // of their own), as the app has them after the takeover.
    const ids = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('#root [id^="mantine-"]')].map((element) => element.id),
      );
    const first = await ids();
    expect(first.length).toBeGreaterThanOrEqual(2);
    for (const id of first) expect(id).toMatch(/^mantine-_r_[0-9a-z]+_(-[a-z]+)?$/);
    expect(new Set(first).size).toBe(first.length);
    // The radios are still named by their labels.
    await expect(page.getByRole('radio', { name: 'United Kingdom' })).toBeVisible();
    await page.waitForTimeout(300);
    expect(await ids()).toEqual(first);
  });

  test('a returning signed-in visitor never sees the signed-out screen', async ({ page, stack }) => {
    await page.goto('/');
    await signInWithEmail(page, seedAccounts.verified.email);
    await keepThisAccount(page);
    await expect(page).toHaveURL(new RegExp(`^${stack.environments.au}`));

    const headings: string[] = [];
    await page.exposeFunction('reportHeading', (text: string) => headings.push(text));
    await page.addInitScript(() => {
      let last: string | null = null;
      const watch = () => {
        const heading = document.querySelector('h1');
        const visible = heading && heading.getClientRects().length > 0 ? (heading.textContent ?? '') : '';
        if (visible !== last) {
          last = visible;
          (window as unknown as { reportHeading(text: string): void }).reportHeading(visible);
        }
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    const started = Date.now();
    await page.goto(stack.appUrl);
    await expect(page).toHaveURL(new RegExp(`^${stack.environments.au}`));
    test
      .info()
      .annotations.push({ type: 'time to the environment', description: `${Date.now() - started} ms` });
    expect(headings).not.toContain('Welcome');
  });

  test.describe('before the app is ready', () => {
    test.beforeEach(async ({ page }) => {
      // A slow connection: the app's code arrives 1.5 s after the page.
      await page.route('**/assets/*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
    });

    test('pin digits typed and Continue pressed take effect', async ({ page }) => {
      await page.goto('/onboarding');
      await expect(page.locator('#shell')).toBeVisible();
      await page.keyboard.type('1234');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      // Still the shell: the app has not started yet.
      await expect(page.locator('#shell')).toBeVisible();
      await expect(page).toHaveURL(/\/onboarding\/register-account$/, { timeout: 20_000 });
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    });

    test('a button pressed says it was taken: acted on once, with the loading look after the pop-in delay (decision 198)', async ({
      page,
    }) => {
      // The app's entry is held until the test lets it through; the page's clock is moved on by it.
      const release = await holdAppEntry(page);
      await page.clock.install();
      await page.goto('/onboarding');
      const shell = page.locator('#shell');
      await expect(shell).toBeVisible();
      const skip = shell.getByRole('button', { name: 'Continue without setting up a hub and scanner' });
      await skip.click();
      await skip.click();
      // Pressed twice, queued once; no spinner flashes for a quick start.
      expect(
        await page.evaluate(() => ({
          queued: (window as unknown as { __shellQueue: unknown[] }).__shellQueue.length,
          loading: document.querySelector('#shell [data-loading]') !== null,
        })),
      ).toEqual({ queued: 1, loading: false });
      // After the submit buttons' pop-in delay (500 ms): Mantine's loading look, and unavailable.
      await page.clock.runFor(600);
      await expect(skip).toHaveAttribute('data-loading', 'true');
      await expect(skip).toHaveAttribute('aria-disabled', 'true');
      await expect(skip.locator('.mantine-Loader-root')).toBeVisible();
      await expect(skip.locator('.mantine-Button-inner')).toHaveCSS('opacity', '0');
      // The other button is as it was.
      await expect(shell.getByRole('button', { name: 'Continue', exact: true })).not.toHaveAttribute(
        'data-loading',
      );
      release();
      await expect(shell).toHaveCount(0, { timeout: 20_000 });
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await expect(page).toHaveURL(/\/onboarding\/register-account$/);
    });

    test("a press that showed its loading look keeps it in the app: the request's spinner counts from the press (decision 198)", async ({
      page,
    }) => {
      const release = await holdAppEntry(page);
      // The code's check is held too, so the request the carried press starts is still running.
      let answer = () => {};
      const answered = new Promise<void>((resolve) => {
        answer = resolve;
      });
      await page.route('**/api/onboarding/verify-pin', async (route) => {
        await answered;
        await route.fallback();
      });
      await page.clock.install();
      await page.goto('/onboarding');
      const shell = page.locator('#shell');
      await expect(shell).toBeVisible();
      await page.keyboard.type('1234');
      const shellContinue = shell.getByRole('button', { name: 'Continue', exact: true });
      await shellContinue.click();
      await page.clock.runFor(600);
      await expect(shellContinue).toHaveAttribute('data-loading', 'true');
      // From here the page's clock moves only when the test moves it, 20 ms at a time until the app
      // has taken over, then 100 ms for the frame and the task that replay the press: never the
      // 500 ms of a pop-in counted from the replay.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      release();
      for (let step = 0; step < 1000 && (await shell.count()) > 0; step++) await page.clock.runFor(20);
      await expect(shell).toHaveCount(0);
      await page.clock.runFor(100);
      const appContinue = page.getByRole('button', { name: 'Continue', exact: true });
      await expect(page.getByRole('textbox', { name: 'Character 4 of 4' })).toHaveValue('4');
      await expect(appContinue).toHaveAttribute('data-loading', 'true');
      await expect(appContinue.locator('.mantine-Loader-root')).toBeVisible();
      // The answer arrives: the spinner goes and the wizard moves on.
      await page.clock.resume();
      answer();
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    });

    test("a region chosen on the prerendered practice form is the app's region", async ({ page }) => {
      // The radios have a name of their own on both screens: the handoff carries a control by its
      // name, and Mantine's group names differ between the server's render and the app's.
      await page.goto('/onboarding/register-practice');
      await page.locator('#shell').getByRole('radio', { name: 'United Kingdom' }).check();
      await expect(page.locator('#shell')).toBeVisible();
      await bootedApp(page);
      await expect(page.getByRole('radio', { name: 'United Kingdom' })).toBeChecked();
      // The form is the UK's: a CRN, not an ABN.
      await expect(page.getByRole('textbox', { name: 'CRN' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'ABN' })).toHaveCount(0);
    });

    test('a key pressed between the swap and the focus goes into the focused box (decision 123)', async ({
      page,
    }) => {
      // The handoff gives the focus to the app's box after the new screen's first frame. That frame
      // is held here until a key has been pressed, so the key lands while nothing is focused.
      await page.addInitScript(() => {
        const w = window as unknown as { __hold?: boolean; __held?: boolean };
        const original = window.requestAnimationFrame.bind(window);
        window.requestAnimationFrame = (callback) =>
          original((time) => {
            const run = () => {
              if (!w.__hold) return callback(time);
              w.__held = true;
              setTimeout(run, 5);
            };
            run();
          });
        new MutationObserver(() => {
          if (
            !document.getElementById('shell') &&
            document.getElementById('root') &&
            w.__held === undefined
          ) {
            w.__hold = true;
            w.__held = false;
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/onboarding');
      // The shell's first box has the focus (autofocus); nothing is typed before the swap.
      await expect(page.locator('#shell').getByRole('textbox', { name: 'Character 1 of 4' })).toBeFocused();
      // (Polled on a timer: a poll on animation frames would be held too.)
      await page.waitForFunction(() => (window as unknown as { __held?: boolean }).__held === true, null, {
        polling: 50,
      });
      // Swapped, and the focus not given yet.
      await expect(page.locator('#shell')).toHaveCount(0);
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
      await page.keyboard.type('1');
      await page.evaluate(() => {
        (window as unknown as { __hold?: boolean }).__hold = false;
      });
      const box = (n: number) => page.getByRole('textbox', { name: `Character ${n} of 4` });
      await expect(box(1)).toHaveValue('1');
      await expect(box(2)).toBeFocused();
      await page.keyboard.type('234');
      await expect(box(4)).toHaveValue('4');
    });

    test('the skip link followed in the shell leaves the focus on the main content', async ({ page }) => {
      await page.goto('/no-access');
      await expect(page.locator('#shell')).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.locator('#shell')).toBeVisible();
      await expect(page.locator('#shell')).toHaveCount(0, { timeout: 20_000 });
      await expect(page.getByRole('main')).toBeFocused();
    });

    test('the whole stylesheet arriving changes neither the font nor the colours of the shell', async ({
      page,
    }) => {
      // The stylesheet arrives 0.7 s after the page, the app 1.5 s after it.
      await page.route('**/assets/*.css', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      });
      await page.goto('/onboarding');
      const shell = page.locator('#shell');
      await expect(shell).toBeVisible();
      const looks = () =>
        page.evaluate(() => {
          const of = (selector: string) => document.querySelector(selector) as Element;
          const button = getComputedStyle(of('#shell button[type=submit]'));
          return {
            font: getComputedStyle(of('#shell p')).fontFamily,
            button: button.backgroundColor,
            primary: getComputedStyle(document.documentElement).getPropertyValue(
              '--mantine-primary-color-filled',
            ),
          };
        });
      const before = await looks();
      expect(before.font).toContain('system-ui');
      // The shell guard links the whole stylesheet after the first paint; the app is still 1.5 s away.
      await page.waitForFunction(() =>
        [...document.styleSheets].some((sheet) => sheet.href !== null && sheet.cssRules.length > 100),
      );
      await expect(shell).toBeVisible();
      expect(await looks()).toEqual(before);
    });

    test('a sign-in button pressed takes the visitor to the identity provider', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('#shell')).toBeVisible();
      await page.getByRole('button', { name: 'Sign in with Email' }).click();
      await expect(page.getByRole('heading', { name: /^Log in to/ })).toBeVisible({ timeout: 20_000 });
    });
  });

  test.describe('a stored practice draft', () => {
    const profile = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '0412345678',
      dateOfBirth: '1990-01-02',
    };
    const practice = (environment: 'au' | 'uk') => ({
      environment,
      terms: true,
      practice: {
        businessName: 'Draft Vets Pty Ltd',
        businessNumber: '',
        name: 'Draft Vets',
        veterinaryType: 2,
        email: 'vets@example.com',
        phone: '0298765432',
        address: { address1: '1 Main St', city: 'Sydney', postcode: '2000', state: 'NSW', country: 'AU' },
      },
    });

    /**
     * Every frame of the page, read just before it is painted (requestAnimationFrame): the
     * practice name field shown in it, if any, its value, and whether it is the prerendered shell's.
     */
    async function framesOf(page: Page, draft: ReturnType<typeof practice>) {
      await page.addInitScript(
        ([storedProfile, storedPractice]) => {
          localStorage.setItem('onboarding.profileRegistration', JSON.stringify(storedProfile));
          localStorage.setItem('onboarding.practiceRegistration', JSON.stringify(storedPractice));
          const frames: Array<{ shell: boolean; name: string; state: string; terms: boolean }> = [];
          (window as unknown as { __frames: typeof frames }).__frames = frames;
          const watch = () => {
            const shown = (selector: string) =>
              [...document.querySelectorAll<HTMLInputElement>(selector)].find(
                (e) => e.getClientRects().length > 0,
              );
            const name = shown('input[name="practice.name"]');
            if (name) {
              frames.push({
                shell: Boolean(name.closest('#shell')),
                name: name.value,
                state: shown('select[name="practice.address.state"]')?.value ?? '',
                terms: shown('input[name="terms"]')?.checked ?? false,
              });
            }
            requestAnimationFrame(watch);
          };
          requestAnimationFrame(watch);
        },
        [profile, draft] as const,
      );
      // A slow connection: the app's code arrives 1.5 s after the page, so the shell shows a while.
      await page.route('**/assets/*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.goto('/onboarding/register-practice');
      // The app's code is held back 1.5 s on purpose: its takeover gets that much longer.
      await page.waitForFunction(
        () => !document.getElementById('shell') && document.getElementById('root'),
        null,
        {
          timeout: 30_000,
        },
      );
      await expect(page.locator('input[name="practice.name"]:visible')).toHaveValue('Draft Vets');
      return page.evaluate(
        () =>
          (
            window as unknown as {
              __frames: Array<{ shell: boolean; name: string; state: string; terms: boolean }>;
            }
          ).__frames,
      );
    }

    test('of the default region is on the prerendered form from the first frame', async ({ page }) => {
      const frames = await framesOf(page, practice('au'));
      const shellFrames = frames.filter((f) => f.shell);
      expect(shellFrames.length, 'frames of the prerendered form').toBeGreaterThan(0);
      // Every frame that shows the form, the shell's and the app's, shows the draft.
      expect(frames.filter((f) => f.name !== 'Draft Vets' || f.state !== 'NSW' || !f.terms)).toEqual([]);
    });

    test('of another region never shows the empty prerendered form', async ({ page }) => {
      const frames = await framesOf(page, practice('uk'));
      expect(frames.filter((f) => f.shell)).toEqual([]);
      expect(frames.length, "frames of the app's form").toBeGreaterThan(0);
      expect(frames.filter((f) => f.name !== 'Draft Vets')).toEqual([]);
    });
  });

  test('the boot evaluates its layers one task each, after the first paint (decision 181)', async ({
    page,
  }) => {
    // Each layer's chunk gets a performance mark appended to its code: the mark is made where the
    // chunk's evaluation ends. The browser's trace then says in which task each one ran. A layer
    // evaluated inside another's task (a chunk that imports libraries not evaluated yet) is one
    // long task where the boot means several short ones.
    // On the pin step, the forms' two layers come after the app's, before the screen's chunk.
    const layers = [
      'react-dom',
      'lib-state',
      'lib-router',
      'lib-ui',
      'machines',
      'app',
      'form-libraries',
      'forms',
    ];
    await page.route(
      /\/assets\/(react-dom|lib-state|lib-router|lib-ui|machines|app|form-libraries|forms)-[\w-]+\.js$/,
      async (route) => {
        const response = await route.fetch();
        const layer =
          /\/assets\/(react-dom|lib-state|lib-router|lib-ui|machines|app|form-libraries|forms)-/.exec(
            route.request().url(),
          )?.[1];
        await route.fulfill({
          response,
          body: `${await response.text()}\n;performance.mark(${JSON.stringify(`boot-layer:${layer}`)});\n`,
        });
      },
    );
    const browser = page.context().browser();
    if (!browser) throw new Error('no browser to trace');
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        'blink.user_timing',
        'loading',
      ],
    });
    await page.goto('/onboarding');
    await expect(page.locator('#shell')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Set up your practice' })).toBeVisible();
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: Array<{ name: string; ph: string; ts: number; dur?: number; pid: number; tid: number }>;
    };
    const events = trace.traceEvents;
    const marks = new Map(
      events
        .filter((e) => e.name.startsWith('boot-layer:'))
        .map((e) => [e.name.slice('boot-layer:'.length), e] as const),
    );
    expect([...marks.keys()].sort()).toEqual([...layers].sort());
    const taskOf = (mark: { ts: number; pid: number; tid: number }) =>
      events.find(
        (e) =>
          e.name === 'RunTask' &&
          e.ph === 'X' &&
          e.pid === mark.pid &&
          e.tid === mark.tid &&
          e.ts <= mark.ts &&
          mark.ts <= e.ts + (e.dur ?? 0),
      );
    const tasks = layers.map((layer) => {
      const task = taskOf(marks.get(layer) as { ts: number; pid: number; tid: number });
      expect(task, `the task that evaluated ${layer}`).toBeDefined();
      return task;
    });
    // One task per layer.
    expect(new Set(tasks).size).toBe(layers.length);
    // All of them after the first contentful paint (the shell is painted first).
    const paint = events.find((e) => e.name === 'firstContentfulPaint');
    expect(paint, 'the first contentful paint').toBeDefined();
    for (const layer of layers)
      expect((marks.get(layer)?.ts ?? 0) > (paint?.ts ?? Infinity), layer).toBe(true);
  });

  test('a signed-out first visit to / fetches no more than its budget', async ({ page }) => {
    // The page itself counts too: its inline CSS and script are first-visit bytes like the files
    // (decision 123).
    const bodies: Array<Promise<number>> = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!/\.(js|css)$/.test(url.pathname) && response.request().resourceType() !== 'document') return;
      bodies.push(
        response
          .body()
          .then((body) => gzipSync(body, { level: 9 }).length)
          .catch(() => 0),
      );
    });
    const document = await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.locator('#root h1')).toHaveText('Welcome');
    const html = (await document?.body())?.length ?? 0;
    const fetched = (await Promise.all(bodies)).reduce((sum, n) => sum + n, 0);
    const limit = budget.firstVisit['/'] ?? 0;
    test.info().annotations.push({
      type: 'first visit to /',
      description: `${(fetched / 1024).toFixed(1)} KB gz of the page, JS and CSS fetched (budget ${(limit / 1024).toFixed(0)} KB); the page ${(html / 1024).toFixed(1)} KB`,
    });
    // The page of / is at most 30 KB (issue 26 item 9).
    expect(html).toBeLessThanOrEqual(30 * 1024);
    expect(fetched).toBeLessThanOrEqual(limit);
  });
});
