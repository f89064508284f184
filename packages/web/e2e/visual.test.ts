// The look of the key screens at desktop and phone size, in the light and the dark theme,
// compared pixel by pixel with the baselines in e2e/baselines/ (machinery in visual.ts). A
// change to the look made on purpose: `npm run test:visual:update` writes new baselines; look
// at them, and commit them saying why the look changed.

import type { BrowserContext, Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { cellsWith, clickCell, describeInChromium, waitForTurn } from './browser.ts';
import {
  ANALYSIS_KEY,
  BLUNDER_AGN,
  BLUNDER_REVIEWS,
  CAPTOR_AGN,
  expectLook,
  GAME_KEY,
  type Look,
  liveFigures,
  lookContext,
  PICTURED_NAME,
  PLAYER_KEY,
  RELOCATION_AGN,
  REVIEWS_KEY,
  SEAT_KEY_PREFIX,
  type Size,
  servePicturedPlayers,
  servePicturedTournaments,
  serveQuietLobby,
  sharedOnlineGame,
  sharedPlayer,
  steady,
  storedGame,
  timeDependent,
  WIN_IN_ONE_AGN,
  WIN_IN_TWO_AGN,
  WINNING_CLICKS,
} from './visual.ts';

/** A screen: where it is, what the browser holds before it opens, and how it gets ready. */
interface Screen {
  readonly name: string;
  /** The address from the server's root, and the storage to seed. */
  readonly open: () => Promise<{ path: string; storage?: Record<string, unknown> }>;
  /** Brings the loaded page to the state pictured. */
  readonly ready: (page: Page) => Promise<void>;
  /** Sets up what the browser is served before the page opens. */
  readonly serve?: (context: BrowserContext) => Promise<unknown>;
}

const SLOW = { timeout: 20_000 };

/**
 * The pictured puzzle, served in place of the shipped set, so the picture does not change when
 * the set does: Black to move and win in two.
 */
const PICTURED_SET = {
  format: 'agon-puzzles',
  version: 1,
  puzzles: [
    {
      id: 'pictured',
      apn: '6/7/5G2/6G2/4gg4/4gqG4/2G1gg4/3Q1g3/8/4GG1/6 b',
      solution: ['h6-g7', 'f7@f1', 'g7-f7'],
      goal: 'win',
      themes: ['win-in-2'],
      rating: 1540,
    },
  ],
};

/** The puzzle page's set replaced by the pictured one, and the server's puzzle answers by none. */
async function servePicturedPuzzles(context: BrowserContext): Promise<void> {
  await context.route(/\/assets\/puzzles-[^/]*\.json$/, (route) =>
    route.fulfill({ json: PICTURED_SET }),
  );
  await context.route(/\/api\/puzzles\//, (route) => route.fulfill({ status: 404, json: {} }));
}

/** The puzzle page's storage key (puzzles/store.ts). */
const PUZZLES_KEY = 'agon.puzzles.v1';

/** A player's puzzle record on the device: thirty rated puzzles, four themes, a best storm. */
const PICTURED_RECORD = {
  rating: { rating: 1642, rd: 95, vol: 0.06 },
  played: Array.from({ length: 30 }, (_, i) => `p${i}`),
  solved: Array.from({ length: 19 }, (_, i) => `p${i}`),
  bestStreak: 6,
  bestStorm: 14,
  history: Array.from({ length: 30 }, (_, i) => ({
    at: i * 60_000,
    rating: 1500 + Math.round(55 * Math.sin(i / 4) + 5 * i),
  })),
  themes: {
    'throne-ring': { attempts: 18, solved: 14 },
    capture: { attempts: 7, solved: 3 },
    'r12-trap': { attempts: 5, solved: 4 },
    sacrifice: { attempts: 4, solved: 1 },
  },
};

describeInChromium('the look of the key screens', (browser) => {
  const onlineGame = sharedOnlineGame(browser);
  const player = sharedPlayer();

  const screens: Screen[] = [
    {
      // A first visit: the standard start, White (the person) to move, the goal shown.
      name: 'start',
      open: async () => ({ path: '/' }),
      ready: async (page) => {
        await waitForTurn(page);
      },
    },
    {
      // Mid-game, the person owes a relocation: the captured guard is picked up already.
      name: 'relocation',
      open: async () => ({ path: '/', storage: { [GAME_KEY]: storedGame(RELOCATION_AGN) } }),
      ready: async (page) => {
        await waitForTurn(page);
        await expect.poll(() => cellsWith(page, 'selected')).toEqual(['d9']);
      },
    },
    {
      // R16: the person captured the computer's queen and chooses her cell, the queen
      // picked up already and every vacant cell marked.
      name: 'captor',
      open: async () => ({ path: '/', storage: { [GAME_KEY]: storedGame(CAPTOR_AGN) } }),
      ready: async (page) => {
        await waitForTurn(page);
        await expect.poll(() => cellsWith(page, 'selected')).toEqual(['f9']);
      },
    },
    {
      // The person's winning move, and the result dialog over the board.
      name: 'result',
      open: async () => ({ path: '/', storage: { [GAME_KEY]: storedGame(WIN_IN_ONE_AGN) } }),
      ready: async (page) => {
        await waitForTurn(page);
        for (const cell of WINNING_CLICKS) await clickCell(page, cell);
        await page.getByTestId('result').waitFor();
      },
    },
    {
      // The analysis board on a position whose search ends (White wins in two), so its lines,
      // bar and arrow stop changing.
      name: 'analysis',
      open: async () => ({
        path: '/#analysis',
        storage: { [ANALYSIS_KEY]: { agn: WIN_IN_TWO_AGN, ply: 2 } },
      }),
      ready: async (page) => {
        await page.getByTestId('analysis').waitFor();
        const lines = page.getByTestId('lines');
        await expect.poll(() => lines.locator('li').count(), SLOW).toBe(2);
        await steady(async () =>
          [await lines.textContent(), await page.getByTestId('depth').textContent()].join('|'),
        );
      },
    },
    {
      // A finished game's review, kept from before: the blunder marked, the summary and graph.
      name: 'review',
      open: async () => ({
        path: '/#analysis',
        storage: { [ANALYSIS_KEY]: { agn: BLUNDER_AGN, ply: 2 }, [REVIEWS_KEY]: BLUNDER_REVIEWS },
      }),
      ready: async (page) => {
        await page.getByTestId('review-summary').waitFor();
        await page.locator('[data-piece]').first().waitFor();
        await page.getByTestId('review').scrollIntoViewIfNeeded();
      },
    },
    {
      name: 'rules',
      open: async () => ({ path: '/#rules' }),
      ready: async (page) => {
        await page.getByTestId('rules').waitFor();
        await page.locator('[data-figure] [data-cell]').first().waitFor();
      },
    },
    {
      // The first lesson; on a phone the lesson's board brings itself into view.
      name: 'tutorial',
      open: async () => ({ path: '/#tutorial' }),
      ready: async (page) => {
        await page.getByTestId('tutorial').waitFor();
        await page.locator('[data-cell="f6"]').waitFor();
        await steady(() => page.evaluate(() => String(scrollY)), 300);
      },
    },
    {
      // White's page of a game by link, both players here, after 1. b1-c2 a2-b2.
      name: 'online',
      open: async () => {
        const game = await onlineGame();
        return { path: game.path, storage: { [SEAT_KEY_PREFIX + game.id]: game.whiteToken } };
      },
      ready: async (page) => {
        await page.locator('[data-piece="black-guard"][data-at="b2"]').waitFor(SLOW);
        await waitForTurn(page);
        await expect.poll(() => page.locator('[data-testid^="away-"]').count(), SLOW).toBe(0);
        await expect.poll(() => page.getByTestId('line').count(), SLOW).toBe(0);
      },
    },
    {
      // The lobby as a player with a fixed name finds it, quiet whatever other tests left there;
      // what others change is painted over too.
      name: 'lobby',
      open: async () => ({ path: '/lobby', storage: { [PLAYER_KEY]: await player() } }),
      serve: serveQuietLobby,
      ready: async (page) => {
        await expect.poll(() => page.getByTestId('pool-3+2').isEnabled(), SLOW).toBe(true);
        await page.getByRole('link', { name: `Playing as ${PICTURED_NAME}` }).waitFor(SLOW);
      },
    },
    {
      // The same player's own page: ratings before any game, the name and transfer forms.
      name: 'me',
      open: async () => ({ path: '/me', storage: { [PLAYER_KEY]: await player() } }),
      serve: servePicturedPlayers,
      ready: async (page) => {
        await page.getByTestId('rating-blitz').waitFor(SLOW);
        await page.getByTestId('me').waitFor(SLOW);
        await page.getByTestId('vacation-left').waitFor(SLOW);
        expect(await page.getByTestId('player-name').textContent()).toBe(`${PICTURED_NAME} (you)`);
      },
    },
    {
      // The tournaments page: one tournament to come, one under way, one over, served fixed.
      name: 'tournaments',
      open: async () => ({ path: '/tournaments', storage: { [PLAYER_KEY]: await player() } }),
      serve: servePicturedTournaments,
      ready: async (page) => {
        await page.getByTestId('tournament-row').nth(2).waitFor(SLOW);
      },
    },
    {
      // An arena under way as its third player sees it: their line marked with their sheet.
      name: 'event',
      open: async () => ({ path: '/t/pictured', storage: { [PLAYER_KEY]: await player() } }),
      serve: servePicturedTournaments,
      ready: async (page) => {
        await page.getByTestId('sheet').waitFor(SLOW);
      },
    },
    {
      // A puzzle as it opens: the task, the board turned for the solver (Black).
      name: 'puzzles',
      open: async () => ({ path: '/puzzles/pictured' }),
      serve: servePicturedPuzzles,
      ready: async (page) => {
        await expect
          .poll(() => page.getByTestId('puzzle-status').textContent(), SLOW)
          .toBe('Find the best move.');
        await page.locator('.cell.origin').first().waitFor();
      },
    },
    {
      // The storm before a run: its rules, the best score kept, Start in the board's place.
      name: 'puzzle-storm',
      open: async () => ({ path: '/puzzles/storm', storage: { [PUZZLES_KEY]: PICTURED_RECORD } }),
      serve: servePicturedPuzzles,
      ready: async (page) => {
        await page.getByTestId('storm-start').waitFor(SLOW);
      },
    },
    {
      // The dashboard: the rating's history charted, and the themes weakest first.
      name: 'puzzle-dashboard',
      open: async () => ({
        path: '/puzzles/dashboard',
        storage: { [PUZZLES_KEY]: PICTURED_RECORD },
      }),
      serve: servePicturedPuzzles,
      ready: async (page) => {
        await page.getByTestId('rating-chart').waitFor(SLOW);
      },
    },
  ];

  for (const screen of screens) {
    for (const size of ['desktop', 'phone'] as const satisfies Size[]) {
      for (const look of ['light', 'dark'] as const satisfies Look[]) {
        it(`${screen.name} at ${size} size, ${look}`, async () => {
          const { path, storage } = await screen.open();
          const context = await lookContext(browser(), size, look, storage);
          await screen.serve?.(context);
          try {
            const page = await context.newPage();
            await page.goto(new URL(path, inject('baseURL')).href);
            await screen.ready(page);
            await expectLook(page, `${screen.name}-${size}-${look}`, [
              ...timeDependent(page),
              ...liveFigures(page),
            ]);
          } finally {
            await context.close();
          }
        });
      }
    }
  }
});
