import { chromium, type Page } from '@playwright/test';
import { chromiumArgs } from '../../playwright.config';
import { expect, test } from './fixtures';

/**
 * A browser that cannot run the app is told so on its first screen, plainly, with what to use
 * instead (src/prerender/browser-notices.tsx, the shell guard's item 0): one that lacks a feature
 * the app needs, one that cannot parse the app's code, and one with JavaScript off. None of them
 * is left with a screen whose buttons do nothing.
 */

const unsupportedTitle = 'This browser cannot run Practice Portal';
const whatInstead = /Open this page in a recent version of Chrome, Edge, Firefox or Safari/;

/** The app's code (scripts of the origin's /assets/) requested by the page. */
function watchAppCode(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/[^/]+\.js(\?|$)/.test(request.url())) requested.push(request.url());
  });
  return requested;
}

test('a browser without a feature the app needs: the message instead of the screen, and no app code asked for', async ({
  page,
}) => {
  // A browser from before ES2022: no Object.hasOwn.
  await page.addInitScript(() => {
    delete (Object as { hasOwn?: unknown }).hasOwn;
  });
  const appCode = watchAppCode(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: unsupportedTitle })).toBeVisible();
  await expect(page.getByText(whatInstead)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-browser', 'unsupported');
  // The signed-out screen, whose buttons could not act here, is not shown.
  await expect(page.getByRole('button', { name: 'Sign in with Email' })).toBeHidden();
  await page.waitForTimeout(1000);
  expect(appCode).toEqual([]);
  // The same on an address without a prerendered screen (the SPA fallback).
  await page.goto('/switch-practice');
  await expect(page.getByRole('heading', { level: 1, name: unsupportedTitle })).toBeVisible();
});

test('a browser that cannot parse the app code: the message, no reload', async ({ page, consoleErrors }) => {
  // The entry answers with code this browser "cannot parse", as Safari before 16.4 cannot parse a
  // class static block.
  await page.route(/\/assets\/index-[^/]+\.js(\?|$)/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'export const broken = ;' }),
  );
  let documents = 0;
  page.on('domcontentloaded', () => {
    documents += 1;
  });
  await page.goto('/onboarding');
  await expect(page.getByRole('heading', { level: 1, name: unsupportedTitle })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your practice' })).toBeHidden();
  await expect(page.locator('#boot-failed')).toBeHidden();
  await page.waitForTimeout(1000);
  expect(documents).toBe(1);
  // The browser's own report of the code it could not parse, and nothing else.
  expect(consoleErrors).toEqual([expect.stringMatching(/^pageerror: Unexpected token/)]);
  consoleErrors.length = 0;
});

test('JavaScript off: the page says JavaScript is needed', async ({ baseURL }) => {
  // JavaScript off in the browser's own settings: Playwright's `javaScriptEnabled: false` stops
  // scripts but still parses <noscript> as if they ran, which no browser with JavaScript off does.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...chromiumArgs, '--blink-settings=scriptEnabled=false'],
  });
  try {
    const page = await browser.newPage({ baseURL });
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Practice Portal needs JavaScript' }),
    ).toBeVisible();
    // What is rendered (Playwright's text queries skip <noscript> content).
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, not the hidden nodes' too
    const shown = await page.locator('body').innerText();
    expect(shown).toContain("Turn on JavaScript in your browser's settings, then reload this page.");
    expect(shown).not.toContain(unsupportedTitle);
    expect(shown).not.toContain('Sign in with Email');
  } finally {
    await browser.close();
  }
});
