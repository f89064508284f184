// The puzzle page as a person uses it: a puzzle solved by clicking each piece and then its
// cell, the opponent's reply awaited on the board; a wrong move refuted and explained, then
// Retry and the solve; the rating moving after each; the same by taps at phone size; a storm
// run (a solve, a wrong move's ten seconds, the end of the time, driven by the page's clock);
// the theme menu by keyboard; and the set kept out of the first page's load.

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
  solverChooses,
} from '@agon/engine';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { arrowTo, describeInChromium, focusedCell, newContext, tabTo } from './browser.ts';

const SET = fileURLToPath(new URL('../../puzzles/puzzles.json', import.meta.url));
const DIST = process.env.AGON_WEB_ROOT || fileURLToPath(new URL('../dist', import.meta.url));

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

/**
 * A puzzle of two or more of the solver's moves (so a reply is awaited), the first such (under
 * R10: the keyboard and taps here move the piece they pick up) with White to solve: the board
 * is then unflipped, as the arrow keys' route (`arrowKeys`) is worked out.
 */
function longPuzzle(): PuzzleLine {
  const found = lines().find(
    (l) => l.moves.length >= 3 && !l.puzzle.queenPlacement && l.solver === 'white',
  );
  if (!found) throw new Error('the set has no puzzle of two moves or more');
  return found;
}

/** The shipped set's puzzles by id, replayed. */
function linesById(): Map<string, PuzzleLine> {
  return new Map(lines().map((l) => [l.puzzle.id, l]));
}

/** The id of the puzzle on the page, from its heading ("Puzzle <id>"). */
async function shownId(page: Page): Promise<string> {
  const meta = await page.locator('.puzzle-meta').textContent();
  const id = /Puzzle (\w+)/.exec(meta ?? '')?.[1];
  if (!id) throw new Error(`no puzzle id in "${meta}"`);
  return id;
}

