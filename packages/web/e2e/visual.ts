// The look's regression tests' machinery: browser contexts that draw the same pixels on every
// run (one device pixel per CSS pixel, no motion, a fixed theme and language), the app's
// storage seeded before it starts, the games that the screens show, and screenshots compared
// with the baselines committed in e2e/baselines/.
//
// UPDATE_BASELINES=1 writes the baselines instead of comparing (`npm run test:visual:update`).

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type HouseBots,
  type LobbyView,
  POOLS,
  type Standing,
  type TournamentList,
  type TournamentListing,
  type TournamentView,
} from '@agon/protocol';
import pixelmatch from 'pixelmatch';
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
} from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, expect, inject } from 'vitest';
import { en } from '../src/i18n/en.ts';
import { en as onlineEn } from '../src/online/text/en.ts';
import { DEFAULT_SETUP } from '../src/play/setup.ts';
import { ARTIFACTS, clickCell, newContext, openApp, waitForTurn } from './browser.ts';

/** The committed baselines, `<screen>-<size>-<theme>.png`. */
export const BASELINES = fileURLToPath(new URL('./baselines/', import.meta.url));
/** Where a failed comparison leaves the actual screenshot and the difference (ignored by git). */
export const VISUAL_ARTIFACTS = `${ARTIFACTS}visual/`;
/** Set (`UPDATE_BASELINES=1`): the tests write the baselines instead of comparing with them. */
export const UPDATING = process.env.UPDATE_BASELINES === '1';
/** The command that writes the baselines, named in the message of a missing one. */
export const UPDATE_COMMAND = 'npm run test:visual:update';

/**
 * pixelmatch's threshold (0-1): how far apart in colour two pixels may be and still count as
 * the same. 0.1 forgives anti-aliasing noise, not a changed colour.
 */
export const PIXEL_THRESHOLD = 0.1;
/**
 * The share of a screenshot's pixels that may differ from its baseline: 0.5% (5,120 pixels
 * of a 1280x800 screen, 1,646 of a 390x844 one). Two runs on one machine differ by none. The
 * page moved down 3 px differs by 5-9%, far above; every button's corners squared differs by
 * 0.04% and passes: the screenshots hold the layout and colours, not each pixel.
 */
export const MAX_DIFF_SHARE = 0.005;

// The app's storage keys (its storage.ts and online/seats.ts), seeded by the tests.
/** The player's preferences: `{ theme, language, introDone, sound, coordinates }`. */
export const SETTINGS_KEY = 'agon.settings.v1';
/** The game in progress: `{ setup, agn }`. */
export const GAME_KEY = 'agon.game.v1';
/** The game last sent to the analysis board: `{ agn, ply }`. */
export const ANALYSIS_KEY = 'agon.analysis.v1';
/** The kept game reviews: `[[game, review], ...]`. */
export const REVIEWS_KEY = 'agon.reviews.v1';
/** Prefix of an online seat's token, by game id (the token itself is stored as plain text). */
export const SEAT_KEY_PREFIX = 'agon.online.seat.';
/** This browser's online player: `{ id, name, token }` (lib/identity.ts). */
export const PLAYER_KEY = 'agon.player';

/**
 * The name the pictured player goes by: a fixed one, so the lobby and the player page look
 * the same on every run; no generated name is two words without a number.
 */
export const PICTURED_NAME = 'Quiet Heron';

/**
 * The time the pictured pages live at (Date.now and new Date()), and the day the pictured player
 * was made: a date on a screen reads the same on every run.
 */
export const PICTURED_TIME = Date.UTC(2026, 0, 15, 12, 0, 0);

/**
 * The lobby the pictures show, whatever other tests have left on the server (their players'
 * generated names, their challenges and games, the counts): nobody waiting or playing, no open
 * challenge and no game being played.
 */
/**
 * The house bots as the lobby pictures them: the roster at its starting ratings, which in a
 * live run move with every game other tests play against them.
 */
const houseBot = (id: string, level: number, rating: number) => ({
  id,
  name: `Agon Bot ${level}`,
  level,
  rating: { rating, provisional: true, games: 0 },
});
const PICTURED_HOUSE: HouseBots = {
  bots: [
    houseBot('agnhausbta', 1, 800),
    houseBot('agnhausbtc', 3, 1020),
    houseBot('agnhausbte', 5, 1260),
    houseBot('agnhausbtg', 7, 1660),
    houseBot('agnhausbti', 9, 1830),
  ],
};

