import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run viewer` (issue 24: "prints a URL that answers 404"): every URL the dev server prints
 * answers, before and after `npm run atlas` made build/atlas (serve-plugin.ts, decision 130).
 */
const configFile = join(import.meta.dirname, 'vite.config.ts');
let server: ViteDevServer;
const printed: string[] = [];
const atlasDir = mkdtempSync(join(tmpdir(), 'viewer-atlas-'));

beforeAll(async () => {
  process.env.VIEWER_ATLAS_DIR = join(atlasDir, 'atlas');
  server = await createServer({
    configFile,
    logLevel: 'info',
    customLogger: {
      info: (msg: string) => printed.push(msg),
      warn: () => undefined,
      warnOnce: () => undefined,
      error: () => undefined,
      clearScreen: () => undefined,
      hasErrorLogged: () => false,
      hasWarned: false,
    },
    server: { port: 0, host: '127.0.0.1', strictPort: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  await server.listen();
  server.printUrls();
}, 60_000);

afterAll(async () => {
  await server?.close();
  delete process.env.VIEWER_ATLAS_DIR;
  rmSync(atlasDir, { recursive: true, force: true });
});

const urlsPrinted = () => [
  ...new Set(
    printed
      .join('\n')
      .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
      .match(/https?:\/\/[^\s)]+/g) ?? [],
  ),
];

describe('npm run viewer', () => {
  it('prints the viewer and the atlas, and every URL it prints answers', async () => {
    const urls = urlsPrinted();
    expect(urls.some((u) => u.endsWith('/viewer/'))).toBe(true);
    expect(urls.some((u) => u.endsWith('/atlas-photos/'))).toBe(true);
    for (const url of urls) {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      if (!url.includes('atlas')) expect(await response.text(), url).toContain('State-chart viewer');
    }
    // Before `npm run atlas`: the atlas address says how to make it; the viewer's manifest says "none".
    const atlasUrl = urls.find((u) => u.endsWith('/atlas-photos/')) ?? '';
    expect(await (await fetch(atlasUrl)).text()).toContain('npm run atlas');
    expect(await (await fetch(`${atlasUrl}shots.json`)).json()).toEqual({ machines: null });
  });

  it('serves the atlas once it exists', async () => {
    mkdirSync(join(atlasDir, 'atlas', 'shots'), { recursive: true });
    writeFileSync(join(atlasDir, 'atlas', 'index.html'), '<!doctype html><title>Screen atlas</title>');
    writeFileSync(join(atlasDir, 'atlas', 'shots.json'), '{"machines":{}}');
    const atlasUrl = urlsPrinted().find((u) => u.endsWith('/atlas-photos/')) ?? '';
    const page = await fetch(atlasUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Screen atlas</title>');
    expect(await (await fetch(`${atlasUrl}shots.json`)).json()).toEqual({ machines: {} });
    expect((await fetch(`${atlasUrl}shots/none.png`)).status).toBe(404);
  });
});
