// The layout the product asks for, measured in Chromium: on a phone a newcomer sees the whole
// board and their buttons at once; no screen scrolls sideways at 360 px in any of the four
// languages; the page does not shift as it loads, nor while a game is played.

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { en } from '../src/i18n/en.ts';
import { fi } from '../src/i18n/fi.ts';
import { hi } from '../src/i18n/hi.ts';
import { ru } from '../src/i18n/ru.ts';
import { clickCell, describeInChromium, playTurn, seeded, waitForTurn } from './browser.ts';
import {
  ANALYSIS_KEY,
  BLUNDER_AGN,
  BLUNDER_REVIEWS,
  GAME_KEY,
  REVIEWS_KEY,
  SEAT_KEY_PREFIX,
  SETTINGS_KEY,
  seedStorage,
  settle,
  sharedOnlineGame,
  storedGame,
  WIN_IN_ONE_AGN,
  WIN_IN_TWO_AGN,
  WINNING_CLICKS,
} from './visual.ts';

/** On a phone's first visit, the board's top edge is at most this far from the viewport's top. */
const BOARD_TOP_MAX = 100;
/** Cumulative layout shift allowed on first load and while playing (web.dev's "good" is 0.1). */
const CLS_MAX = 0.02;
/** How far (CSS px) a button beside the board may move while a game is played: not at all. */
const BUTTON_DRIFT_MAX = 0.5;
/** Tolerance for sub-pixel layout, CSS px. */
const EPSILON = 0.5;

/** The app's words in each language: buttons are found by the names the player reads. */
const CATALOGS = { en, fi, ru, hi } as const;
type Language = keyof typeof CATALOGS;
const LANGUAGES = Object.keys(CATALOGS) as Language[];
type Key = { [K in keyof typeof en]: (typeof en)[K] extends string ? K : never }[keyof typeof en];
/** The words of `key` in `language`. */
const word = (language: Language, key: Key): string => CATALOGS[language][key] as string;

/** The player's buttons in a game against the computer, by their accessible names. */
const ACTIONS = (
  ['controls.takeback', 'controls.hint', 'controls.resign', 'top.newGame'] as const
).map((key) => word('en', key));

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const round = (n: number): number => Math.round(n * 10) / 10;
const show = (b: Box): string =>
  `x ${round(b.x)}..${round(b.x + b.width)}, y ${round(b.y)}..${round(b.y + b.height)}`;

/** A phone context at `width` x `height`: touch, the mobile viewport, two device pixels. */
function phone(browser: Browser, width: number, height: number): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width, height },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'en-GB',
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
}

/** The board of the game page: the SVG the player moves on (role grid). */
const board = (page: Page) => page.getByRole('grid').first();

