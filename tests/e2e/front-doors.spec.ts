import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { freePort } from '../support/free-port';
import { watchConsole } from './fixtures';

/**
 * The README's commands, run exactly as written, each answered in Chromium or over HTTP:
 * `npm run viewer` (the designers' Vite dev server, not a build), `npm start` (every URL it
 * prints) and `npm run serve` (as "Deploying" starts it). One test each, no stack of the suite's
 * own: each command starts what it needs, and the test stops it (its whole process group).
 */

const root = join(import.meta.dirname, '..', '..');

const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors = watchConsole(page);
      await use(errors);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

interface Command {
  output(): string;
  /** The first match of `pattern` in the output, waited for. */
  waitFor(pattern: RegExp, ms: number): Promise<RegExpExecArray>;
  stop(): Promise<void>;
}

const running: Command[] = [];
test.afterEach(async () => {
  await Promise.all(running.splice(0).map((command) => command.stop()));
});

/** `npm run <script>` in the repository, in a process group of its own (stopped as one). */
function npm(args: string[], env: Record<string, string> = {}): Command {
  const child: ChildProcess = spawn('npm', args, {
    cwd: root,
    env: { ...process.env, ...env, FORCE_COLOR: '0', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let text = '';
  const append = (chunk: Buffer) => {
    text += chunk.toString();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const command: Command = {
    output: () => text,
    async waitFor(pattern, ms) {
      const until = Date.now() + ms;
      for (;;) {
        const match = pattern.exec(text);
        if (match) return match;
        if (child.exitCode !== null || Date.now() > until)
          throw new Error(`npm ${args.join(' ')} never printed ${pattern}:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      const force = setTimeout(() => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }, 10_000);
      await exited;
      clearTimeout(force);
    },
  };
  running.push(command);
  return command;
}

test('npm run viewer: the dev server opens the viewer without an error, and an event moves chart and screen', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const viewer = npm(['run', 'viewer']);
  const [, address] = await viewer.waitFor(/Viewer:\s+(http:\/\/\S+)/, 60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${address}?machine=onboarding&input=new-user`);
  const stateValue = page.getByTestId('state-value');
  await expect(stateValue).toHaveText('{"pin":"entering"}', { timeout: 30_000 });
  const screen = page.frameLocator('[data-testid="screen"]');
  await expect(screen.locator('body[data-atlas-ready="ok"]')).toBeAttached({ timeout: 30_000 });
  await expect(page.locator('vite-error-overlay')).toHaveCount(0);
  await expect(screen.locator('vite-error-overlay')).toHaveCount(0);

  const fill = (state: string) =>
    page
      .locator(`[data-testid="chart"] [data-state="${state}"] > rect`)
      .first()
      .evaluate((el) => getComputedStyle(el).fill);
  const activeFill = 'rgb(211, 249, 216)';
  await expect.poll(() => fill('pin.entering')).toBe(activeFill);
  // Opened where its labels can be read (their own size), not fitted to a speck.
  const transform = await page.locator('[data-testid="chart"] g.viewport').getAttribute('transform');
  expect(Number(/scale\(([\d.e-]+)\)/.exec(transform ?? '')?.[1])).toBeGreaterThanOrEqual(1);

  await page.getByTestId('events').getByRole('button', { name: 'Submit pin 1234', exact: true }).click();
  await expect(stateValue).toHaveText('{"pin":"verifying"}');
  await expect.poll(() => fill('pin.verifying')).toBe(activeFill);
  await expect.poll(() => fill('pin.entering')).not.toBe(activeFill);
  await expect(screen.locator('body')).toHaveAttribute('data-atlas-state', '{"pin":"verifying"}');
  await expect(page.locator('vite-error-overlay')).toHaveCount(0);
});

test('npm start: every URL it prints answers', async ({ request }) => {
  test.setTimeout(120_000);
  const variables = ['PORT', 'IDP_PORT', 'MAILBOX_PORT', 'AU_PORT', 'UK_PORT'];
  const env: Record<string, string> = {};
  for (const name of variables) env[name] = String(await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'front-door-start-'));
  try {
    const stack = npm(['start', '--', '--data', dataDir], env);
    await stack.waitFor(/Local stack up/, 90_000);
    const urls = [...stack.output().matchAll(/^\S+(?: \S+)?\s+(https?:\/\/[^\s/]+\S*)\s/gm)].map(
      ([, url]) => url as string,
    );
    // The app, the identity provider, the mailbox and both regional environments.
    expect(urls, stack.output()).toHaveLength(variables.length);
    for (const name of variables) expect(urls.join(' ')).toContain(`:${env[name]}`);
    for (const url of urls) {
      const answer = await request.get(url);
      expect(answer.status(), `${url} answers`).toBeLessThan(400);
    }
  } finally {
    await Promise.all(running.splice(0).map((command) => command.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('npm run serve: as "Deploying" starts it, the printed URL answers with the app', async ({ request }) => {
  const port = await freePort();
  const serve = npm(['run', 'serve'], {
    BACKEND_URL: 'http://127.0.0.1:9',
    IDP_ORIGIN: 'https://login.example.com',
    PUBLIC_ORIGIN: `http://localhost:${port}`,
    PORT: String(port),
  });
  const [, url] = await serve.waitFor(/Serving \S+ at (https?:\/\/[^\s;,]+)/, 30_000);
  const answer = await request.get(url ?? '');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('text/html');
  // The app's prerendered first screen (`/`), not a directory listing or an error page.
  const html = await answer.text();
  expect(html).toContain('<div id="shell" data-prerendered="/">');
  expect(html).toMatch(/<h1[^>]*>Welcome<\/h1>/);
});