/** The storm's clock in seconds. */
async function clockSeconds(page: Page): Promise<number> {
  const [m, s] = ((await page.getByTestId('storm-clock').textContent()) ?? '').split(':');
  return Number(m) * 60 + Number(s);
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

/**
 * Plays the moves of `line` the solver chooses (their own, and under R16 the cell of a queen
 * they captured), each reply awaited on the board.
 */
async function playLine(page: Page, line: PuzzleLine, hands: Hands = 'click'): Promise<void> {
  const pos = line.start();
  for (let i = 0; i < line.moves.length; i++) {
    const move = line.moves[i]!;
    if (solverChooses(line.puzzle, i, pos)) {
      // The moves before it have landed when the list holds them and the board may be played.
      await expect
        .poll(() => page.locator('[data-testid="move-list"] .move:not(.empty)').count())
        .toBe(i);
      await page.locator('.cell.origin').first().waitFor();
      await makeMove(page, move, hands);
    }
    pos.make(move);
  }
}

/** Solves `line` by playing it, and sees it said. */
async function solve(page: Page, line: PuzzleLine, hands: Hands = 'click'): Promise<void> {
  await playLine(page, line, hands);
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
    // What the puzzle teaches, a sentence a theme (the moves to win count for none).
    const taught = line.puzzle.themes.filter((x) => !x.startsWith('win-in-'));
    expect(await page.getByTestId('puzzle-about').locator('li').count()).toBe(taught.length);
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

  it('plays a storm: a solve scores, a wrong move costs ten seconds, the time runs out', async () => {
    const byId = linesById();
    const context = await newContext(browser());
    const page = await context.newPage();
    // The page's clock is the test's: it runs on as usual until the test moves it ahead.
    await page.clock.install();
    await page.goto(new URL('/puzzles/storm', inject('baseURL')).href);
    await page.getByTestId('storm-start').click();
    await expect.poll(() => status(page).textContent()).toBe('Find the best move.');
    expect(await page.getByTestId('storm-score').textContent()).toBe('0');
    const first = byId.get(await shownId(page))!;
    // Solved: the score goes up and the next puzzle is there at once.
    await playLine(page, first);
    await expect.poll(() => page.getByTestId('storm-score').textContent()).toBe('1');
    expect(await page.getByTestId('storm-combo').textContent()).toBe('1');
    await expect.poll(() => status(page).textContent()).toBe('Solved. Score: 1.');
    const second = byId.get(await shownId(page))!;
    expect(second.puzzle.id).not.toBe(first.puzzle.id);
    // Wrong: ten seconds off the clock, the combo broken, the score kept.
    const before = await clockSeconds(page);
    await makeMove(page, wrongMove(second), 'click');
    await expect.poll(() => status(page).textContent()).toBe('Wrong move: 10 seconds off.');
    const after = await clockSeconds(page);
    expect(after).toBeLessThanOrEqual(before - 10);
    expect(after).toBeGreaterThan(before - 20);
    expect(await page.getByTestId('storm-combo').textContent()).toBe('0');
    expect(await page.getByTestId('storm-score').textContent()).toBe('1');
    // The time runs out: the result, and the best score kept on the device.
    // A minute left is said (the clock itself is not read out as it ticks), then the end.
    await page.clock.fastForward('02:00');
    await expect
      .poll(() => page.getByTestId('storm-time-said').textContent())
      .toBe('One minute left.');
    await page.clock.fastForward('01:00');
    await expect
      .poll(() => page.getByTestId('storm-result').textContent())
      .toBe('You solved 1 puzzle.');
    expect(await page.getByTestId('storm-best').textContent()).toBe('A new best!');
    expect(await page.getByTestId('storm-clock').textContent()).toBe('0:00');
    // The result has the focus, so a screen reader reads it out.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('storm-title');
    const kept = await page.evaluate(() => localStorage.getItem('agon.puzzles.v1'));
    expect(JSON.parse(kept ?? '{}').bestStorm).toBe(1);
    // Another run starts from the card.
    await page.getByTestId('storm-start').click();
    await expect.poll(() => page.getByTestId('storm-score').textContent()).toBe('0');
    await context.close();
  });

  it('chooses themes with the keyboard: the menu opens, a box is ticked, Escape closes it', async () => {
    const byId = linesById();
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(new URL('/puzzles', inject('baseURL')).href);
    await expect.poll(() => status(page).textContent()).toBe('Find the best move.');
    const button = page.getByTestId('theme-filter');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.getAttribute('aria-label')).toBe('Themes: Any theme');
    await tabTo(page, '[data-testid="theme-filter"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator(`#${await button.getAttribute('aria-controls')}`).count()).toBe(1);
    // The first box: its theme is the one the next puzzles have.
    await page.keyboard.press('Tab');
    const theme = await page.evaluate(() => (document.activeElement as HTMLInputElement).value);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe(
      'checkbox',
    );
    await page.keyboard.press('Space');
    await expect.poll(() => new URL(page.url()).searchParams.get('themes')).toBe(theme);
    await expect.poll(() => status(page).textContent()).toBe('Find the best move.');
    expect(byId.get(await shownId(page))?.puzzle.themes).toContain(theme);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).checked)).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'theme-filter',
    );
    expect(await button.getAttribute('aria-label')).toMatch(/^Themes: (?!Any theme)/);
    // Clear goes back to any theme.
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('themes')).toBe(null);
    await context.close();
  });

  it('shows the dashboard: the rating charted, the weakest theme first, a click practises it', async () => {
    const byId = linesById();
    // Two themes of the set, the rarer one the weaker in the seeded record.
    const counts = new Map<string, number>();
    for (const l of byId.values()) {
      for (const x of l.puzzle.themes) counts.set(x, (counts.get(x) ?? 0) + 1);
    }
    const [strong, weak] = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)!);
    const record = {
      rating: { rating: 1580, rd: 120, vol: 0.06 },
      played: ['a', 'b', 'c', 'd'],
      solved: ['a', 'b'],
      bestStreak: 0,
      bestStorm: 0,
      history: [1500, 1530, 1510, 1580].map((rating, at) => ({ at, rating })),
      themes: { [strong!]: { attempts: 3, solved: 2 }, [weak!]: { attempts: 2, solved: 0 } },
    };
    const context = await newContext(browser());
    await context.addInitScript((text) => {
      if (!sessionStorage.getItem('seeded')) localStorage.setItem('agon.puzzles.v1', text);
      sessionStorage.setItem('seeded', '1');
    }, JSON.stringify(record));
    const page = await context.newPage();
    await page.goto(new URL('/puzzles', inject('baseURL')).href);
    await page.getByTestId('dashboard-link').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/puzzles/dashboard');
    expect(await page.getByTestId('dashboard-rating').textContent()).toBe('1580');
    expect(await page.getByTestId('dashboard-solved').textContent()).toBe('2');
    expect(await page.getByTestId('dashboard-attempted').textContent()).toBe('4');
    expect(await page.getByRole('img', { name: /from 1500 to 1580/ }).count()).toBe(1);
    const rows = page.getByTestId('dashboard-themes').locator('button');
    expect(await rows.evaluateAll((b) => b.map((x) => x.getAttribute('data-theme')))).toEqual([
      weak,
      strong,
    ]);
    await rows.first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get('themes')).toBe(weak);
    await expect.poll(() => status(page).textContent()).toBe('Find the best move.');
    expect(byId.get(await shownId(page))?.puzzle.themes).toContain(weak);
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
