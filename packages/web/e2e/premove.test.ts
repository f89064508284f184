// Premoves online, in two Chromium pages playing a link game: Black, waiting for White, clicks
// a piece and then a cell to queue a premove, sees it on the board, and has it played the moment
// White's move arrives; a premove taken back (its piece clicked again, Escape, a right click, the
// Cancel control) or no longer legal when the turn comes is not played. Under R16 a premove that
// captures the queen is only the step: the captor then chooses her cell as usual.

import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  ARTIFACTS,
  cellsWith,
  clickCell,
  describeInChromium,
  onlineMoves,
  onlineStatus,
  SLOW,
} from './browser.ts';
import { twoByLink } from './online-setup.ts';

/** The cells of the premove drawn on the board, sorted. */
const premoveCells = async (page: Page): Promise<string[]> =>
  (await cellsWith(page, 'premove')).sort();

/**
 * How many notes of a queued premove the page shows. The board redraws within the click or the
 * key, the note with the page's next render: a premove taken back leaves the board first.
 */
const premoveNotes = (page: Page): Promise<number> => page.getByTestId('premove').count();

/** A link game, White on one page and Black on another, both seated; R16 with `captor`. */
async function startGame(
  browser: Parameters<Parameters<typeof describeInChromium>[1]>[0],
  captor = false,
): Promise<{ white: Page; black: Page }> {
  const { white, black } = await twoByLink(browser(), { captor });
  await expect.poll(() => onlineStatus(black), SLOW).toContain("opponent's move");
  await expect.poll(() => cellsWith(white, 'origin'), SLOW).toContain('h9');
  return { white, black };
}

/** White, whose turn it is, clicks a piece and then a cell. */
async function whiteMoves(white: Page, from: string, to: string): Promise<void> {
  await expect.poll(() => cellsWith(white, 'origin'), SLOW).toContain(from);
  await clickCell(white, from);
  await clickCell(white, to);
}

describeInChromium('premoves in an online game', (browser) => {
  it('plays a queued premove the moment the opponent’s move arrives', async () => {
    const { white, black } = await startGame(browser);
    await clickCell(black, 'f11');
    await clickCell(black, 'f10');
    await expect.poll(() => premoveCells(black), SLOW).toEqual(['f10', 'f11']);
    await expect
      .poll(() => black.getByTestId('premove').textContent(), SLOW)
      .toContain('Premove f11-f10 queued');
    expect(await black.locator('[data-cell="f10"]').getAttribute('aria-label')).toContain(
      'queued premove',
    );
    // Nothing was sent: White still sees no move.
    expect(await onlineMoves(white)).toEqual([]);
    await black.screenshot({ path: `${ARTIFACTS}premove-queued-desktop.png` });

    await whiteMoves(white, 'h9', 'g10');
    for (const page of [white, black]) {
      await expect.poll(() => onlineMoves(page), SLOW).toEqual(['h9-g10', 'f11-f10']);
    }
    await expect.poll(() => premoveCells(black), SLOW).toEqual([]);
    await expect.poll(() => premoveNotes(black), SLOW).toBe(0);
    await expect.poll(() => onlineStatus(black), SLOW).toContain("opponent's move");
    await expect.poll(() => onlineStatus(white), SLOW).toContain('Your move');
  });

  it('takes a premove back by a click on its piece, Escape, a right click or Cancel, and drops one no longer legal', async () => {
    const { white, black } = await startGame(browser);
    const queue = async (): Promise<void> => {
      await clickCell(black, 'b7');
      await clickCell(black, 'c7');
      await expect.poll(() => premoveCells(black), SLOW).toEqual(['b7', 'c7']);
    };
    const gone = async (): Promise<void> => {
      await expect.poll(() => premoveCells(black), SLOW).toEqual([]);
      await expect.poll(() => premoveNotes(black), SLOW).toBe(0);
    };
    await queue();
    await clickCell(black, 'b7');
    await gone();
    // Clicking the piece again took the premove back without picking the piece up.
    expect(await cellsWith(black, 'selected')).toEqual([]);
    await queue();
    await black.keyboard.press('Escape');
    await gone();
    await queue();
    await black.locator('[data-cell="e5"]').click({ button: 'right' });
    await gone();
    await queue();
    await black.getByRole('button', { name: 'Cancel the premove' }).click();
    await gone();

    // A premove onto the cell White's move then takes is dropped without a word.
    await clickCell(black, 'f11');
    await clickCell(black, 'g10');
    await expect.poll(() => premoveCells(black), SLOW).toEqual(['f11', 'g10']);
    await whiteMoves(white, 'h9', 'g10');
    await expect.poll(() => onlineMoves(black), SLOW).toEqual(['h9-g10']);
    await gone();
    await expect.poll(() => onlineStatus(black), SLOW).toContain('Your move');
    expect(await black.getByTestId('notice').count()).toBe(0);
    expect(await onlineMoves(white)).toEqual(['h9-g10']);
  });

  it('premoves only the step that captures the queen under R16: the captor then chooses her cell', async () => {
    const { white, black } = await startGame(browser, true);
    await whiteMoves(white, 'h9', 'g10');
    await expect.poll(() => onlineMoves(black), SLOW).toEqual(['h9-g10']);
    // White queues the capture of Black's queen while Black thinks.
    await expect.poll(() => onlineStatus(white), SLOW).toContain("opponent's move");
    await clickCell(white, 'd9');
    await clickCell(white, 'e9');
    await expect.poll(() => premoveCells(white), SLOW).toEqual(['d9', 'e9']);
    await clickCell(black, 'f11');
    await clickCell(black, 'f10');
    for (const page of [white, black]) {
      await expect.poll(() => onlineMoves(page), SLOW).toEqual(['h9-g10', 'f11-f10', 'd9-e9']);
    }
    await expect
      .poll(() => onlineStatus(white), SLOW)
      .toBe('You choose where Black’s queen goes: any empty cell.');
    await expect.poll(() => cellsWith(white, 'selected'), SLOW).toEqual(['f10']);
    await clickCell(white, 'a1');
    await expect
      .poll(() => onlineMoves(black), SLOW)
      .toEqual(['h9-g10', 'f11-f10', 'd9-e9', 'f10@a1']);
  });
});
