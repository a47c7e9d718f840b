import type { BrowserContext, Page, WebSocketRoute } from '@playwright/test';
import { seedAccounts } from '../../server/seed';
import { expect, it, signInWithSocial } from './stack-support';

/**
 * F1 on any tree: signed in with the live connection up, the network cut for 10 s. The page must
 * show 'Reconnecting…' and never the router's raw "Something went wrong!", and recover.
 * (A copy of the case in tests/e2e/faults.spec.ts, self-contained so it runs on older trees.)
 */
it('F1: network cut for 10 s signed in never shows the raw error screen', async ({
  page,
  context,
  consoleErrors,
}) => {
  it.setTimeout(90_000);
  const seen: string[] = [];
  await context.exposeBinding('__f1Raw', (_s, where: string) => void seen.push(where));
  await context.addInitScript(() => {
    const report = (window as unknown as { __f1Raw(w: string): void }).__f1Raw;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Something went wrong!')) report(location.href);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const network = await controllableNetwork(page, context);
  await page.goto('/');
  await signInWithSocial(
    page,
    'Sign in with Microsoft',
    'Microsoft',
    seedAccounts.windowslive.email,
    'Emma Clarke',
  );
  await expect(page).toHaveURL(/\/switch-practice$/, { timeout: 20_000 });
  await expect(page.getByTestId('practice-card')).toHaveCount(2);

  await network.cut();
  await page.waitForTimeout(10_000);
  await network.restore();
  expect(seen, 'the raw "Something went wrong!" screen appeared').toEqual([]);
  await expect(page.getByTestId('practice-card')).toHaveCount(2);
  // The browser's own lines for requests made while offline.
  const own = consoleErrors.filter((e) => !/^Failed to load resource: net::ERR_/.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...own);
});

async function controllableNetwork(page: Page, context: BrowserContext) {
  const sockets = new Set<WebSocketRoute>();
  let offline = false;
  await page.routeWebSocket(/\/sockets\/appstate/, (ws) => {
    if (offline) {
      void ws.close({ code: 1006 });
      return;
    }
    ws.connectToServer();
    sockets.add(ws);
  });
  return {
    async cut() {
      offline = true;
      await context.setOffline(true);
      for (const ws of sockets) await ws.close({ code: 4000, reason: 'network lost' });
      sockets.clear();
    },
    async restore() {
      offline = false;
      await context.setOffline(false);
    },
  };
}
