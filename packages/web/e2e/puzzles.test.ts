// The puzzle page as a person uses it: a puzzle solved by clicking each piece and then its
// cell, the opponent's reply awaited on the board; a wrong move refuted and explained, then
// Retry and the solve; the rating moving after each; the same by taps at phone size; and the
// set kept out of the first page's load.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  acceptsMove,
  cellName,
  type Move,
  moveFrom,
  moveKind,
  moveTo,
  PLACEMENT,
  type PuzzleLine,
  parsePuzzleSet,
  replayPuzzle,
} from '@agon/engine';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { arrowTo, describeInChromium, focusedCell, newContext, tabTo } from './browser.ts';

const SET = fileURLToPath(new URL('../../puzzles/puzzles.json', import.meta.url));
const DIST = fileURLToPath(new URL('../dist', import.meta.url));

/** The shipped set's puzzles, replayed. */
function lines(): PuzzleLine[] {
  const set = parsePuzzleSet(readFileSync(SET, 'utf8'));
  if (!set.ok) throw new Error(set.error.message);
  return set.value.puzzles.map((p) => {
    const line = replayPuzzle(p);
    if (!line.ok) throw new Error(line.error.message);
    return line.value;
  });
}

/** A puzzle of two or more of the solver's moves (so a reply is awaited), the first such. */
function longPuzzle(): PuzzleLine {
  const found = lines().find((l) => l.moves.length >= 3);
  if (!found) throw new Error('the set has no puzzle of two moves or more');
  return found;
}

/** A legal first move that does not solve the puzzle's first step. */
function wrongMove(line: PuzzleLine): Move {
  const pos = line.start();
  const wrong = pos.legalMoves().find((m) => !acceptsMove(line, 0, pos, m));
  if (wrong === undefined) throw new Error(`${line.puzzle.id}: every first move solves it`);
  return wrong;
}

const status = (page: Page) => page.getByTestId('puzzle-status');
const rating = async (page: Page) => Number(await page.getByTestId('puzzle-rating').textContent());

/** How a person makes a move: clicks, taps, or arrows and Enter on the board. */
type Hands = 'click' | 'tap' | 'keys';

/** Picks up the piece, then puts it on its cell, as a person makes a move. */
async function makeMove(page: Page, move: Move, hands: Hands): Promise<void> {
  const cells = moveKind(move) === PLACEMENT ? [moveTo(move)] : [moveFrom(move), moveTo(move)];
  for (const cell of cells) {
    if (hands === 'keys') {
      await arrowTo(page, cellName(cell));
      await page.keyboard.press('Enter');
      continue;
    }
    const target = page.locator(`[data-cell="${cellName(cell)}"]`);
    if (hands === 'tap') await target.tap();
    else await target.click();
  }
}

/** Plays the solver's moves of `line`, each reply awaited on the board. */
async function solve(page: Page, line: PuzzleLine, hands: Hands = 'click'): Promise<void> {
  for (let i = 0; i < line.moves.length; i += 2) {
    await makeMove(page, line.moves[i]!, hands);
    if (i === line.moves.length - 1) break;
    await expect.poll(() => status(page).textContent()).toBe('Good move. Keep going.');
    // The reply has landed when the list holds it and the board may be played again.
    await expect
      .poll(() => page.locator('[data-testid="move-list"] .move:not(.empty)').count())
      .toBe(i + 2);
    await page.locator('.cell.origin').first().waitFor();
  }
  await expect.poll(() => status(page).textContent()).toBe('Solved!');
}

/** A fresh browser context on `line`'s page, once the puzzle is ready to solve. */
async function openPuzzle(
  browser: Browser,
  line: PuzzleLine,
  phone = false,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, phone);
  const page = await context.newPage();
  await page.goto(new URL(`/puzzles/${line.puzzle.id}`, inject('baseURL')).href);
  await expect.poll(() => status(page).textContent()).toBe('Find the best move.');
  return { context, page };
}

