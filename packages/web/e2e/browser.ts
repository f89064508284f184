// Chromium for the e2e tests, and the moves a test player makes through clicks.

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
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
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { createBoard } from '../src/board/board.ts';
import { cellCentre } from '../src/board/geometry.ts';
import type { Route } from '../src/lib/route.ts';

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

/**
 * A describe block run in one headless Chromium, launched before its tests and closed after;
 * skipped (with the message above) where there is no Chromium. `body` gets the browser's getter.
 */
export function describeInChromium(name: string, body: (browser: () => Browser) => void): void {
  describe.skipIf(!HAVE_CHROMIUM)(name, () => {
    let browser: Browser | undefined;
    beforeAll(async () => {
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
      await closeRelays();
    });
    body(() => {
      if (!browser) throw new Error('Chromium did not start');
      return browser;
    });
  });
}

/**
 * A fresh context (empty local storage) at desktop or phone size, in the browser's `locale`,
 * whose pages go to the app's server by relative addresses (`page.goto('/lobby')`). `from`, a
 * loopback address of `newNetwork()`, is the address the server sees the context's requests
 * and sockets come from: the context reaches the server through a relay of its own that
 * connects from that address, so the server needs to trust no header and the browser to send
 * none.
 */
export async function newContext(
  browser: Browser,
  phone = false,
  locale = 'en-GB',
  from?: string,
): Promise<BrowserContext> {
  return browser.newContext({
    ...(phone
      ? {
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
          deviceScaleFactor: 2,
          locale,
        }
      : { viewport: { width: 1280, height: 800 }, locale }),
    baseURL: from === undefined ? inject('baseURL') : await relayFrom(from),
  });
}

let networks = 0;
/**
 * An address of a network no other browser of this run plays from: two players from two of
 * them may play a rated game. The whole of 127.0.0.0/8 is this machine's loopback, and the
 * server takes each IPv4 address for a network of its own; 127.0.0.1, where every context
 * without one comes from, is never given.
 */
export function newNetwork(): string {
  networks++;
  return `127.0.${1 + Math.floor(networks / 256)}.${networks % 256}`;
}

/** The relays made so far in this file, by the address they connect from. */
const relays = new Map<string, Promise<{ url: string; server: Server; sockets: Set<Socket> }>>();

/**
 * The address of a relay on 127.0.0.1 that passes every connection on to the app's server,
 * connecting from `from`: the kernel then gives the server `from` as the peer's address.
 */
function relayFrom(from: string): Promise<string> {
  let relay = relays.get(from);
  if (!relay) {
    const target = new URL(inject('baseURL'));
    const sockets = new Set<Socket>();
    const server = createServer((client) => {
      const upstream = connect({
        host: target.hostname,
        port: Number(target.port),
        localAddress: from,
      });
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          sockets.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    relay = new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        resolve({ url: `http://127.0.0.1:${port}/`, server, sockets });
      });
    });
    relays.set(from, relay);
  }
  return relay.then(({ url }) => url);
}

/** Closes this file's relays and the connections still passing through them. */
async function closeRelays(): Promise<void> {
  const all = await Promise.all(relays.values());
  relays.clear();
  await Promise.all(
    all.map(
      ({ server, sockets }) =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          server.close(() => resolve());
        }),
    ),
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

/** A click on a cell with the mouse, or a tap on the phone. */
export async function press(page: Page, cell: string, phone: boolean): Promise<void> {
  const target = page.locator(`[data-cell="${cell}"]`);
  if (phone) await target.tap();
  else await target.click();
}

/** What the game's status line says. */
export const status = (page: Page): Promise<string> =>
  page.getByTestId('status').textContent() as Promise<string>;

/** Waits until a person may act on the board, or the game is over; true when it is over. */
export async function waitForTurn(page: Page, timeout = 30_000): Promise<boolean> {
  const ready = page.locator('.cell.origin, .cell.placement, [data-testid="result"]').first();
  await ready.waitFor({ timeout });
  return (await page.locator('[data-testid="result"]').count()) > 0;
}

/** How long an online page may take to show what the server relayed, on a busy machine. */
export const SLOW = { timeout: 15_000 };

/** Opens the lobby and waits until the server has described it (the pools can be picked). */
export async function openLobby(page: Page): Promise<void> {
  await page.goto('/lobby');
  await expect.poll(() => page.getByTestId('pool-3+2').isEnabled(), SLOW).toBe(true);
}

/** The name this page plays under, as the lobby says it. */
export async function lobbyName(page: Page): Promise<string> {
  const said = await page.getByRole('link', { name: /^Playing as / }).textContent();
  return (said ?? '').replace(/^Playing as /, '');
}

/** The id of the player this page plays as, from its storage. */
export function playerId(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('agon.player') ?? '{}') as { id: string }).id,
  );
}

/** What an online game's status line says. */
export const onlineStatus = (page: Page): Promise<string | null> =>
  page.getByTestId('online-status').textContent();

/** The moves in an online game's move list, as text. */
export const onlineMoves = (page: Page): Promise<string[]> =>
  page.locator('[data-testid="move-list"] .move:not(.empty)').allTextContents();