export const PICTURED_LOBBY: LobbyView = {
  pools: POOLS.map((pool) => ({ id: pool.id, waiting: 0, playing: 0 })),
  challenges: [],
  players: 1,
  games: 0,
  live: [],
  status: 'ok',
  sought: 3,
};

/** A pictured tournament's player, by name, with a rating of their own. */
const entrant = (name: string, rating: number): Standing['player'] => ({
  id: `${name
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}23`.padEnd(10, '2'),
  name,
  rating: { rating, provisional: false, games: 40 },
});

/** The pictured arena: under way, its standings, the pictured player third and on fire. */
const PICTURED_ARENA: TournamentListing = {
  id: 'pictured',
  kind: 'arena',
  name: 'Thursday Blitz Arena',
  clock: { initial: 180_000, increment: 2000 },
  variant: 'standard',
  touchMove: false,
  captorPlacesQueen: true,
  rated: true,
  startsAt: PICTURED_TIME - 20 * 60_000,
  minutes: 60,
  berserk: true,
  status: 'running',
  endsAt: PICTURED_TIME + 40 * 60_000,
  players: 6,
  locked: false,
  leader: { id: 'brisk', name: 'Brisk Otter', score: 14 },
};

/**
 * The tournaments the tournaments page pictures, whatever other tests made: one to come, the
 * arena under way, one over.
 */
export const PICTURED_TOURNAMENTS: TournamentList = {
  now: PICTURED_TIME,
  upcoming: [
    {
      ...PICTURED_ARENA,
      id: 'picupcme',
      kind: 'swiss',
      name: 'Weekend Correspondence Swiss',
      clock: { days: 3 },
      touchMove: true,
      startsAt: PICTURED_TIME + 2 * 86_400_000 + 4 * 3_600_000,
      minutes: undefined,
      rounds: 7,
      berserk: false,
      status: 'upcoming',
      endsAt: null,
      players: 9,
      locked: true,
      leader: undefined,
    },
  ],
  running: [PICTURED_ARENA],
  finished: [
    {
      ...PICTURED_ARENA,
      id: 'picfinis',
      name: 'New Year Bullet',
      clock: { initial: 60_000, increment: 1000 },
      captorPlacesQueen: false,
      startsAt: PICTURED_TIME - 14 * 86_400_000,
      minutes: 30,
      status: 'finished',
      endsAt: PICTURED_TIME - 14 * 86_400_000 + 30 * 60_000,
      players: 23,
      leader: { id: 'calm', name: 'Calm Lynx', score: 31 },
    },
  ],
};

const PICTURED_STANDINGS: Standing[] = (
  [
    ['Brisk Otter', 1712, 14, true, false],
    ['Calm Lynx', 1688, 11, false, false],
    [PICTURED_NAME, 1540, 9, true, false],
    ['Dusky Wren', 1601, 6, false, true],
    ['Eager Moose', 1495, 4, false, false],
    ['Fair Heron', 1433, 0, false, false],
  ] as const
).map(([name, rating, score, fire, paused], i) => ({
  rank: i + 1,
  player: entrant(name, rating),
  score,
  fire,
  paused,
  withdrawn: false,
  games: 5,
  playing: i === 1 || i === 4 ? 'pictgame23' : null,
}));

/** The pictured arena's page, as the pictured player, third, sees it. */
export const PICTURED_ARENA_PAGE: TournamentView = {
  ...PICTURED_ARENA,
  now: PICTURED_TIME,
  version: 1,
  round: 0,
  standings: PICTURED_STANDINGS,
  page: 1,
  pages: 1,
  podium: [],
  games: [{ game: 'pictgame23', white: 'Calm Lynx', black: 'Eager Moose', round: 0 }],
  you: {
    joined: true,
    paused: false,
    withdrawn: false,
    game: null,
    pairedAt: null,
    standing: PICTURED_STANDINGS[2]!,
    sheet: [
      [2, 'win', false, false],
      [0, 'loss', false, false],
      [2, 'win', false, true],
      [2, 'win', false, false],
      [3, 'win', true, false],
    ].map(([points, result, fire, berserk]) => ({
      game: null,
      opponent: null,
      colour: null,
      result: result as 'win' | 'loss',
      points: points as number,
      fire: fire as boolean,
      berserk: berserk as boolean,
    })),
  },
  lastPairingAt: PICTURED_TIME + 38 * 60_000,
};