describeInChromium('puzzles', (browser) => {
  it('solves a puzzle by clicks, and the rating goes up', async () => {
    const line = longPuzzle();
    const { context, page } = await openPuzzle(browser(), line);
    const side = line.solver === 'white' ? 'White' : 'Black';
    expect(await page.getByTestId('puzzle-task').textContent()).toContain(`${side} to move`);
    expect(await rating(page)).toBe(1500);
    await solve(page, line);
    expect(await rating(page)).toBeGreaterThan(1500);
    expect(await page.getByTestId('rating-change').textContent()).toMatch(/^\+\d+$/);
    // The next puzzle is another one, and its address says which.
    await page.getByTestId('next-puzzle').click();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe(`/puzzles/${line.puzzle.id}`);
    await expect.poll(() => status(page).textContent()).toBe('Find the best move.');
    await context.close();
  });

  it('refutes a wrong move, explains it, and solves after Retry; the rating goes down', async () => {
    const line = longPuzzle();
    const { context, page } = await openPuzzle(browser(), line);
    await makeMove(page, wrongMove(line), 'click');
    await page.getByTestId('retry').waitFor({ timeout: 10_000 });
    // The opponent's answer is on the board, and the status says what it does.
    expect(await page.locator('[data-testid="move-list"] .move:not(.empty)').count()).toBe(2);
    expect(await status(page).textContent()).toMatch(
      /^(This lets (White|Black) |After this, (White|Black) holds: |(White|Black) has no answer here)/,
    );
    expect(await rating(page)).toBeLessThan(1500);
    expect(await page.getByTestId('rating-change').textContent()).toMatch(/^−\d+$/);
    const failed = await rating(page);
    await page.getByTestId('retry').click();
    await expect.poll(() => status(page).textContent()).toBe('Find the best move.');
    expect(await page.locator('[data-testid="move-list"] .move:not(.empty)').count()).toBe(0);
    await solve(page, line);
    // The first try decided: solving after a mistake moves the rating no more.
    expect(await rating(page)).toBe(failed);
    await context.close();
  });

  it('solves a puzzle with the keyboard alone: arrows and Enter on the board, heard in words', async () => {
    const line = longPuzzle();
    const { context, page } = await openPuzzle(browser(), line);
    // The status line is a live region: a screen reader hears each verdict.
    expect(await status(page).getAttribute('aria-live')).toBeTruthy();
    await tabTo(page, '[role=gridcell]');
    expect(await focusedCell(page)).not.toBeNull();
    await solve(page, line, 'keys');
    await context.close();
  });

  it('solves by taps at phone size', async () => {
    const line = longPuzzle();
    const { context, page } = await openPuzzle(browser(), line, true);
    const board = await page.locator('.board-host').boundingBox();
    expect(board && board.y + board.height).toBeLessThanOrEqual(844);
    await solve(page, line, 'tap');
    await page.getByTestId('next-puzzle').tap();
    await expect.poll(() => status(page).textContent()).toBe('Find the best move.');
    await context.close();
  });

  it('keeps the puzzle set out of the first page, and fetches it for the puzzle page', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('requestfinished', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(inject('baseURL'));
    await page.locator('.cell.origin').first().waitFor();
    // The worker and the fonts arrive right after: they belong to the first load too.
    await expect
      .poll(() => requested.some((p) => /\/engine\.worker-[^/]*\.js$/.test(p)))
      .toBe(true);
    await page.evaluate(() => document.fonts.ready);
    expect(requested.filter((p) => /puzzle/i.test(p) || p.endsWith('.json'))).toEqual([]);
    // Nor is the set inside what the first page loads: no file of it holds a puzzle's position.
    const sample = lines()[0]!.puzzle.apn;
    for (const path of requested.filter((p) => /\.(js|css|html)$/.test(p) || p === '/')) {
      const text = readFileSync(`${DIST}${path === '/' ? '/index.html' : path}`, 'utf8');
      expect({ path, holdsSet: text.includes(sample) }).toEqual({ path, holdsSet: false });
    }
    // The puzzle page asks for the set, once.
    requested.length = 0;
    await page.getByTestId('page-puzzles').click();
    await status(page).waitFor();
    expect(requested.filter((p) => /^\/assets\/puzzles-.*\.json$/.test(p))).toHaveLength(1);
    await context.close();
  });
});
