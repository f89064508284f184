// The game page's computer runs only while the game page is shown: the lobby and the puzzle
// page, opened with a stored game where it is the computer's turn, start no engine and leave
// the game as it was; the game page then lets the computer move, and leaving it for the rules
// ends the engine until the game is shown again.

import { Game, makeAgn, startPosition } from '@agon/engine';
import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { DEFAULT_SETUP } from '../src/play/setup.ts';
import {
  describeInChromium,
  goToPage,
  moveList,
  newContext,
  playTurn,
  seeded,
  waitForTurn,
} from './browser.ts';
import { GAME_KEY, seedStorage } from './visual.ts';

const SLOW = { timeout: 20_000 };

/** The person plays Black at level 3: the computer, White, is to move from the start. */
const COMPUTER_TO_MOVE = JSON.stringify({
  setup: { ...DEFAULT_SETUP, human: 'black', side: 'black' },
  agn: makeAgn(new Game(startPosition('standard')), new Map()),
});

const storedGame = (page: Page): Promise<string | null> =>
  page.evaluate((key) => localStorage.getItem(key), GAME_KEY);

describeInChromium('the computer’s engine', (browser) => {
  it('runs on the game page only, and its stored game waits for it there', async () => {
    const context = await newContext(browser());
    await seedStorage(context, { [GAME_KEY]: COMPUTER_TO_MOVE });
    const page = await context.newPage();

    await page.goto(new URL('/lobby', inject('baseURL')).href);
    await expect.poll(() => page.getByTestId('pool-3+2').isEnabled(), SLOW).toBe(true);
    expect(page.workers()).toEqual([]);
    expect(await storedGame(page)).toBe(COMPUTER_TO_MOVE);

    await page.getByTestId('page-puzzles').click();
    await expect
      .poll(() => page.getByTestId('puzzle-status').textContent(), SLOW)
      .toBe('Find the best move.');
    await page.locator('.cell.origin').first().waitFor();
    expect(page.workers()).toEqual([]);
    expect(await storedGame(page)).toBe(COMPUTER_TO_MOVE);

    // The game page: the computer's engine starts, and it makes its first move.
    await page.getByTestId('page-play').click();
    await expect.poll(() => moveList(page), SLOW).toHaveLength(1);
    expect(page.workers()).toHaveLength(1);
    await waitForTurn(page);

    // Left for the rules while the computer answers: its engine ends, and the game waits.
    await playTurn(page, seeded(7));
    await goToPage(page, 'rules');
    await page.getByTestId('rules').waitFor();
    await expect.poll(() => page.workers().length, SLOW).toBe(0);
    await goToPage(page, 'play');
    await expect.poll(() => moveList(page), SLOW).toHaveLength(3);
    expect(page.workers()).toHaveLength(1);
    await context.close();
  });
});
