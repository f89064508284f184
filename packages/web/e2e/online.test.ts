// Online play in two Chromium pages: one creates a game and shares its link, the other opens
// it and takes the other seat; they play through clicks until the game ends.

import { Searcher } from '@agon/engine';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  ARTIFACTS,
  describeInChromium,
  newContext,
  openApp,
  playEngineTurn,
  SLOW,
  seeded,
  waitForTurn,
} from './browser.ts';
import { linkGame } from './online-setup.ts';

/** Moves in the page's online move list. */
const plies = (page: Page): Promise<number> =>
  page.locator('[data-testid="move-list"] .move:not(.empty)').count();

describeInChromium('a game between two browsers by link', (browser) => {
  it('creates a game, a second page joins by its link, and they play to the end', async () => {
    const white = await (await newContext(browser())).newPage();
    const black = await (await newContext(browser(), true)).newPage();
    const link = await linkGame(white);
    expect(link).toMatch(/\/g\/[a-z2-9]{10}$/);
    await expect
      .poll(() => white.getByTestId('online-status').textContent(), SLOW)
      .toContain('open the link');
    await white.screenshot({ path: `${ARTIFACTS}online-waiting-desktop.png` });

    await openApp(black, link);
    await expect
      .poll(() => black.getByTestId('online-status').textContent(), SLOW)
      .toContain("opponent's move");
    await expect.poll(() => white.getByTestId('share').count(), SLOW).toBe(0);
    // A third visitor only watches.
    const watcher = await (await newContext(browser())).newPage();
    await openApp(watcher, link);
    await expect
      .poll(() => watcher.getByTestId('online-status').textContent(), SLOW)
      .toContain('watching');

    // White plays at level 4 and Black at level 1, so the game ends in good time.
    const random = seeded(6);
    const searcher = new Searcher(4);
    let ply = 0;
    for (;;) {
      const [page, turn, level] =
        ply % 2 === 0 ? ([white, 'white', 4] as const) : ([black, 'black', 1] as const);
      if (await waitForTurn(page)) break;
      await playEngineTurn(page, searcher, turn, level, random);
      ply++;
      // The move reached the other side before the next turn is read off its board.
      const other = page === white ? black : white;
      await expect.poll(() => plies(other), SLOW).toBe(ply);
      if (ply === 6) await black.screenshot({ path: `${ARTIFACTS}online-play-phone.png` });
      expect(ply).toBeLessThan(400);
    }
    for (const page of [white, black, watcher]) {
      await page.getByTestId('result').waitFor();
      expect(await plies(page)).toBe(ply);
    }
    expect(await white.getByTestId('result').textContent()).toMatch(
      /throne|no legal move|third time/,
    );
    await white.screenshot({ path: `${ARTIFACTS}online-over-desktop.png` });
    await black.screenshot({ path: `${ARTIFACTS}online-over-phone.png` });
  }, 300_000);
});