/** Keeps every `layout-shift` the page has, from its first paint (injected before the app). */
async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shifts: { value: number; input: boolean; at: number; sources: string[] }[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    const describe = (node: Node | null): string => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?';
      const id = node.getAttribute('data-testid') ?? node.getAttribute('role') ?? node.id;
      const text = (node.textContent ?? '').trim().slice(0, 30);
      return `${node.tagName.toLowerCase()}${id ? `[${id}]` : ''}${text ? ` "${text}"` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const e = entry as PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node: Node | null }[];
        };
        shifts.push({
          value: e.value,
          input: e.hadRecentInput,
          at: Math.round(e.startTime),
          sources: (e.sources ?? []).map((s) => describe(s.node)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

interface Shift {
  readonly value: number;
  readonly input: boolean;
  readonly at: number;
  readonly sources: string[];
}

function layoutShifts(page: Page): Promise<Shift[]> {
  return page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
}

/** The cumulative layout shift of `shifts`, leaving out those that followed input (as CLS does). */
const cls = (shifts: readonly Shift[]): number =>
  shifts.filter((s) => !s.input).reduce((sum, s) => sum + s.value, 0);

const describeShifts = (shifts: readonly Shift[]): string =>
  shifts
    .filter((s) => !s.input)
    .map((s) => `${s.value.toFixed(4)} at ${s.at} ms: ${s.sources.join(', ')}`)
    .join('; ');

/**
 * What scrolls sideways: the document wider than the viewport, or a dialog (fixed, so it
 * does not widen the document) wider than itself or past the viewport's edges; with the
 * elements that reach past the right edge.
 */
async function sideways(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const problems: string[] = [];
    if (root.scrollWidth > width) problems.push(`scrollWidth ${root.scrollWidth} > ${width}`);
    for (const dialog of document.querySelectorAll<HTMLElement>('dialog[open], [role="dialog"]')) {
      const r = dialog.getBoundingClientRect();
      if (r.left < -0.5 || r.right > width + 0.5) {
        problems.push(`dialog spans ${Math.round(r.left)}..${Math.round(r.right)}`);
      }
      if (dialog.scrollWidth > dialog.clientWidth) {
        problems.push(`dialog scrollWidth ${dialog.scrollWidth} > ${dialog.clientWidth}`);
      }
    }
    if (problems.length === 0) return undefined;
    // The innermost elements past the right edge: the ones to fix.
    const past = [...document.querySelectorAll<Element>('body *')].filter(
      (e) => e.getBoundingClientRect().right > width + 0.5,
    );
    const innermost = past.filter((e) => !past.some((o) => o !== e && e.contains(o)));
    const named = innermost.slice(0, 3).map((e) => {
      const id = e.getAttribute('data-testid') ?? e.getAttribute('role') ?? '';
      const text = (e.textContent ?? '').trim().slice(0, 24);
      return `${e.tagName.toLowerCase()}${id ? `[${id}]` : ''} "${text}" to ${Math.round(e.getBoundingClientRect().right)}`;
    });
    return `${problems.join(', ')}${named.length ? ` (past the edge: ${named.join('; ')})` : ''}`;
  });
}

/** Goes to another page of the app by its address's hash, as the page links do. */
async function goToHash(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
}

describeInChromium('layout', (browser) => {
  const onlineGame = sharedOnlineGame(browser);
  const url = (path: string): string => new URL(path, inject('baseURL')).href;

  for (const [width, height] of [
    [390, 844],
    [360, 640],
  ] as const) {
    it(`shows the whole board and the player's buttons on a first visit at ${width}x${height}`, async () => {
      const context = await phone(browser(), width, height);
      const page = await context.newPage();
      await page.goto(url('/'));
      await page.locator('[data-cell="f6"]').waitFor();
      await page.getByTestId('intro').waitFor();
      await settle(page);
      const problems: string[] = [];
      // Boxes are where the player sees them: relative to the viewport, before any scrolling.
      const inView = (b: Box): boolean =>
        b.x >= -EPSILON &&
        b.y >= -EPSILON &&
        b.x + b.width <= width + EPSILON &&
        b.y + b.height <= height + EPSILON;
      const grid = (await board(page).boundingBox())!;
      if (grid.y > BOARD_TOP_MAX) {
        problems.push(`the board's top is ${round(grid.y)} px down, more than ${BOARD_TOP_MAX}`);
      }
      if (!inView(grid)) problems.push(`the board (${show(grid)}) is not all in view`);
      for (const name of ACTIONS) {
        const button = page.getByRole('button', { name, exact: true });
        const count = await button.count();
        if (count === 0) {
          problems.push(`no "${name}" button`);
          continue;
        }
        const box = await button.first().boundingBox();
        if (!box || !(await button.first().isVisible())) problems.push(`"${name}" is hidden`);
        else if (!inView(box)) problems.push(`"${name}" (${show(box)}) is not in view`);
      }
      await context.close();
      expect(problems, `at ${width}x${height}`).toEqual([]);
    });
  }

  for (const language of LANGUAGES) {
    it(`scrolls no screen sideways at 360 px, in ${language}`, async () => {
      const problems: string[] = [];
      const check = async (page: Page, screen: string): Promise<void> => {
        await settle(page);
        const found = await sideways(page);
        if (found) problems.push(`${screen}: ${found}`);
      };
      /** A fresh phone at 360x640, its storage seeded, the app open at `path` in the language. */
      const open = async (path: string, storage: Record<string, unknown>) => {
        const context = await phone(browser(), 360, 640);
        await seedStorage(context, { [SETTINGS_KEY]: { language }, ...storage });
        const page = await context.newPage();
        await page.goto(url(path));
        await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
        return page;
      };
      /**
       * Opens a dialog by its button, as a person does (from the "More" menu when the button
       * is folded into it, as on a phone), checks it, and closes it with Escape.
       */
      const dialog = async (page: Page, opener: Key, screen: string): Promise<void> => {
        const button = page.getByRole('button', { name: word(language, opener), exact: true });
        if ((await button.count()) === 0) {
          await page
            .getByRole('button', { name: word(language, 'controls.more'), exact: true })
            .click({ timeout: 10_000 });
        }
        await button.first().click({ timeout: 10_000 });
        await page.getByRole('dialog').waitFor();
        await check(page, screen);
        await page.keyboard.press('Escape');
        await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      };

      // The game and its dialogs, then the other pages by their addresses, as the page links
      // go there.
      let page = await open('/', { [ANALYSIS_KEY]: { agn: WIN_IN_TWO_AGN, ply: 2 } });
      await page.locator('[data-cell="f6"]').waitFor();
      await check(page, 'game');
      await dialog(page, 'top.newGame', 'new-game dialog');
      await dialog(page, 'top.record', 'save/load dialog');
      await goToHash(page, '#analysis');
      await expect
        .poll(() => page.getByTestId('lines').locator('li').count(), { timeout: 20_000 })
        .toBe(2);
      await check(page, 'analysis');
      await goToHash(page, '#rules');
      await page.locator('[data-testid="rules"] [data-figure] [data-cell]').first().waitFor();
      await check(page, 'rules');
      await goToHash(page, '#tutorial');
      await page.locator('[data-testid="tutorial"] [data-cell="f6"]').waitFor();
      await check(page, 'tutorial');
      // The review of a finished game, kept from before: the analysis page reads what to show
      // each time it opens.
      await page.evaluate(
        ([analysis, reviews]) => {
          localStorage.setItem(analysis[0], analysis[1]);
          localStorage.setItem(reviews[0], reviews[1]);
        },
        [
          [ANALYSIS_KEY, JSON.stringify({ agn: BLUNDER_AGN, ply: 2 })],
          [REVIEWS_KEY, JSON.stringify(BLUNDER_REVIEWS)],
        ] as const,
      );
      await goToHash(page, '');
      await page.locator('[data-cell="f6"]').waitFor();
      await goToHash(page, '#analysis');
      await page.getByTestId('review-summary').waitFor();
      await check(page, 'review');
      await page.context().close();

      // The result of a game the player has just won.
      page = await open('/', { [GAME_KEY]: storedGame(WIN_IN_ONE_AGN) });
      await waitForTurn(page);
      for (const cell of WINNING_CLICKS) await clickCell(page, cell);
      await page.getByTestId('result').waitFor();
      await check(page, 'result dialog');
      await page.context().close();

      // Online play: the page that creates a game, and White's page of a game under way.
      const game = await onlineGame();
      page = await open('/online', { [SEAT_KEY_PREFIX + game.id]: game.whiteToken });
      await page.getByTestId('online-create').waitFor();
      await check(page, 'online create page');
      await page.goto(url(game.path));
      await page.locator('[data-piece="black-guard"][data-at="b2"]').waitFor();
      await page.getByTestId('online-status').waitFor();
      await check(page, 'online game');
      await page.context().close();

      // The puzzle page, its solution shown (the moves and the most actions).
      page = await open('/puzzles', {});
      await page.getByTestId('puzzle-task').waitFor();
      await page.locator('.puzzle-page .cell.origin').first().waitFor();
      await check(page, 'puzzles');
      await page.getByTestId('see-solution').click();
      await page.getByTestId('solution-forward').click();
      await check(page, 'puzzle solution');
      // What the solve teaches, the theme menu open, the storm's card and run, the dashboard.
      const forward = page.getByTestId('solution-forward');
      // Forced: the button may turn disabled between the look and the click, and a click
      // on it then does nothing rather than wait for it to come back.
      while (await forward.isEnabled()) await forward.click({ force: true });
      await page.getByTestId('theme-filter').click();
      await page.getByTestId('theme-options').waitFor();
      await check(page, 'puzzle themes');
      await page.keyboard.press('Escape');
      await page.goto(url('/puzzles/storm'));
      await page.getByTestId('storm-start').click();
      await page.getByTestId('storm-clock').waitFor();
      await page.locator('.puzzle-page .cell.origin').first().waitFor();
      await check(page, 'storm');
      await page.goto(url('/puzzles/dashboard'));
      await page.getByTestId('dashboard').waitFor();
      await check(page, 'puzzle dashboard');
      await page.context().close();

      expect(problems, `in ${language} at 360 px`).toEqual([]);
    });
  }

  for (const [size, options] of [
    ['desktop', { viewport: { width: 1280, height: 800 } }],
    [
      'phone',
      {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    ],
  ] as const) {
    it(`does not shift as the game page loads, at ${size} size`, async () => {
      const context = await browser().newContext({ ...options, locale: 'en-GB' });
      await recordLayoutShifts(context);
      const page = await context.newPage();
      await page.goto(url('/'));
      await page.locator('[data-cell="f6"]').waitFor();
      await page.locator('[data-piece]').first().waitFor();
      // What loads after the board (the worker, fonts, the sound) has arrived, and is drawn.
      await page.waitForLoadState('networkidle');
      await settle(page);
      const shifts = await layoutShifts(page);
      await context.close();
      const total = cls(shifts);
      console.log(`layout: CLS on first load at ${size} size ${total.toFixed(4)}`);
      expect(total, `CLS ${total.toFixed(4)}: ${describeShifts(shifts)}`).toBeLessThan(CLS_MAX);
    });
  }

  it('keeps the buttons beside the board still while a game is played', async () => {
    const context = await browser().newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-GB',
      serviceWorkers: 'block',
    });
    await recordLayoutShifts(context);
    const page = await context.newPage();
    await page.goto(url('/'));
    await waitForTurn(page);
    await settle(page);
    const buttons = ['Take back', 'Hint', 'Resign'].map((name) => ({
      name,
      locator: page.getByRole('button', { name, exact: true }),
    }));
    const boxes = () =>
      Promise.all(buttons.map(async (b) => (await b.locator.boundingBox()) ?? undefined));
    const before = await boxes();
    const loadShifts = (await layoutShifts(page)).length;
    const random = seeded(7);
    let drift = 0;
    const moved: string[] = [];
    const compare = async (when: string) => {
      const now = await boxes();
      now.forEach((box, i) => {
        const was = before[i];
        if (!box || !was) {
          moved.push(`${buttons[i]!.name} ${box ? 'appeared' : 'went'} ${when}`);
          return;
        }
        const d = Math.max(Math.abs(box.x - was.x), Math.abs(box.y - was.y));
        drift = Math.max(drift, d);
        if (d > BUTTON_DRIFT_MAX) {
          moved.push(`${buttons[i]!.name} from ${show(was)} to ${show(box)} ${when}`);
        }
      });
    };
    for (let turn = 1; turn <= 4; turn++) {
      const move = await playTurn(page, random);
      // While the computer thinks (the sign beside its name), then once it has moved.
      await compare(`after ${move} (turn ${turn})`);
      if (await waitForTurn(page)) break;
      await settle(page);
      await compare(`after the reply to ${move}`);
    }
    const shifts = (await layoutShifts(page)).slice(loadShifts);
    await context.close();
    const total = cls(shifts);
    console.log(
      `layout: while playing, buttons drifted ${round(drift)} px, CLS ${total.toFixed(4)}`,
    );
    expect(moved).toEqual([]);
    expect(total, `CLS ${total.toFixed(4)}: ${describeShifts(shifts)}`).toBeLessThan(CLS_MAX);
  });
});
