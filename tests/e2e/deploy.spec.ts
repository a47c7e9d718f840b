import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { cacheControlFor, HOSTING_FILE, hostingDirOf, parseHostingPolicy } from '../../deploy/hosting-policy';
import { readDeploymentSettings } from '../../deploy/settings';
import { RUNTIME_DIR, RUNTIME_ENTRY } from '../../scripts/vite-hosting-runtime';
import { freePort } from '../support/free-port';
import { DIST_DIR, type TestStack, uniqueEmail } from '../support/stack';
import { startE2eStack, watchConsole } from './fixtures';
import { createUser, signInWithEmail } from './stack-support';

/**
 * The production configuration (docs/decisions/115-hosting-policy-artifact.md): the runtime folder the
 * build writes (build/runtime: the compiled server, its copy of dist/ and the policy), copied out
 * of the repository and run with plain `node` (no node_modules, no tsx), with the local stack as
 * its backend, in Debian's Chromium. The first screens, the enforced security policy with no
 * violation, the cache rules, the 200.html fallback, /meta.json never stored, a sign-in whose API
 * calls and real-time hub go through the server's proxy, and a clean stop on SIGTERM.
 */

const runtimeSource = process.env.E2E_RUNTIME_DIR ?? join(DIST_DIR, '..', RUNTIME_DIR);

interface RuntimeServer {
  url: string;
  /** The runtime folder's copy, outside the repository (no node_modules above it). */
  folder: string;
  process: ChildProcess;
  output(): string;
}