/**
 * Serves the tournaments' list and the pictured arena's page and socket fixed, whatever tournaments
 * other tests made (the server's tournaments are read only through these).
 */
export async function servePicturedTournaments(context: BrowserContext): Promise<void> {
  await context.route(/\/api\/tournaments(\?.*)?$/, (route) =>
    route.fulfill({ json: PICTURED_TOURNAMENTS }),
  );
  await context.route(/\/api\/tournaments\/pictured(\?.*)?$/, (route) =>
    route.fulfill({ json: PICTURED_ARENA_PAGE }),
  );
  // The leagues the tournaments page lists below them are left out of the picture.
  await context.route(/\/api\/leagues$/, (route) => route.fulfill({ json: { leagues: [] } }));
  // The tournament's page follows it on its socket: the pictured one is what that socket says.
  await context.routeWebSocket(/\/api\/tournaments\/pictured\/socket$/, (page) => {
    page.onMessage((message) => {
      const said = JSON.parse(String(message)) as { t: string };
      if (said.t === 'hello' || said.t === 'page') {
        page.send(JSON.stringify({ t: 'view', view: PICTURED_ARENA_PAGE }));
      } else if (said.t === 'ping') page.send(JSON.stringify({ t: 'pong' }));
    });
  });
}

/** The two sizes every screen is looked at. */
export const SIZES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const satisfies Record<string, BrowserContextOptions>;
export type Size = keyof typeof SIZES;
/** The themes looked at; the colour scheme the browser asks for is the same. */
export type Look = 'light' | 'dark';

/** The first visit's setup: against the computer at level 3, the person White. */
export const COMPUTER_SETUP = DEFAULT_SETUP;

/**
 * Mid-game against the computer (11 turns each, from the standard start, as levels 2 and 3
 * played them): Black's queen has just captured White's guard on d9, and White, to move,
 * owes its relocation to a vacant outer-ring cell (R10).
 */
export const RELOCATION_AGN = [
  '1. h9-h8 k7-i8 2. b1-c2 h1-h2 3. a5-a6 h2-i2 4. h8-h7 d1-c1 5. l5-k5 b7-c8 6. k1-i1 i8-h9',
  '7. h7-h6 c1-d2 8. f1-g1 d2-e2 9. k5-i6 e2-f2 10. h6-h5 h9-g10 11. c2-d3 f11-e10 *',
].join(' ');

/** R16: White has just captured Black's queen on f9 and chooses her cell (Black's turn). */
export const CAPTOR_AGN =
  '[QueenPlacement "Captor"]\n[Position "1g1G2/G5g/8/g7G/Q9/8q2/7G2/g3g4/8/G4g1/2G3 w"]\n\n1. d9-e9 *';

/** White's queen on the throne, five guards around her, two more a step away; Black far off. */
const NEAR_THE_END = '1g4/2g4/g7/9/4GG4/4GQ2G1q/4G5/5G3/8/4g2/gg4 w';
/** Two turns from NEAR_THE_END: White wins in two whatever Black does (a search ends at depth 3). */
export const WIN_IN_TWO_AGN = `[Position "${NEAR_THE_END}"]\n\n1. f9-f8 l1-k1 *`;
/** Two turns more: White to move, and h6-g6 closes the ring round the queen (R11). */
export const WIN_IN_ONE_AGN = `[Position "${NEAR_THE_END}"]\n\n1. f9-f8 l1-k1 2. f8-f7 b3-c3 *`;
/** The winning move of WIN_IN_ONE_AGN, as a person makes it: the piece, then the cell. */
export const WINNING_CLICKS = ['h6', 'g6'] as const;

/** A finished game: White's b1-a1 lets Black's c1-b1 leave White without a move (R12). */
const BLUNDER_START = '1g4/G1g4/g7/9/4GG4/4GQG3q/4Gg4/9/8/7/gg4 w';
export const BLUNDER_AGN = `[Position "${BLUNDER_START}"]\n\n1. b1-a1 c1-b1 0-1`;
/**
 * The review of BLUNDER_AGN as the analysis board stores it (made once by the app's own
 * reviewer, copied from local storage), so the review screen shows without searching.
 */
