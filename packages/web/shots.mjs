import { chromium } from 'playwright-core';

const base = 'http://127.0.0.1:3917';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const sizes = [
  ['desktop', 1280, 800, false],
  ['phone', 390, 844, true],
  ['small', 360, 640, true],
];
for (const scheme of ['light', 'dark']) {
  for (const [label, w, h, mobile] of sizes) {
    const mk = async () =>
      (
        await browser.newContext({
          viewport: { width: w, height: h },
          isMobile: mobile,
          hasTouch: mobile,
          colorScheme: scheme,
          locale: 'en-GB',
        })
      ).newPage();
    const a = await mk();
    const b = await mk();
    await a.goto(base + '/lobby');
    await b.goto(base + '/lobby');
    await a.getByTestId('pool-3+2').waitFor();
    await b.getByTestId('pool-3+2').waitFor();
    await a.waitForFunction(() => localStorage.getItem('agon.player'));
    const aid = await a.evaluate(() => JSON.parse(localStorage.getItem('agon.player')).id);
    await b.goto(base + '/p/' + aid);
    const btn = b.getByRole('button', { name: /^Challenge / });
    await btn.waitFor();
    await btn.click();
    await b.getByTestId('challenge-dialog').waitFor();
    await b.screenshot({ path: `/tmp/shots/dialog-${label}-${scheme}.png` });
    await b.getByRole('button', { name: 'Send the challenge' }).click();
    await a.getByTestId('incoming-challenge').waitFor({ timeout: 15000 });
    await a.screenshot({ path: `/tmp/shots/incoming-${label}-${scheme}.png`, fullPage: true });
    await b.getByTestId('outgoing-challenge').waitFor({ timeout: 15000 });
    await b.screenshot({ path: `/tmp/shots/outgoing-${label}-${scheme}.png` });
    await a.getByTestId('settings').click();
    await a.waitForTimeout(300);
    await a.screenshot({ path: `/tmp/shots/settings-${label}-${scheme}.png` });
    await a.context().close();
    await b.context().close();
  }
}
await browser.close();
console.log('ok');