/** Copies the runtime folder out of the repository and starts its server with plain node. */
async function startRuntime(env: Record<string, string>, port: number): Promise<RuntimeServer> {
  const folder = mkdtempSync(join(tmpdir(), 'runtime-'));
  cpSync(runtimeSource, folder, { recursive: true });
  let output = '';
  // Only these variables: no NODE_OPTIONS (no tsx loader), no NODE_PATH.
  const child = spawn(process.execPath, [RUNTIME_ENTRY], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? '', HOST: 'localhost', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const until = Date.now() + 20_000;
  while (!output.includes('Serving')) {
    if (Date.now() > until || child.exitCode !== null)
      throw new Error(`the runtime server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `http://localhost:${port}`, folder, process: child, output: () => output };
}

const test = base.extend<
  { consoleErrors: string[] },
  { deployment: { stack: TestStack; prod: RuntimeServer } }
>({
  deployment: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const port = await freePort();
      const appOrigin = `http://localhost:${port}`;
      // The backend's identity provider must accept the production origin (redirects, CORS).
      const stack = await startE2eStack({ extraAppOrigins: [appOrigin] });
      const prod = await startRuntime(
        { BACKEND_URL: stack.appUrl, IDP_ORIGIN: stack.idpUrl, PUBLIC_ORIGIN: appOrigin },
        port,
      );
      await use({ stack, prod });
      if (prod.process.exitCode === null) {
        const exited = new Promise((resolve) => prod.process.once('exit', resolve));
        prod.process.kill('SIGTERM');
        await exited;
      }
      rmSync(prod.folder, { recursive: true, force: true });
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

/** The runtime folder's copy of the build (what the server serves). */
const distDir = join(runtimeSource, 'dist');
const policy = () => parseHostingPolicy(readFileSync(join(hostingDirOf(distDir), HOSTING_FILE), 'utf8'));

test('the build carries its hosting rules and security policy, beside the web root', () => {
  const hosting = hostingDirOf(DIST_DIR);
  for (const file of [HOSTING_FILE, 'nginx.conf', 'csp.json', 'build-inputs.json', 'bundle-chunks.json'])
    expect(existsSync(join(hosting, file)), file).toBe(true);
  // Nothing for the host in the web root, in the repository's build or the runtime's copy.
  for (const root of [DIST_DIR, distDir]) {
    const served = readdirSync(root, { recursive: true, encoding: 'utf8' });
    for (const path of policy().private) {
      const name = path.slice(1).replace(/\/$/, '');
      expect(
        served.filter((file) => file === name || file.startsWith(`${name}.`)),
        name,
      ).toEqual([]);
    }
  }
  expect(readFileSync(join(distDir, '200.html'))).toEqual(readFileSync(join(DIST_DIR, '200.html')));
  expect(readFileSync(join(hostingDirOf(distDir), HOSTING_FILE), 'utf8')).toBe(
    readFileSync(join(hosting, HOSTING_FILE), 'utf8'),
  );
  const csp = policy().csp.find(([directive]) => directive === 'script-src')?.[1] ?? [];
  const built = JSON.parse(readFileSync(join(hosting, 'csp.json'), 'utf8')) as { scriptHashes: string[] };
  // The prerender's hash of its inline script is in the policy the servers apply.
  for (const hash of built.scriptHashes) expect(csp).toContain(`'${hash}'`);
  // Precompressed siblings for what is served, none for the private files (decision 140).
  for (const file of ['index.html', '200.html', 'meta.json']) {
    for (const suffix of ['.br', '.gz'])
      expect(existsSync(join(distDir, file + suffix)), file + suffix).toBe(true);
  }
});

test('the runtime folder runs with plain node: no packages, no tsx, no TypeScript', ({ deployment }) => {
  const folder = deployment.prod.folder;
  expect(readdirSync(folder).sort()).toEqual(['dist', 'dist-hosting', 'package.json', RUNTIME_ENTRY].sort());
  expect(readdirSync(join(folder, 'dist-hosting'))).toEqual([HOSTING_FILE]);
  const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Record<string, unknown>;
  expect(pkg.dependencies).toBeUndefined();
  expect(pkg.scripts).toEqual({ start: `node ${RUNTIME_ENTRY}` });
  // Every import of the compiled server is one of Node's own modules.
  const code = readFileSync(join(folder, RUNTIME_ENTRY), 'utf8');
  const imported = [...code.matchAll(/(?:^import .* from |^import |__require\()["']([^"']+)["']/gm)].map(
    (match) => match[1] ?? '',
  );
  expect(imported.length).toBeGreaterThan(3);
  const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
  expect(imported.filter((name) => !builtins.has(name))).toEqual([]);
  expect(code).not.toMatch(/from ["'](tsx|vite|typescript|sirv|httpxy|compression)["']/);
  expect(statSync(join(folder, RUNTIME_ENTRY)).size).toBeGreaterThan(10_000);
  // Started as `node server.mjs` in that folder, outside the repository: it is up and ready.
  expect(deployment.prod.process.spawnargs).toEqual([process.execPath, RUNTIME_ENTRY]);
  expect(deployment.prod.output()).toContain(`at ${deployment.prod.url} `);
});

test('liveness and readiness; a forged Host is refused', async ({ request }) => {
  expect((await request.get('/healthz')).status()).toBe(200);
  expect(await (await request.get('/readyz')).text()).toBe('ready');
  const forged = await request.get('/', { headers: { Host: 'evil.example' } });
  expect(forged.status()).toBe(421);
  expect(forged.headers()['content-security-policy']).not.toContain('evil');
  const asset = await request.get('/assets/app');
  expect(asset.status()).toBe(404);
  expect(asset.headers()['cache-control']).toBe('no-store');
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
  expect((await request.get('/%68osting.json')).status()).toBe(404);
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

test('SIGTERM with the app’s hub connected: the socket closed, exit 0 (last: it stops the server)', async ({
  page,
  deployment,
}) => {
  const closed: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('close', () => closed.push(socket.url()));
  });
  const email = uniqueEmail('drain');
  await createUser(deployment.stack, { email, name: 'Dee Rain' });
  await page.goto('/');
  await signInWithEmail(page, email);
  await expect(page.getByText('You have no pending invites.')).toBeVisible({ timeout: 20_000 });
  const hub = `ws://${new URL(deployment.prod.url).host}/sockets/appstate`;
  await expect.poll(() => closed.length).toBe(0);
  const exited = new Promise<number | null>((resolve) => deployment.prod.process.once('exit', resolve));
  const start = Date.now();
  deployment.prod.process.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(Date.now() - start).toBeLessThan(10_000);
  await expect.poll(() => closed.filter((url) => url.startsWith(hub)).length).toBeGreaterThan(0);
  expect(deployment.prod.output()).toContain('drained');
});
