import { expect, inject, it } from 'vitest';
import { ARTIFACTS, describeInChromium, newContext, openApp } from './browser.ts';

describeInChromium('a game against the computer', (browser) => {
  it('opens on a board ready to play White at level 3, on desktop and phone', async () => {
    for (const phone of [false, true]) {
      const context = await newContext(browser(), phone);
      const page = await context.newPage();
      await openApp(page, inject('baseURL'));
      await expect.poll(() => page.locator('[data-piece]').count()).toBe(14);
      await expect
        .poll(() => page.locator('[data-piece="white-queen"]').getAttribute('data-at'))
        .toBe('f1');
      await expect.poll(() => page.locator('.cell.origin').count()).toBeGreaterThan(0);
      await expect
        .poll(async () => (await page.locator('.player-card').allTextContents()).join())
        .toContain('level 3');
      await page.screenshot({ path: `${ARTIFACTS}start-${phone ? 'phone' : 'desktop'}.png` });
      await context.close();
    }
  });
});