export const BLUNDER_REVIEWS = [
  [
    `${BLUNDER_START} b1-a1 c1-b1`,
    {
      moves: ['b1-a1', 'c1-b1'],
      verdicts: [
        {
          score: { kind: 'cp', value: 260 },
          pv: ['b1-c2', 'b3-c3', 'c2@g10', 'l2-k3', 'g10-f10'],
          chances: 0.6271477663131956,
        },
        { score: { kind: 'win', turns: 1 }, pv: ['c1-b1'], chances: 0 },
        { score: { kind: 'cp', value: 0 }, pv: [], chances: 0 },
      ],
      judged: [
        {
          ply: 1,
          mover: 'white',
          loss: 0.6271477663131956,
          mark: 'blunder',
          best: ['b1-c2', 'b3-c3', 'c2@g10', 'l2-k3', 'g10-f10'],
        },
        { ply: 2, mover: 'black', loss: 0 },
      ],
      summary: {
        white: {
          counts: { inaccuracy: 0, mistake: 0, blunder: 1 },
          averageLoss: 0.6271477663131956,
          moves: 1,
        },
        black: { counts: { inaccuracy: 0, mistake: 0, blunder: 0 }, averageLoss: 0, moves: 1 },
      },
    },
  ],
];

/** The stored game `{ setup, agn }` of a game against the computer. */
export function storedGame(agn: string): { setup: typeof COMPUTER_SETUP; agn: string } {
  return { setup: COMPUTER_SETUP, agn };
}

/**
 * Puts `entries` into local storage before the app's first script runs, on the first page
 * load of each tab only (a reload then finds what the app itself stored). Strings are stored
 * as they are, anything else as JSON, as the app stores it.
 */
export async function seedStorage(
  context: BrowserContext,
  entries: Record<string, unknown>,
): Promise<void> {
  const items = Object.entries(entries).map(
    ([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)] as const,
  );
  await context.addInitScript((seed) => {
    try {
      if (sessionStorage.getItem('e2e.seeded')) return;
      sessionStorage.setItem('e2e.seeded', '1');
      for (const [key, value] of seed) localStorage.setItem(key, value);
    } catch {
      // A page without storage (about:blank): nothing to seed.
    }
  }, items);
}

/**
 * A context for screenshots: `size`, one device pixel per CSS pixel (small baselines), no
 * motion, English, UTC, the pages' clock stopped at PICTURED_TIME (timers still run), no
 * service worker, the browser asking for `look` and the app's stored theme set to it.
 * `storage` is seeded as well (see seedStorage).
 */
export async function lookContext(
  browser: Browser,
  size: Size,
  look: Look,
  storage: Record<string, unknown> = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...SIZES[size],
    deviceScaleFactor: 1,
    locale: 'en-GB',
    timezoneId: 'UTC',
    colorScheme: look,
    reducedMotion: 'reduce',
    // The service worker changes nothing on the screen; without it a page loads sooner.
    serviceWorkers: 'block',
  });
  await context.clock.setFixedTime(PICTURED_TIME);
  await seedStorage(context, { [SETTINGS_KEY]: { theme: look, language: 'en' }, ...storage });
  return context;
}

/**
 * Serves the lobby's socket through the real server, with PICTURED_LOBBY in place of the lobby
 * it describes and none of its changes: the page's own player (its name, its welcome) is the
 * server's; the house bots are PICTURED_HOUSE.
 */
export async function serveQuietLobby(context: BrowserContext): Promise<void> {
  await context.route(/\/api\/bot\/house$/, (route) => route.fulfill({ json: PICTURED_HOUSE }));
  await context.routeWebSocket(/\/api\/lobby\/socket$/, (page) => {
    const server = page.connectToServer();
    page.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      const said = JSON.parse(String(message)) as { t: string; lobby?: LobbyView };
      // The changes to the lobby the others make are kept from the picture.
      if (said.t === 'changes') return;
      if (said.t === 'welcome') said.lobby = PICTURED_LOBBY;
      page.send(JSON.stringify(said));
    });
  });
}

/** Serves players' pages from the real server, each made at PICTURED_TIME. */
export async function servePicturedPlayers(context: BrowserContext): Promise<void> {
  await context.route(/\/api\/players\/[^/]+$/, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    const page = (await response.json()) as { createdAt: number };
    return route.fulfill({ response, json: { ...page, createdAt: PICTURED_TIME } });
  });
}

