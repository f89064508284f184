// A whole game against the computer at level 1, played through clicks, with screenshots.

import { Searcher } from '@agon/engine';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ARTIFACTS,
  HAVE_CHROMIUM,
  launch,
  newContext,
  openApp,
  playEngineTurn,
  seeded,
  waitForTurn,
} from './browser.ts';

describe.skipIf(!HAVE_CHROMIUM)('a game against the computer', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens on a board ready to play White at level 3, on desktop and phone', async () => {
    for (const phone of [false, true]) {
      const context = await newContext(browser, phone);
      const page = await context.newPage();
      await openApp(page, inject('baseURL'));
      expect(await page.locator('[data-piece]').count()).toBe(14);
      expect(await page.locator('[data-piece="white-queen"]').getAttribute('data-at')).toBe('f1');
      await expect.poll(() => page.locator('.cell.origin').count()).toBeGreaterThan(0);
      expect(await page.locator('.subtitle').textContent()).toContain('level 3');
      await page.screenshot({ path: `${ARTIFACTS}start-${phone ? 'phone' : 'desktop'}.png` });
      await context.close();
    }
  });

  it('plays a whole game against level 1 through clicks until it ends', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await openApp(page, inject('baseURL'));
    await page.getByRole('button', { name: 'New game' }).click();
    await page.locator('input[name=level]').fill('1');
    await page.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => page.locator('.subtitle').textContent()).toContain('level 1');
    // The person's turns are chosen by the engine at level 4, so the game ends in good time.
    const random = seeded(7);
    const searcher = new Searcher(4);
    let turns = 0;
    while (!(await waitForTurn(page))) {
      await playEngineTurn(page, searcher, 'white', 4, random);
      turns++;
      expect(turns).toBeLessThan(300);
    }
    const reason = await page.getByTestId('result-reason').textContent();
    expect(reason).toMatch(/R11|R12|R13/);
    await page.screenshot({ path: `${ARTIFACTS}game-over-desktop.png` });
    await context.close();
  }, 300_000);
});
