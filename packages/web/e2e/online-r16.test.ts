// R16 online: a link game in which the captor places a captured queen. Two browsers play by
// clicks to White's capture of Black's queen (the shortest way from the start the engine
// finds); then White, the captor, picks the queen up and puts her down on Black's turn, while
// Black, her owner, cannot, and a watcher is told who chooses.

import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  ARTIFACTS,
  cellsWith,
  clickCell,
  describeInChromium,
  newContext,
  onlineMoves,
  onlineStatus,
  openApp,
  SLOW,
} from './browser.ts';
import { twoByLink } from './online-setup.ts';

/** What stands on a cell, as the board says it to a screen reader. */
const pieceOn = (page: Page, cell: string): Promise<string | null> =>
  page.locator(`[data-cell="${cell}"]`).getAttribute('aria-label');

describeInChromium('an R16 game between two browsers by link', (browser) => {
  it('lets the captor, and only the captor, choose where the captured queen goes', async () => {
    const { white, black, link } = await twoByLink(browser(), { phone: true, captor: true });
    const watcher = await (await newContext(browser())).newPage();
    await openApp(watcher, link);
    for (const page of [white, black, watcher]) {
      await expect
        .poll(() => page.getByTestId('game-kind').textContent(), SLOW)
        .toBe('captor places queen');
    }

    // White takes Black's queen on f10 in three turns.
    const turns = [
      [white, 'h9', 'g10'],
      [black, 'f11', 'f10'],
      [white, 'd9', 'e9'],
    ] as const;
    for (const [i, [page, from, to]] of turns.entries()) {
      await expect.poll(() => cellsWith(page, 'origin'), SLOW).toContain(from);
      await clickCell(page, from);
      await clickCell(page, to);
      for (const p of [white, black, watcher]) {
        await expect.poll(async () => (await onlineMoves(p)).length, SLOW).toBe(i + 1);
      }
    }

    // Black's turn, but White chooses: each page says so, and White's clock runs.
    await expect
      .poll(() => onlineStatus(white), SLOW)
      .toBe('You choose where Black’s queen goes: any empty cell.');
    await expect
      .poll(() => onlineStatus(black), SLOW)
      .toBe('White is choosing where your queen goes.');
    await expect
      .poll(() => onlineStatus(watcher), SLOW)
      .toContain('White chooses where Black’s queen goes.');
    await expect
      .poll(() => black.getByTestId('clock-white').getAttribute('class'), SLOW)
      .toContain('running');
    expect(await black.getByTestId('clock-black').getAttribute('class')).not.toContain('running');
    await white.screenshot({ path: `${ARTIFACTS}online-r16-captor-desktop.png` });
    await black.screenshot({ path: `${ARTIFACTS}online-r16-owner-phone.png` });

    // Black, the owner, cannot pick the queen up or put her anywhere.
    expect(await cellsWith(black, 'origin')).toEqual([]);
    await clickCell(black, 'f10');
    await clickCell(black, 'f6');
    await expect
      .poll(() => black.getByTestId('notice').textContent(), SLOW)
      .toContain('White is choosing where your queen goes.');
    expect(await cellsWith(black, 'selected')).toEqual([]);
    expect(await onlineMoves(black)).toHaveLength(3);

    // White, the captor, picks her up and puts her on e10, beside the guard that took her.
    await clickCell(white, 'f10');
    await expect.poll(() => cellsWith(white, 'selected')).toEqual(['f10']);
    await clickCell(white, 'e10');
    for (const page of [white, black, watcher]) {
      await expect.poll(async () => (await onlineMoves(page)).at(-1), SLOW).toBe('f10@e10');
      expect(await pieceOn(page, 'e10')).toMatch(/Black queen(?!, captured)/);
    }
    // The relocation was Black's turn: White moves next, on White's clock still.
    await expect.poll(() => onlineStatus(white), SLOW).toBe('Your move.');
    await expect.poll(() => onlineStatus(black), SLOW).toBe("Your opponent's move.");
    expect(await black.getByTestId('clock-white').getAttribute('class')).toContain('running');
  }, 180_000);
});