/** Waits for the page's fonts and two frames, so that what is drawn is what is meant. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
}

/** Polls `read` until it returns the same text twice `quietMs` apart (a search that ended). */
export async function steady(
  read: () => Promise<string>,
  quietMs = 600,
  timeout = 20_000,
): Promise<string> {
  const end = Date.now() + timeout;
  let before = await read();
  for (;;) {
    await new Promise((done) => setTimeout(done, quietMs));
    const now = await read();
    if (now === before) return now;
    if (Date.now() > end) throw new Error(`still changing after ${timeout} ms: ${now}`);
    before = now;
  }
}

/** What a comparison found: differing pixels, and their share of the screenshot. */
export interface Comparison {
  readonly differing: number;
  readonly share: number;
}

/**
 * Compares a screenshot with its baseline `<name>.png`, or writes the baseline when
 * UPDATING. Fails (leaving `<name>.actual.png` and `<name>.diff.png` in VISUAL_ARTIFACTS)
 * when more than MAX_DIFF_SHARE of its pixels differ, when the sizes differ, and when there
 * is no baseline.
 */
export function matchBaseline(name: string, png: Buffer): Comparison {
  const baseline = `${BASELINES}${name}.png`;
  if (UPDATING) {
    mkdirSync(BASELINES, { recursive: true });
    writeFileSync(baseline, png);
    return { differing: 0, share: 0 };
  }
  mkdirSync(VISUAL_ARTIFACTS, { recursive: true });
  const actualPath = `${VISUAL_ARTIFACTS}${name}.actual.png`;
  if (!existsSync(baseline)) {
    writeFileSync(actualPath, png);
    throw new Error(
      `no baseline e2e/baselines/${name}.png (the screenshot is in ${actualPath}): ` +
        `write the baselines with \`${UPDATE_COMMAND}\` and commit them, saying why`,
    );
  }
  const expected = PNG.sync.read(readFileSync(baseline));
  const actual = PNG.sync.read(png);
  const { width, height } = expected;
  if (actual.width !== width || actual.height !== height) {
    writeFileSync(actualPath, png);
    throw new Error(
      `${name}: the screenshot is ${actual.width}x${actual.height}, its baseline ${width}x${height} (see ${actualPath})`,
    );
  }
  const diff = new PNG({ width, height });
  const differing = pixelmatch(expected.data, actual.data, diff.data, width, height, {
    threshold: PIXEL_THRESHOLD,
  });
  const share = differing / (width * height);
  if (share > MAX_DIFF_SHARE) {
    writeFileSync(actualPath, png);
    const diffPath = `${VISUAL_ARTIFACTS}${name}.diff.png`;
    writeFileSync(diffPath, PNG.sync.write(diff));
    throw new Error(
      `${name}: ${differing} pixels (${(share * 100).toFixed(2)}%) differ from the baseline, ` +
        `more than ${MAX_DIFF_SHARE * 100}% (see ${actualPath} and ${diffPath}). ` +
        `If the change is meant, \`${UPDATE_COMMAND}\` writes new baselines.`,
    );
  }
  return { differing, share };
}

/**
 * Screenshots the viewport once the page has settled, the mouse out of the way, anything
 * `mask` covers painted over, and compares it with baseline `name`.
 */
export async function expectLook(
  page: Page,
  name: string,
  mask: Locator[] = [],
): Promise<Comparison> {
  await page.mouse.move(0, 0);
  await settle(page);
  const png = await page.screenshot({
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
    mask,
    maskColor: '#ff00ff',
  });
  const comparison = matchBaseline(name, png);
  if (comparison.differing > 0) {
    console.log(`visual ${name}: ${comparison.differing} pixels differ (within the limit)`);
  }
  return comparison;
}

/** An online player as the server made it: what PLAYER_KEY holds. */
export interface PlayerFixture {
  readonly id: string;
  readonly name: string;
  readonly token: string;
}

/**
 * Makes a player through the server's own routes, as the first online page does, and names it
 * PICTURED_NAME (PATCH /api/me), so every picture of the lobby and the player page shows one
 * name whatever the server generated.
 */
