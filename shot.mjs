import { chromium } from 'playwright-core';
const [url, out, w, h, click] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const p = await b.newPage({ viewport: { width: Number(w), height: Number(h) } });
const errs = [];
p.on('console', m => { if (m.type()==='error') errs.push(m.text()); });
await p.goto(url);
await p.waitForTimeout(4000);
if (click) { await p.getByTestId('chart').focus(); for (const k of click.split(',')) await p.keyboard.press(k); await p.waitForTimeout(500); }
await p.screenshot({ path: out });
console.log(await p.evaluate(() => [document.documentElement.scrollWidth, innerWidth]), errs);
await b.close();
