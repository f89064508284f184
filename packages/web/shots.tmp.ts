import { chromium } from 'playwright-core';
const url = process.env.URL ?? 'http://127.0.0.1:3100/';
const out = '/tmp/scratch/';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const phone of [false, true]) {
  const tag = phone ? 'phone' : 'desk';
  const ctx = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await page.goto(url);
  await page.waitForSelector('.cell.origin');
  await page.screenshot({ path: `${out}${tag}-1-first.png` });
  // load the capture position: Black (computer) to move
  await page.getByRole('button', { name: 'New game' }).click();
  await page.locator('input[name=level]').fill('10');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByRole('button', { name: 'Save / load' }).click();
  await page.getByTestId('paste').fill('6/G4G1/1gg5/5g3/7G2/1Q6G2/9q/9/gG4g1/1g5/3G2 b');
  await page.getByRole('button', { name: 'Load pasted text' }).click();
  await page.waitForTimeout(4000);
  console.log('status now', await page.getByTestId('status').textContent());
  await page.screenshot({ path: `${out}${tag}-debug.png` });
  await page.waitForSelector('.cell.selected', { timeout: 20000 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}${tag}-2-captured.png` });
  console.log(tag, 'status:', await page.getByTestId('status').textContent());
  const sel = await page.$$eval('.cell.selected', (els) => els.map((e) => e.getAttribute('data-cell')));
  console.log('selected', sel);
  await page.locator(`[data-cell="${sel[0]}"]`).click();
  console.log('after click selected', await page.$$eval('.cell.selected', (els) => els.map((e) => e.getAttribute('data-cell'))));
  const dests = await page.$$eval('.cell.dest', (els) => els.map((e) => e.getAttribute('data-cell')));
  console.log('dests', dests.length);
  await page.locator(`[data-cell="${dests[0]}"]`).click();
  await page.waitForTimeout(100);
  await page.screenshot({ path: `${out}${tag}-3-relocated.png` });
  console.log(tag, 'status:', await page.getByTestId('status').textContent());
  await ctx.close();
}
await browser.close();