export async function createNamedPlayer(baseURL: string): Promise<PlayerFixture> {
  const made = await fetch(new URL('/api/players', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ language: 'en' }),
  });
  if (made.status !== 201) throw new Error(`POST /api/players answered ${made.status}`);
  const player = (await made.json()) as PlayerFixture;
  const renamed = await fetch(new URL('/api/me', baseURL), {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
    body: JSON.stringify({ name: PICTURED_NAME }),
  });
  if (renamed.status !== 200) throw new Error(`PATCH /api/me answered ${renamed.status}`);
  return { id: player.id, name: PICTURED_NAME, token: player.token };
}

/** One named player for a whole describe block, made the first time a test asks for it. */
export function sharedPlayer(): () => Promise<PlayerFixture> {
  let player: Promise<PlayerFixture> | undefined;
  return () => {
    player ??= createNamedPlayer(inject('baseURL'));
    return player;
  };
}

/**
 * What other players change on the lobby and the player page, painted over in screenshots: the
 * counts, each pool's crowd, the open challenges and the games being played; and the day the
 * player was made. (Both are served fixed as well, serveQuietLobby and servePicturedPlayers: a
 * mask keeps the size of what it covers, and rows of other players' names changed it.)
 */
export function liveFigures(page: Page): Locator[] {
  return [
    page.getByTestId('lobby-counts'),
    page.locator('.pool-crowd'),
    page.locator('.lobby-list .rows, .lobby-list .lobby-empty'),
    page.getByTestId('player-since'),
  ];
}

/** What changes with the clock, painted over in screenshots: clocks and "thinking" signs. */
export function timeDependent(page: Page): Locator[] {
  return [page.locator('[role="timer"]'), page.getByTestId('thinking')];
}

/** An online game by link, both seats taken and 1. b1-c2 a2-b2 played, White to move. */
export interface OnlineGameFixture {
  readonly id: string;
  /** The game's page, `/g/<id>`. */
  readonly path: string;
  /** White's seat token: seeded as SEAT_KEY_PREFIX + id, a page plays White. */
  readonly whiteToken: string;
  /** Closes Black's page, which stays connected meanwhile (White's opponent is "here"). */
  close(): Promise<void>;
}

/**
 * Creates an online game through the real server as people do: White on the create page
 * (side White, no clock), Black by opening the link; each makes one move by clicks. White's
 * page is closed after, Black's stays open until `close`.
 */
export async function createOnlineGame(
  browser: Browser,
  baseURL: string,
): Promise<OnlineGameFixture> {
  const slow = { timeout: 15_000 };
  const whiteContext = await newContext(browser);
  const white = await whiteContext.newPage();
  await white.goto(new URL('/online', baseURL).href);
  await white.getByRole('radio', { name: en['new.side.white'] }).check();
  await white.getByRole('button', { name: onlineEn['online.create'] }).click();
  const link = await white.getByTestId('share-link').inputValue(slow);
  const id = /\/g\/([a-z2-9]+)$/.exec(link)?.[1];
  if (!id) throw new Error(`not a game link: ${link}`);
  const whiteToken = await white.evaluate((key) => localStorage.getItem(key), SEAT_KEY_PREFIX + id);
  if (!whiteToken) throw new Error('the creating page holds no seat');
  const blackContext = await newContext(browser);
  const black = await blackContext.newPage();
  await openApp(black, link);
  // Black has joined once White's page stops offering the link.
  await expect.poll(() => white.getByTestId('share').count(), slow).toBe(0);
  await waitForTurn(white);
  await clickCell(white, 'b1');
  await clickCell(white, 'c2');
  await black.locator('[data-piece="white-guard"][data-at="c2"]').waitFor(slow);
  await waitForTurn(black);
  await clickCell(black, 'a2');
  await clickCell(black, 'b2');
  await white.locator('[data-piece="black-guard"][data-at="b2"]').waitFor(slow);
  await whiteContext.close();
  return {
    id,
    path: `/g/${id}`,
    whiteToken,
    close: () => blackContext.close(),
  };
}

/**
 * One online game for a whole describe block, created the first time a test asks for it and
 * closed after the block.
 */
export function sharedOnlineGame(browser: () => Browser): () => Promise<OnlineGameFixture> {
  let online: Promise<OnlineGameFixture> | undefined;
  afterAll(async () => {
    await (await online)?.close();
  });
  return () => {
    online ??= createOnlineGame(browser(), inject('baseURL'));
    return online;
  };
}
