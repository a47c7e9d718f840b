import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { cacheControlFor, HOSTING_FILE, parseHostingPolicy } from '../../deploy/hosting-policy';
import { type ProductionServer, startProductionServer } from '../../deploy/server';
import { readDeploymentSettings } from '../../deploy/settings';
import { DIST_DIR, type TestStack, uniqueEmail } from '../support/stack';
import { startE2eStack, watchConsole } from './fixtures';
import { createUser, signInWithEmail } from './practices-support';

/**
 * The production configuration (docs/decisions/115-hosting-policy-artifact.md): the built app of dist/
 * served by the production server (deploy/server.ts, reading dist/hosting.json), with the local
 * stack as its backend, in Debian's Chromium. The first screens, the enforced security policy
 * with no violation, the cache rules, the 200.html fallback, /meta.json never stored, and a
 * sign-in whose API calls and real-time hub go through the server's proxy.
 */

const distDir = process.env.E2E_DIST_DIR ?? DIST_DIR;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const test = base.extend<
  { consoleErrors: string[] },
  { deployment: { stack: TestStack; prod: ProductionServer } }
>({
  deployment: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const port = await freePort();
      const appOrigin = `http://localhost:${port}`;
      // The backend's identity provider must accept the production origin (redirects, CORS).
      const stack = await startE2eStack({ extraAppOrigins: [appOrigin] });
      const prod = await startProductionServer({
        distDir,
        backendUrl: stack.appUrl,
        idpOrigin: stack.idpUrl,
        host: 'localhost',
        port,
      });
      await use({ stack, prod });
      await prod.close();
      await stack.dispose();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ deployment }, use) => {
    await use(deployment.prod.url);
  },
  consoleErrors: async ({ page }, use) => {
    await use(watchConsole(page));
  },
});

/** Collects every CSP violation of the page (all frames of the app's origin). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportViolation(t: string): void }).__reportViolation(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

const policy = () => parseHostingPolicy(readFileSync(join(distDir, HOSTING_FILE), 'utf8'));

test('the build carries its hosting rules and security policy', () => {
  for (const file of [HOSTING_FILE, '_headers', '_redirects', 'hosting/nginx.conf', '200.html']) {
    expect(existsSync(join(distDir, file)), file).toBe(true);
  }
  const csp = policy().csp.find(([directive]) => directive === 'script-src')?.[1] ?? [];
  const built = JSON.parse(readFileSync(join(distDir, 'csp.json'), 'utf8')) as { scriptHashes: string[] };
  // The prerender's hash of its inline script is in the policy the servers apply.
  for (const hash of built.scriptHashes) expect(csp).toContain(`'${hash}'`);
  // Precompressed siblings for what is served, none for the private files (decision 140).
  for (const file of ['index.html', '200.html', 'meta.json']) {
    for (const suffix of ['.br', '.gz'])
      expect(existsSync(join(distDir, file + suffix)), file + suffix).toBe(true);
  }
  for (const file of policy().private.filter((path) => !path.endsWith('/'))) {
    for (const suffix of ['.br', '.gz'])
      expect(existsSync(join(distDir, file + suffix)), file + suffix).toBe(false);
  }
});

test('signed-out first screens, the security policy enforced with no violation', async ({
  page,
  consoleErrors,
  deployment,
}) => {
  const violations = await watchViolations(page);
  const settings = readDeploymentSettings();

  const landing = await page.goto('/');
  const headers = landing?.headers() ?? {};
  expect(headers['content-security-policy']).toContain(
    `connect-src 'self' ws://${new URL(deployment.prod.url).host}`,
  );
  expect(headers['content-security-policy']).toContain(`frame-src ${deployment.stack.idpUrl}`);
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['strict-transport-security']).toBeUndefined();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Email' })).toBeVisible();
  await expect(page).toHaveTitle(settings.productName);

  await page.goto('/onboarding');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your practice' })).toBeVisible();
  await expect(page.getByText('Enter the 4-digit code shown in the companion app.')).toBeVisible();
  // The app took over from the prerendered screen (its runtime configuration came through /api).
  await expect(page.locator('#root')).not.toBeEmpty();

  await page.goto('/a/route/that/does/not/exist');
  await expect(
    page.getByRole('heading', { name: "Sorry, we couldn't find what you're looking for." }),
  ).toBeVisible();

  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);

  // Enforced, not only sent: an injected inline script does not run and is reported.
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.join('\n')).toContain('script-src-elem blocked inline');
});

test('cache rules: assets immutable, HTML revalidated, /meta.json never stored', async ({ request }) => {
  const rules = policy();
  const html = await request.get('/');
  expect(html.headers()['cache-control']).toBe(rules.cache.html);
  expect(rules.cache.html).toBe('no-cache');
  const entry = /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(join(distDir, '200.html'), 'utf8'))?.[1];
  expect(entry, 'the entry script of 200.html').toBeTruthy();
  const asset = await request.get(entry ?? '');
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['cache-control']).toBe(cacheControlFor(rules, entry ?? '', entry ?? ''));
  // The build's Brotli file, as it is (decision 140).
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(Number(asset.headers()['content-length'])).toBe(statSync(join(distDir, `${entry}.br`)).size);
  expect(asset.headers().vary).toContain('Accept-Encoding');
  expect(await asset.text()).toBe(readFileSync(join(distDir, entry ?? ''), 'utf8'));
  const meta = await request.get(`/meta.json?t=${Date.now()}`);
  expect(meta.headers()['cache-control']).toBe('no-store');
  expect(await meta.json()).toEqual(JSON.parse(readFileSync(join(distDir, 'meta.json'), 'utf8')));
  expect((await request.get('/assets/not-a-chunk-123.js')).status()).toBe(404);
  expect((await request.get('/build-inputs.json')).status()).toBe(404);
});

test('a route without its own page gets 200.html; a prerendered one its own page', async ({
  request,
  page,
}) => {
  const fallback = readFileSync(join(distDir, '200.html'), 'utf8');
  const spa = await request.get('/switch-practice');
  expect(spa.status()).toBe(200);
  expect(spa.headers()['cache-control']).toBe('no-cache');
  expect(await spa.text()).toBe(fallback);
  const own = await request.get('/onboarding');
  expect(await own.text()).toBe(readFileSync(join(distDir, 'onboarding/index.html'), 'utf8'));
  // In the browser the fallback starts the app, which sends a signed-out visitor to sign in.
  await page.goto('/switch-practice');
  await page.waitForURL((url) => url.pathname.startsWith('/interaction') || url.pathname === '/authorize');
});

test('signing in through the production origin: /api and the hub go through its proxy', async ({
  page,
  consoleErrors,
  deployment,
}) => {
  const violations = await watchViolations(page);
  const sockets: { url: string; frames: number }[] = [];
  page.on('websocket', (socket) => {
    const entry = { url: socket.url(), frames: 0 };
    sockets.push(entry);
    socket.on('framereceived', () => {
      entry.frames += 1;
    });
  });
  const email = uniqueEmail('deploy');
  await createUser(deployment.stack, { email, name: 'Dee Ploy' });
  await page.goto('/');
  await signInWithEmail(page, email);
  await expect(page).toHaveURL(new RegExp(`^${deployment.prod.url}/switch-practice$`), { timeout: 20_000 });
  await expect(page.getByText('You have no pending invites.')).toBeVisible();
  const hub = `ws://${new URL(deployment.prod.url).host}/sockets/appstate`;
  await expect
    .poll(() => sockets.filter((s) => s.url.startsWith(hub) && s.frames > 0).length)
    .toBeGreaterThan(0);
  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
