/**
 * What a signed-out first visit fetches before the network is idle, file by file (a benchmark:
 * it prints figures). gzip -9 of the page and of each JS and CSS body, as the first-visit budget
 * counts them (decision 123: the page's inline CSS and script count like the files).
 *
 *   npx vite build --logLevel error
 *   npx tsx tests/bench/first-visit-bytes.ts [--paths /,/onboarding] [--dist dist]
 */
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../../playwright.config';
import { startTestStack } from '../support/stack';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return (i >= 0 ? args[i + 1] : undefined) ?? fallback;
};
const paths = arg('--paths', '/,/onboarding,/onboarding/register-practice,/invite-code').split(',');
const distDir = resolve(arg('--dist', join(import.meta.dirname, '../../dist')));

const stack = await startTestStack({ distDir, testHooks: false });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
});
try {
  for (const path of paths) {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    const files: Array<Promise<{ name: string; gz: number }>> = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!/\.(js|css)$/.test(url.pathname) && response.request().resourceType() !== 'document') return;
      files.push(
        response
          .body()
          .then((body) => ({ name: url.pathname, gz: gzipSync(body, { level: 9 }).length }))
          .catch(() => ({ name: url.pathname, gz: 0 })),
      );
    });
    await page.goto(new URL(path, stack.appUrl).href, { waitUntil: 'networkidle' });
    const html = await page.evaluate(() => document.documentElement.outerHTML.length);
    const list = (await Promise.all(files)).sort((a, b) => b.gz - a.gz);
    const total = list.reduce((sum, f) => sum + f.gz, 0);
    console.log(
      `\n${path}: ${(total / 1024).toFixed(1)} KB gz page+JS+CSS in ${list.length} files (DOM ${html} chars)`,
    );
    for (const f of list) console.log(`  ${(f.gz / 1024).toFixed(1).padStart(6)} KB  ${f.name}`);
    await context.close();
  }
} finally {
  await browser.close();
  await stack.dispose();
}
