import { chromium } from '@playwright/test';
import { chromiumArgs } from '../../playwright.config';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...chromiumArgs, ...(process.env.WS ? [`--window-size=${process.env.WS}`] : [])] });
try {
  for (const top of (process.env.TOPS ?? '690').split(',').map(Number)) {
  const context = await browser.newContext(process.env.NOVP ? { viewport: null } : { viewport: { width: 390, height: Number(process.env.VH ?? 844) } });
  await context.addInitScript(`(() => { window.__ev = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.interactionId) window.__ev.push(e.name + ':' + e.duration); }).observe({ type: 'event', buffered: true, durationThreshold: 16 }); })()`);
  const page = await context.newPage(); if (process.env.NOVP) console.log(await page.evaluate('innerWidth+"x"+innerHeight+" screen "+screen.width+"x"+screen.height'));
  if (process.env.GROW) { const cdp = await context.newCDPSession(page); const { windowId, bounds } = (await cdp.send('Browser.getWindowForTarget')) as { windowId: number; bounds: unknown }; console.log('bounds', JSON.stringify(bounds)); await cdp.send('Browser.setWindowBounds', { windowId, bounds: { height: Number(process.env.GROW) } }); console.log(JSON.stringify((await cdp.send('Browser.getWindowForTarget')).bounds), await page.evaluate('innerWidth+"x"+innerHeight')); }
  await page.setContent(`<!doctype html><html><head>${process.env.HEAD ?? ''}</head><body><div style="height:${top}px"></div><input id=a style="height:36px;width:300px"><div style="height:900px"></div><input id=b></body></html>`);
  await page.waitForTimeout(500);
  await page.click('#a');
  await page.keyboard.type('0412345678', { delay: 150 });
  await page.waitForTimeout(1500);
  const before = await page.evaluate('JSON.stringify(window.__ev)');
  await page.click('#b');
  await page.waitForTimeout(1000);
  console.log(top, 'before', before, 'after', await page.evaluate('JSON.stringify(window.__ev)'));
  await context.close();
  }
} finally { await browser.close(); }