/** Waits for a game page and says which game it is. */
export async function gameId(page: Page): Promise<string> {
  await page.waitForURL(/\/g\/[a-z2-9]{10}$/, SLOW);
  return new URL(page.url()).pathname.slice(3);
}

/** Makes one turn by clicks on `page` (whose turn it is): its first piece that can move. */
export async function playFirstTurn(page: Page): Promise<void> {
  await page.locator('.cell.origin').first().waitFor(SLOW);
  const [from] = await cellsWith(page, 'origin');
  await clickCell(page, from!);
  const [to] = await cellsWith(page, 'dest');
  await clickCell(page, to!);
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

/** The engine's seeded generator, so a failing run can be repeated. */
export { seededRandom as seeded } from '@agon/engine';

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

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

/** What axe-core found on one screen: failed rules with their elements, and how many passed. */
export interface AxeSummary {
  readonly violations: { id: string; impact: string | null; targets: string[] }[];
  readonly passes: number;
}

/** Runs axe-core on the page against WCAG 2.2 A and AA and axe's best practices. */
export async function runAxe(page: Page): Promise<AxeSummary> {
  // The page at rest: a dialog fading in or a button changing colour would be read halfway
  // (a CI run under load read a result dialog at part opacity). Endless ones (a spinner) go on.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) {
    // Evaluated, not added as an inline script, which the server's CSP rightly blocks.
    await page.evaluate(AXE_SOURCE);
  }
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<AxeRun> } }).axe;
    type AxeRun = {
      violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
      passes: unknown[];
    };
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
    const r = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return {
      violations: r.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        targets: v.nodes.map((n) => n.target.join(' ')),
      })),
      passes: r.passes.length,
    };
  });
}

/** The cell the keyboard is on, by name. */
export function focusedCell(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('data-cell') ?? null);
}

/**
 * The arrow keys that take the keyboard focus of an unflipped board from `from` to `to`:
 * sideways while the target lies to one side on the screen, then up or down its file. They
 * are worked out on a headless board, which moves its focus exactly as the page's does.
 */
export function arrowKeys(from: string, to: string): string[] {
  const board = createBoard();
  board.state.focus = parseCell(from);
  const target = parseCell(to);
  const [tx, ty] = cellCentre(target, false);
  const keys: string[] = [];
  while (board.state.focus !== target) {
    const [x, y] = cellCentre(board.state.focus, false);
    const key =
      Math.abs(tx - x) > 0.1
        ? tx > x
          ? 'ArrowRight'
          : 'ArrowLeft'
        : ty < y
          ? 'ArrowUp'
          : 'ArrowDown';
    board.key(key);
    keys.push(key);
    if (keys.length > 40) throw new Error(`the arrows do not reach ${to} from ${from}`);
  }
  return keys;
}

/** Walks the page's keyboard focus on the board to `target` with the arrow keys alone. */
export async function arrowTo(page: Page, target: string): Promise<void> {
  const at = await focusedCell(page);
  if (at === null) throw new Error('the keyboard is not on the board');
  for (const key of arrowKeys(at, target)) await page.keyboard.press(key);
  expect(await focusedCell(page)).toBe(target);
}

/** Presses Tab (or Shift+Tab, `back`) until the focused element matches `selector`. */
export async function tabTo(page: Page, selector: string, back = false): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Goes to one of the app's pages by its link in the top bar, or in its menu on a phone. */
export async function goToPage(page: Page, name: Route): Promise<void> {
  const link = page.getByTestId(`page-${name}`);
  if (await link.isVisible()) return link.click();
  await page.getByRole('button', { name: 'Pages' }).click();
  await page.getByTestId(`menu-page-${name}`).click();
}

/** Presses one of the game's actions, opening "More" first where a phone folds it away. */
export async function gameAction(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name, exact: true });
  if (!(await button.first().isVisible())) await page.getByTestId('more-actions').click();
  await button.first().click();
}

/** Loads AGN or APN text through the game-record dialog's paste box. */
export async function loadText(page: Page, text: string): Promise<void> {
  await gameAction(page, 'Save / load');
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

/**
 * Opens the top bar's settings menu, unless it is open already. The page redraws in the task
 * after a click or a key, so each change is waited for before the next step reads the menu.
 */
export async function openSettings(page: Page): Promise<void> {
  const button = page.getByTestId('settings');
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
}

/** Closes the settings menu with Escape, as a keyboard user does. */
export async function closeSettings(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByTestId('settings').getAttribute('aria-expanded')).toBe('false');
}

/** Chooses a theme or a language in the settings menu, as a person does, and closes it. */
export async function chooseSetting(
  page: Page,
  setting: 'theme' | 'language',
  value: string,
): Promise<void> {
  await openSettings(page);
  await page.getByTestId(setting).locator(`input[value="${value}"]`).check();
  await closeSettings(page);
}

/** Turns a switch of the settings menu (`Sound`, `Cell names`) and closes the menu. */
export async function toggleSetting(page: Page, name: string): Promise<void> {
  await openSettings(page);
  await page.getByRole('button', { name, exact: true }).click();
  await closeSettings(page);
}
