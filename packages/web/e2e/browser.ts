// Chromium for the e2e tests, and the moves a test player makes through clicks.

import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  CELL_COUNT,
  type Colour,
  cellName,
  moveFrom,
  moveKind,
  moveTo,
  type Piece,
  PLACEMENT,
  Position,
  parseCell,
  playLevel,
  type Searcher,
} from '@agon/engine';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium (or $CHROMIUM); the suite skips when it is missing. */
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
/** Whether the browser is there to run the e2e tests. */
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
if (!HAVE_CHROMIUM) {
  console.warn(`e2e: skipped, no Chromium at ${CHROMIUM} (apt-get install chromium)`);
}

/** Where screenshots and measurements go (ignored by git). */
export const ARTIFACTS = fileURLToPath(new URL('../test-results/', import.meta.url));
mkdirSync(ARTIFACTS, { recursive: true });

/** Launches headless Chromium. */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A fresh context (empty local storage) at desktop or phone size. */
export function newContext(browser: Browser, phone = false): Promise<BrowserContext> {
  return browser.newContext(
    phone
      ? {
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
          deviceScaleFactor: 2,
        }
      : { viewport: { width: 1280, height: 800 } },
  );
}

/** Opens the app and waits for the board. */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('[data-cell="f6"]');
}

/** Clicks (or taps) a cell by name. */
export async function clickCell(page: Page, name: string): Promise<void> {
  await page.locator(`[data-cell="${name}"]`).click();
}

/** Waits until a person may act on the board, or the game is over; true when it is over. */
export async function waitForTurn(page: Page, timeout = 30_000): Promise<boolean> {
  const ready = page.locator('.cell.origin, .cell.placement, [data-testid="result"]').first();
  await ready.waitFor({ timeout });
  return (await page.locator('[data-testid="result"]').count()) > 0;
}

/** The names of cells with a class, such as `dest` or `origin`. */
export function cellsWith(page: Page, cls: string): Promise<string[]> {
  return page.$$eval(`.cell.${cls}`, (els) => els.map((e) => e.getAttribute('data-cell') ?? ''));
}

/** The ring (0-5) of a cell element's name, read from its class. */
async function ringOf(page: Page, name: string): Promise<number> {
  const cls = (await page.locator(`[data-cell="${name}"]`).getAttribute('class')) ?? '';
  return Number(/ring-(\d)/.exec(cls)?.[1] ?? 5);
}

const pick = <T>(xs: readonly T[], random: () => number): T =>
  xs[Math.floor(random() * xs.length)]!;

/**
 * Makes one turn through clicks: a placement, the pending relocation, or a step. Steps lean
 * inward (a person racing to the throne), so games against the computer end.
 */
export async function playTurn(page: Page, random: () => number): Promise<string> {
  const placements = await cellsWith(page, 'placement');
  if (placements.length) {
    const to = pick(placements, random);
    await clickCell(page, to);
    return `@${to}`;
  }
  let [from] = await cellsWith(page, 'selected');
  if (from === undefined) {
    from = pick(await cellsWith(page, 'origin'), random);
    await clickCell(page, from);
  }
  const dests = await cellsWith(page, 'dest');
  const rings = await Promise.all(dests.map((d) => ringOf(page, d)));
  const inner = Math.min(...rings);
  const inward = dests.filter((_, i) => rings[i] === inner);
  const to = pick(random() < 0.7 ? inward : dests, random);
  await clickCell(page, to);
  return `${from}-${to}`;
}

/** A small seeded generator, so a failing run can be repeated. */
export function seeded(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The position on the page's board, read from `data-piece`, `data-at` and `data-captured`. */
export async function boardPosition(page: Page, turn: Colour): Promise<Position> {
  const seen = await page.$$eval('[data-piece]', (els) =>
    els.map(
      (e) =>
        [
          e.getAttribute('data-piece'),
          e.getAttribute('data-at'),
          e.hasAttribute('data-captured'),
        ] as const,
    ),
  );
  const board = new Array<Piece | undefined>(CELL_COUNT).fill(undefined);
  for (const [name, at, captured] of seen) {
    const [colour, role] = (name ?? '').split('-') as [Piece['colour'], Piece['role']];
    board[parseCell(at ?? '')] = { colour, role, captured };
  }
  const hand = { white: 0, black: 0 };
  for (const colour of ['white', 'black'] as const) {
    hand[colour] = 6 - board.filter((p) => p?.colour === colour && p.role === 'guard').length;
  }
  const pos = Position.fromSetup({ board, turn, hand });
  if (!pos.ok) throw new Error(pos.error.message);
  return pos.value;
}

/** Makes one turn through clicks, chosen by the engine at `level` from the board on the page. */
export async function playEngineTurn(
  page: Page,
  searcher: Searcher,
  turn: Colour,
  level: number,
  random: () => number,
): Promise<void> {
  const pos = await boardPosition(page, turn);
  const found = playLevel(searcher, pos, [], level, random);
  if (!found) throw new Error('no move on the board');
  const move = found.move;
  if (moveKind(move) !== PLACEMENT) {
    const selected = await cellsWith(page, 'selected');
    if (selected[0] !== cellName(moveFrom(move))) await clickCell(page, cellName(moveFrom(move)));
  }
  await clickCell(page, cellName(moveTo(move)));
}

/** Loads AGN or APN text through the game-record dialog's paste box. */
export async function loadText(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Save / load' }).click();
  await page.getByTestId('paste').fill(text);
  await page.getByRole('button', { name: 'Load pasted text' }).click();
}

/** The move list as text, one move per entry. */
export function moveList(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid="move-list"] button.move', (els) =>
    els.map((e) => e.textContent ?? ''),
  );
}

/** Where each piece stands: `white-queen@f1` and so on, sorted. */
export async function pieces(page: Page): Promise<string[]> {
  const all = await page.$$eval('[data-piece]', (els) =>
    els.map(
      (e) =>
        `${e.getAttribute('data-piece')}@${e.getAttribute('data-at')}${e.hasAttribute('data-captured') ? '*' : ''}`,
    ),
  );
  return all.sort();
}
