// The analysis board as a player reaches it: from a game's move list or its result, the engine
// thinking in its Worker with its best lines and White's chances, a line's move played by a
// click, a side line made on the board and promoted.

import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import {
  ARTIFACTS,
  describeInChromium,
  gameAction,
  loadText,
  moveList,
  newContext,
  openApp,
  runAxe,
} from './browser.ts';

/** A finished game: White's b1-a1 lets Black's c1-b1 leave White without a move (R12). */
const BLUNDERED = [
  '[Position "1g4/G1g4/g7/9/4GG4/4GQG3q/4Gg4/9/8/7/gg4 w"]',
  '',
  '1. b1-a1 c1-b1 0-1',
].join('\n');

const SLOW = { timeout: 30_000 };

// Clicks the review graph's left end (the start). Like a person, the click finds the graph
// where it is now, scrolled into view: it may lie below the fold, or move as the engine's
// lines above it come in.
async function clickGraphStart(page: Page): Promise<void> {
  const graph = page.getByTestId('review-graph');
  const { height } = (await graph.boundingBox())!;
  await graph.click({ position: { x: 2, y: height / 2 } });
}

describeInChromium('the analysis board', (browser) => {
  it('analyses a game from its move list: lines, chances, a line played, a side line promoted', async () => {
    for (const phone of [false, true]) {
      const page = await (await newContext(browser(), phone)).newPage();
      await openApp(page, inject('baseURL'));
      await page.locator('[data-cell="b1"]').click();
      await page.locator('[data-cell="c2"]').click();
      await expect.poll(() => moveList(page), SLOW).toHaveLength(2);
      const game = await moveList(page);
      await gameAction(page, 'Analyse');
      await page.getByTestId('analysis').waitFor();
      const study = page.getByTestId('study');
      expect(await study.textContent()).toBe(`1. ${game[0]}${game[1]}`);
      // The engine thinks in its Worker and reports lines as it deepens.
      await expect.poll(() => page.getByTestId('depth').textContent(), SLOW).toMatch(/Depth \d+/);
      const percent = Number(await page.getByTestId('eval-meter').getAttribute('value'));
      expect(percent).toBeGreaterThanOrEqual(0);
      expect(percent).toBeLessThanOrEqual(100);
      expect(await page.locator('[data-testid="lines"] li').count()).toBe(2);
      expect((await runAxe(page)).violations).toEqual([]);

      // A click on a line's first move plays it on the board.
      // The lines change as the engine deepens: read the move and click it in one step.
      const first = await page
        .locator('.line-move')
        .first()
        .evaluate((button) => {
          (button as HTMLElement).click();
          return button.textContent ?? '';
        });
      await expect.poll(() => study.textContent()).toContain(first);
      await expect
        .poll(async () =>
          (
            await page.$$eval('.cell.last', (els) => els.map((e) => e.getAttribute('data-cell')))
          ).sort(),
        )
        .toEqual(first.split('-').sort());

      // Back to the start of Black's reply, and another move: a side line. The computer
      // chooses its reply with some chance, so the other move is one it did not play.
      await page.getByTestId('analysis-back').click();
      await page.getByTestId('analysis-back').click();
      // As a person looks at the board before moving: it shows the position after 1. b1-c2.
      await expect
        .poll(() => page.getByTestId('analysis-apn').inputValue())
        .toBe('1g2G1/6g/1G6/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 b');
      const other = game[1] === 'a2-b2' ? 'a2-b3' : 'a2-b2';
      for (const cell of other.split('-')) await page.locator(`[data-cell="${cell}"]`).click();
      const side = page.getByTestId('variation');
      expect(await side.textContent()).toContain(other);
      // The study as AGN carries the side line in brackets after the move it replaces.
      const agn = await page.getByTestId('analysis-agn').inputValue();
      expect(agn).toContain(`1. b1-c2 ${game[1]} (1... ${other})`);
      await side.getByRole('button', { name: 'Make this the main line' }).click();
      // The page re-renders in the task after the click: wait for it, as a reader would.
      await expect.poll(() => study.textContent()).toMatch(new RegExp(`^1\\. b1-c2${other}`));
      expect(await page.getByTestId('variation').textContent()).toContain(game[1]);

      if (!phone) {
        // The review: each position searched in the Worker, then a summary, a graph and a
        // table; kept, so that a reload shows it without searching again.
        await page.getByRole('button', { name: 'Review the game' }).click();
        await page.getByTestId('review-summary').waitFor(SLOW);
        expect(await page.getByTestId('review-summary').textContent()).toMatch(
          /White:.*of the winning chances on average/,
        );
        expect(await page.getByTestId('review-graph').count()).toBe(1);
        expect(await page.locator('[data-testid="review-table"] tbody tr').count()).toBe(2);
        expect((await runAxe(page)).violations).toEqual([]);
        // A click on the graph's left end goes to the start.
        await clickGraphStart(page);
        await expect
          .poll(() => page.getByTestId('analysis-apn').inputValue())
          .toBe('1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 w');
        await page.reload();
        await page.getByTestId('review-summary').waitFor();
        expect(await page.getByRole('button', { name: 'Review the game' }).count()).toBe(0);
        // The AGN written before the promotion reads back with its side line.
        // The records are folded away under their disclosure.
        await page.getByText('Position and record (APN, AGN)').click();
        await page.getByTestId('analysis-paste').fill(agn);
        await page.getByRole('button', { name: 'Analyse', exact: true }).click();
        await expect
          .poll(() => page.getByTestId('study').textContent())
          .toBe(`1. ${game[0]}${game[1]}(${other}↑×)2. ${first}`);
        // Another position, pasted as APN, and text that is neither.
        await page
          .getByTestId('analysis-paste')
          .fill('1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 b');
        await page.getByRole('button', { name: 'Analyse', exact: true }).click();
        await expect.poll(() => page.getByTestId('study').textContent()).toBe('');
        await page.getByTestId('analysis-paste').fill('1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1');
        await page.getByRole('button', { name: 'Analyse', exact: true }).click();
        expect(await page.getByRole('alert').textContent()).toContain('not a valid position');
      }
      await page.context().close();
    }
  });

  it('analyses an imported R16 record under its rule, a pasted position under R10', async () => {
    // Black owes her captured queen's relocation; White's ring round the throne lacks g6.
    const position = '3g2/7/7g/3q*5/4GG3g/4GQG4/4G3g1/g3G4/7g/7/6 b';
    const page = await (await newContext(browser())).newPage();
    await page.goto(`${inject('baseURL')}#analysis`);
    await page.getByTestId('analysis').waitFor();
    const firstMove = () => page.locator('.line-move').first().textContent();
    await page.getByText('Position and record (APN, AGN)').click();
    // R10: the owner blocks the ring with her queen.
    await page.getByTestId('analysis-paste').fill(position);
    await page.getByRole('button', { name: 'Analyse', exact: true }).click();
    await expect.poll(firstMove, SLOW).toBe('d4@g6');
    // R16: the captor, White, sends her elsewhere and closes the ring with h5-g6.
    await page
      .getByTestId('analysis-paste')
      .fill(`[QueenPlacement "Captor"]\n[Position "${position}"]\n\n*`);
    await page.getByRole('button', { name: 'Analyse', exact: true }).click();
    const bestLine = async () =>
      (
        await page
          .locator('[data-testid="lines"] li')
          .first()
          .locator('.line-move')
          .allTextContents()
      )
        .slice(0, 2)
        .join(' ');
    await expect.poll(bestLine, SLOW).toMatch(/^d4@[a-l]\d+ h5-g6$/);
    expect(await firstMove()).not.toBe('d4@g6');
    expect(await page.getByTestId('analysis-agn').inputValue()).toContain(
      '[QueenPlacement "Captor"]',
    );
    await page.context().close();
  });

  it('reviews a finished game: the blunder marked, the graph and table lead to it, the better move shown', async () => {
    const page = await (await newContext(browser())).newPage();
    await openApp(page, inject('baseURL'));
    await loadText(page, BLUNDERED);
    await page.getByTestId('result').getByRole('button', { name: 'Analyse the game' }).click();
    await page.getByTestId('analysis').waitFor();
    await page.getByRole('button', { name: 'Review the game' }).click();
    const summary = page.getByTestId('review-summary');
    await summary.waitFor(SLOW);
    expect(await summary.textContent()).toMatch(/White:.*blunders: 1/);
    expect(await page.locator('.study .move.blunder').textContent()).toBe('1. b1-a1??');
    // The graph's left end is the start; the table's row goes to the blunder.
    await clickGraphStart(page);
    // The page re-renders in the task after the click: wait for it, as a reader would.
    await expect
      .poll(() => page.getByTestId('analysis-apn').inputValue())
      .toBe('1g4/G1g4/g7/9/4GG4/4GQG3q/4Gg4/9/8/7/gg4 w');
    await page.getByText('The review as a table').click();
    await page.getByTestId('review-table').getByRole('button', { name: 'b1-a1' }).click();
    const here = page.getByTestId('review-here');
    await expect
      .poll(() => here.textContent())
      .toMatch(/b1-a1 is a blunder\. Best was (b1-c2|b1-b2)/);
    await here.getByRole('button', { name: 'Show the better move' }).click();
    await expect.poll(() => page.getByTestId('variation').count(), SLOW).toBe(1);
    expect(await page.getByTestId('variation').textContent()).toMatch(/^\(1\. (b1-c2|b1-b2)/);
    await page.screenshot({ path: `${ARTIFACTS}review-desktop.png` });
    await page.context().close();
  });

  it('opens from the result of a game, at its end', async () => {
    const page = await (await newContext(browser())).newPage();
    await openApp(page, inject('baseURL'));
    await page.getByRole('button', { name: 'Resign' }).click();
    await page.getByRole('button', { name: 'Really resign?' }).click();
    await page.getByTestId('result').getByRole('button', { name: 'Analyse the game' }).click();
    await page.getByTestId('analysis').waitFor();
    await expect.poll(() => page.getByTestId('depth').textContent(), SLOW).toMatch(/Depth \d+/);
    expect(await page.getByTestId('analysis-apn').inputValue()).toBe(
      '1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 w',
    );
    await page.context().close();
  });
});
