import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the local stack. The stack is started by the
 * tests themselves on free ports (tests/support/stack.ts, with the e2e defaults of
 * tests/e2e/fixtures.ts); the app is built once first (tests/e2e/global-setup.ts). Nothing here
 * downloads a browser.
 */
/**
 * The features Playwright 1.65 disables itself (playwright-core's chromiumSwitches.ts), and ours:
 * Chromium 156 preloads its omnibox popup (two WebUI pages in a renderer of their own) for every
 * new window, that is for every page a test opens: about 1.7 CPU-seconds each on two cores, a third
 * of the e2e stage's CPU. The pages under test never see the address bar; Chromium 150 has no
 * such preload and ignores names it does not know (decision 140).
 */
export const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
const disabledFeatures = [
  ...playwrightDisabledFeatures,
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'PreloadTopChromeWebUI',
  // No spare renderer started ahead for the next new site: every test opens a new context, and
  // the spare of the last one is thrown away with it (decision 140).
  'SpareRendererForSitePerProcess',
];

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // One --disable-features: Chromium keeps only the last one given, so ours repeats Playwright's
  // own (tests/contract/chromium-args.test.ts fails when Playwright's list changes).
  `--disable-features=${disabledFeatures.join(',')}`,
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  // Three workers on two cores (decision 140's amendment): much of a test's time is waiting (the
  // network cuts, timeouts, reconnects), which a third worker overlaps. E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS) || 3,
  // One retry on CI only: a test that passes on its retry is reported as flaky in the list (decision 140).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
    // A failed test keeps its trace and a screenshot in test-results/ (`npx playwright show-trace`).
    // The trace keeps what costs little (actions, DOM snapshots, network) and not the screencast,
    // which encodes frames all through every test (decision 140); the final screenshot of a failure
    // is still taken. Locally every test records it and drops it when it passes; on CI, where a
    // failure is retried once and nobody opens test-results/ of the clean clone, only the retry
    // records it: 3–5 % of the stage's CPU (decision 140).
    trace: { mode: process.env.CI ? 'on-first-retry' : 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    video: 'off',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
});
