// `agon bot` against the real server, as a bot's owner runs it: the agon command of the CLI
// package as its own process, one per bot token, with the built-in engine. Two bots play a
// challenge one makes to the other to its end; a bot declines what its config rules out; and
// a server killed in the middle of a game comes back to bots that reconnect and play on.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseNdjson } from '@agon/cli/ndjson';
import {
  Game,
  makeMoveText,
  PLACEMENT_APN,
  parseApn,
  parseMoveText,
  STANDARD_APN,
} from '@agon/engine';
import { type Running, startServerProcess } from '@agon/server/process';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import {
  describeInChromium,
  gameId,
  newContext,
  newNetwork,
  onlineMoves,
  openLobby,
  playTurn,
  SLOW,
  seeded,
  waitForTurn,
} from './browser.ts';

// The agon command as npm installs it: the bin of the CLI package.
const cliPackage = createRequire(import.meta.url).resolve('@agon/cli/package.json');
const AGON = join(
  dirname(cliPackage),
  (JSON.parse(readFileSync(cliPackage, 'utf8')) as { bin: { agon: string } }).bin.agon,
);

const scratch = mkdtempSync(join(tmpdir(), 'agon-bot-e2e-'));
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

interface Identity {
  readonly id: string;
  readonly name: string;
  readonly token: string;
}

async function call(
  server: string,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(new URL(path, server), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

// A stream's lines. Node's fetch gives an async-iterable body; the DOM's types do not say so.
function lines(response: Response) {
  return parseNdjson(response.body as unknown as AsyncIterable<Uint8Array>);
}

/** A new identity, made a bot unless `person`. */
async function identity(server: string, person = false): Promise<Identity> {
  const made = await fetch(new URL('/api/players', server), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(made.status).toBe(201);
  const who = (await made.json()) as Identity;
  if (!person) {
    expect(await call(server, who.token, 'POST', '/api/bot/account/upgrade')).toEqual({
      status: 200,
      body: { ok: true },
    });
  }
  return who;
}

/** An `agon bot` process and what it has logged. */
interface BotProcess {
  readonly child: ChildProcess;
  log(): string;
  /** The lines of its log that say it played a move in `game`. */
  played(game: string): number;
  readonly exited: Promise<number | null>;
}

function startBot(server: string, bot: Identity, config: unknown): BotProcess {
  const file = join(scratch, `${bot.id}.json`);
  writeFileSync(file, JSON.stringify(config));
  const child = spawn(process.execPath, [AGON, 'bot', '--server', server, '--config', file], {
    env: { ...process.env, AGON_BOT_TOKEN: bot.token },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  let log = '';
  child.stderr!.on('data', (d: Buffer) => {
    log += d.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return {
    child,
    log: () => log,
    played: (game) => log.split('\n').filter((l) => l.includes(`game ${game}: played `)).length,
    exited,
  };
}

/** The id of the game `bot` logged as started. */
function startedGame(bot: BotProcess): Promise<string> {
  return vi.waitFor(
    () => {
      const id = /game (\S+) starts against/.exec(bot.log())?.[1];
      if (!id) throw new Error(`no game started yet:\n${bot.log()}`);
      return id;
    },
    { timeout: 30_000, interval: 100 },
  );
}

/** The game `id` on the server as the game stream tells `bot` it: its moves and status. */
async function gameOnServer(
  server: string,
  bot: Identity,
  id: string,
  until: (state: { status: string; moves: string }) => boolean,
): Promise<{ status: string; moves: string[]; winner?: string }> {
  const response = await fetch(new URL(`/api/bot/game/stream/${id}`, server), {
    headers: { authorization: `Bearer ${bot.token}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
  let last: { status: string; moves: string; winner?: string } | undefined;
  for await (const line of lines(response)) {
    if (!line.ok) throw new Error(line.error.message);
    const message = line.value as Record<string, unknown>;
    const state = (message.type === 'gameFull' ? message.state : message) as typeof last;
    if (message.type !== 'gameFull' && message.type !== 'gameState') continue;
    last = state;
    if (until(state!)) break;
  }
  if (!last) throw new Error(`game ${id}: no state`);
  return { ...last, moves: last.moves.split(' ').filter(Boolean) };
}

/** The moves replayed by the rules (R16 with `captor`) from the start of `variant`. */
function replayed(
  moves: readonly string[],
  captor = false,
  variant: 'standard' | 'placement' = 'standard',
): Game {
  const start = parseApn(variant === 'placement' ? PLACEMENT_APN : STANDARD_APN);
  if (!start.ok) throw new Error(start.error.message);
  const game = new Game(start.value, { captorPlacesQueen: captor });
  for (const text of moves) {
    const move = parseMoveText(text);
    if (!move.ok) throw new Error(move.error.message);
    const played = game.play(move.value);
    if (!played.ok) throw new Error(`${text}: ${played.error.message}`);
  }
  return game;
}

/** The processes whose parent is `pid` (Linux's /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // The parent is the field after the state, after the name in parentheses.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/** Ends a bot as Ctrl-C would and answers its exit status. */
async function interrupt(bot: BotProcess, signal: NodeJS.Signals = 'SIGINT') {
  bot.child.kill(signal);
  return bot.exited;
}

const FAST = { games: 1, engine: { level: 1, movetime: 50 } };

/**
 * Two new bots, each run by `agon bot` with `config` and connected, and B's challenge to A on
 * `terms` (B White), made.
 */
async function challengedBots(server: string, config: unknown, terms: Record<string, unknown>) {
  const [a, b] = await Promise.all([identity(server), identity(server)]);
  const botA = startBot(server, a, config);
  const botB = startBot(server, b, config);
  for (const bot of [botA, botB]) {
    await expect.poll(bot.log, { timeout: 30_000 }).toContain('connected');
  }
  const made = await call(server, b.token, 'POST', `/api/challenge/${a.id}`, {
    rated: false,
    color: 'white',
    ...terms,
  });
  expect(made.status).toBe(200);
  return { a, b, botA, botB, challenge: (made.body.challenge as { id: string }).id };
}

describe('agon bot on the server of the suite', () => {
  it("stops at once, saying why, on a token the server does not know or one not a bot's", async () => {
    const server = inject('baseURL');
    const unknown = startBot(server, { id: 'nobody', name: 'nobody', token: 'not-a-token' }, FAST);
    expect(await unknown.exited).toBe(2);
    expect(unknown.log()).toContain(
      'agon: bot: the server does not know the token in AGON_BOT_TOKEN',
    );
    const person = await identity(server, true);
    const notBot = startBot(server, person, FAST);
    expect(await notBot.exited).toBe(2);
    expect(notBot.log()).toContain(`agon: bot: ${person.name} is not a bot yet`);
  });

  it('waits out a 429 as its retry-after asks, then connects', async () => {
    const server = inject('baseURL');
    const a = await identity(server);
    // The bot's own streams fill the server's cap on streams open at once.
    const hogging = new AbortController();
    const hogs = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(new URL('/api/stream/event', server), {
          headers: { authorization: `Bearer ${a.token}` },
          signal: hogging.signal,
        }),
      ),
    );
    expect(hogs.map((h) => h.status)).toEqual(Array(10).fill(200));
    const refused = await fetch(new URL('/api/stream/event', server), {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(refused.status).toBe(429);
    const wait = refused.headers.get('retry-after');
    expect(wait).toMatch(/^\d+$/);
    const bot = startBot(server, a, FAST);
    await expect
      .poll(bot.log, { timeout: 30_000 })
      .toContain(`429 on GET /api/stream/event: waiting ${wait} s as retry-after asks`);
    expect(bot.log()).not.toContain('connected');
    hogging.abort();
    await expect.poll(bot.log, { timeout: 30_000 }).toContain('connected');
    expect(await interrupt(bot)).toBe(0);
  });

  it.each([
    ['the standard rules', 'standard', false, ''],
    ['R16, the captor placing a captured queen', 'standard', true, ' R16'],
    ['the placement variant', 'placement', false, ''],
  ] as const)(
    'accepts a challenge another bot makes and both play it to its end (%s)',
    async (_, variant, captor, shown) => {
      const server = inject('baseURL');
      const { a, b, botA, botB, challenge } = await challengedBots(server, FAST, {
        'clock.limit': 300,
        'clock.increment': 2,
        variant,
        captorPlacesQueen: captor,
      });
      await expect
        .poll(botA.log, { timeout: 30_000 })
        .toContain(
          `challenge ${challenge} from ${b.name} (bot), ${variant} 300+2 casual${shown}: accepted`,
        );
      const game = await startedGame(botA);
      expect(await startedGame(botB)).toBe(game);

      const end = await gameOnServer(server, a, game, (s) => s.status !== 'started');
      // Bots offer no draw and never resign: the game ends on the board.
      const played = replayed(end.moves, captor, variant);
      const board = played.outcome;
      expect(board).toBeDefined();
      expect(end.status).toBe(
        board!.reason === 'throne-ring'
          ? 'mate'
          : board!.reason === 'no-moves'
            ? 'stalemate'
            : 'draw',
      );
      expect(end.winner).toBe(board!.winner);
      for (const bot of [botA, botB]) {
        await expect.poll(bot.log, { timeout: 10_000 }).toContain(`game ${game}: done`);
        // The game's engine process has quit with it.
        expect(childrenOf(bot.child.pid!)).toEqual([]);
      }
      // Every move on the server is one the bot that chose it says it played: A is Black, B
      // White, and under R16 the captor chooses where a queen it captured goes.
      const choosers = played.choosers();
      // Turns alternate; under R16 this game has a queen placed by her captor, off the turn.
      const captorTurns = choosers.filter((c, i) => c !== (i % 2 === 0 ? 'white' : 'black'));
      expect(captorTurns.length > 0).toBe(captor);
      expect(botA.played(game)).toBe(choosers.filter((c) => c === 'black').length);
      expect(botB.played(game)).toBe(choosers.filter((c) => c === 'white').length);

      // Still connected after the game, both end cleanly on Ctrl-C and SIGTERM.
      expect([botA.child.exitCode, botB.child.exitCode]).toEqual([null, null]);
      expect(await interrupt(botA)).toBe(0);
      expect(await interrupt(botB, 'SIGTERM')).toBe(0);
      expect(botA.log()).toMatch(/stopped\n$/);
    },
  );

  it.each([4, 30])(
    "answers a draw offer made after %i turns by its engine's last score: yes within 30 of level, else no",
    async (turns) => {
      const server = inject('baseURL');
      const [a, b] = await Promise.all([identity(server), identity(server)]);
      const botA = startBot(server, a, FAST);
      await expect.poll(botA.log, { timeout: 30_000 }).toContain('connected');
      // B is played here through the API: White, the first legal move each turn, and a draw
      // offered after `turns`, once A has searched (early the game is level; after 30 turns of
      // first legal moves B is behind, so both answers are seen).
      const terms = { rated: false, 'clock.limit': 300, 'clock.increment': 2, color: 'white' };
      expect((await call(server, b.token, 'POST', `/api/challenge/${a.id}`, terms)).status).toBe(
        200,
      );
      const game = await startedGame(botA);
      const stream = await fetch(new URL(`/api/bot/game/stream/${game}`, server), {
        headers: { authorization: `Bearer ${b.token}` },
      });
      let answered: { status: string; wdraw?: boolean } | undefined;
      let offered = false;
      for await (const line of lines(stream)) {
        const message = line.ok ? (line.value as Record<string, unknown>) : undefined;
        const state = (message?.type === 'gameFull' ? message.state : message) as
          | { type: string; moves: string; status: string; wdraw?: boolean }
          | undefined;
        if (state?.type !== 'gameState') continue;
        if (offered && !state.wdraw) {
          answered = state;
          break;
        }
        const position = replayed(state.moves.split(' ').filter(Boolean));
        if (state.status !== 'started' || position.chooser !== 'white' || state.wdraw) continue;
        if (position.moves.length === turns) {
          expect(
            (await call(server, b.token, 'POST', `/api/bot/game/${game}/draw/yes`)).status,
          ).toBe(200);
          offered = true;
          continue;
        }
        const move = encodeURIComponent(makeMoveText(position.legalMoves()[0]!));
        expect(
          (await call(server, b.token, 'POST', `/api/bot/game/${game}/move/${move}`)).status,
        ).toBe(200);
      }
      await expect.poll(botA.log).toMatch(/draw offer (accepted|declined) \(last score -?\d+\)/);
      const [, said, score] = /draw offer (accepted|declined) \(last score (-?\d+)\)/.exec(
        botA.log(),
      )!;
      expect(said === 'accepted').toBe(Math.abs(Number(score)) <= 30);
      expect(answered?.status).toBe(said === 'accepted' ? 'draw' : 'started');
      expect(await interrupt(botA)).toBe(0);
    },
  );

  it('declines what its config rules out, with the reason, and takes no game beyond its limit', async () => {
    const server = inject('baseURL');
    const [a, person] = await Promise.all([identity(server), identity(server, true)]);
    const botA = startBot(server, a, {
      ...FAST,
      challenges: { variants: ['standard'], initial: { min: 120 } },
    });
    await expect.poll(botA.log, { timeout: 30_000 }).toContain('connected');
    // The challenger hears of the answers on its own event stream, in Agon's words.
    const listening = new AbortController();
    const events = await fetch(new URL('/api/stream/event', server), {
      headers: { authorization: `Bearer ${person.token}` },
      signal: listening.signal,
    });
    expect(events.status).toBe(200);
    const declined: string[] = [];
    const reading = (async () => {
      for await (const line of lines(events)) {
        const event = line.ok ? (line.value as Record<string, unknown>) : undefined;
        const c = event?.challenge as { declineReason?: string } | undefined;
        if (event?.type === 'challengeDeclined') declined.push(c?.declineReason ?? '?');
      }
    })().catch(() => undefined);

    const terms = { rated: false, 'clock.limit': 300, 'clock.increment': 0, color: 'black' };
    const path = `/api/challenge/${a.id}`;
    expect(
      (await call(server, person.token, 'POST', path, { ...terms, variant: 'placement' })).status,
    ).toBe(200);
    await expect.poll(() => declined, { timeout: 30_000 }).toEqual(['variant']);
    expect(
      (await call(server, person.token, 'POST', path, { ...terms, 'clock.limit': 60 })).status,
    ).toBe(200);
    await expect.poll(() => declined, { timeout: 30_000 }).toEqual(['variant', 'too-fast']);
    await expect.poll(botA.log).toMatch(/declined \(variant\)/);
    await expect.poll(botA.log).toMatch(/declined \(tooFast\)/);

    // Accepted: a game of days with a person, who does not move, is the bot's one game, so a
    // live challenge (which the person may make beside a game of days) is for later.
    const days = { rated: false, days: 1, color: 'black' };
    expect((await call(server, person.token, 'POST', path, days)).status).toBe(200);
    await startedGame(botA);
    expect((await call(server, person.token, 'POST', path, terms)).status).toBe(200);
    await expect
      .poll(() => declined, { timeout: 30_000 })
      .toEqual(['variant', 'too-fast', 'later']);

    listening.abort();
    await reading;
    expect(await interrupt(botA)).toBe(0);
  });
});

// A free port of loopback, so that a restarted server listens where the bots look for it.
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describeInChromium('agon bot against a person in the browser', (browser) => {
  it('takes the challenge a person sends from its page, and plays the game to its end', async () => {
    const server = inject('baseURL');
    const bot = await identity(server);
    const agon = startBot(server, bot, FAST);
    await vi.waitFor(
      () => {
        if (!agon.log().includes('connected: reading the event stream')) throw new Error('not yet');
      },
      { timeout: 30_000, interval: 100 },
    );
    const context = await newContext(browser(), false, 'en-GB', newNetwork());
    const page = await context.newPage();
    await openLobby(page);
    await page.goto(`/p/${bot.id}`);
    await page.getByRole('button', { name: `Challenge ${bot.name}` }).click();
    const dialog = page.getByTestId('challenge-dialog');
    await dialog.getByRole('radio', { name: 'White (moves first)' }).check();
    await dialog.getByRole('button', { name: 'Send the challenge' }).click();

    // The bridge accepts: the person is taken to the game, and plays by clicks as a person does,
    // the engine behind the bridge answering each turn, until the game ends (or, a long game,
    // the person resigns after sixty turns of their own).
    const game = await gameId(page);
    expect(await startedGame(agon)).toBe(game);
    const random = seeded(47);
    const over = async (): Promise<boolean> =>
      (await page.locator('[data-testid="result"]').count()) > 0;
    for (let turns = 0; turns < 60; turns++) {
      if (await waitForTurn(page)) break;
      const before = (await onlineMoves(page)).length;
      await playTurn(page, random);
      await expect
        .poll(async () => (await over()) || (await onlineMoves(page)).length > before + 1, SLOW)
        .toBe(true);
    }
    if (!(await over())) {
      await page.getByRole('button', { name: 'Resign' }).click();
      await page.getByRole('button', { name: 'Really resign?' }).click();
    }
    await page.getByTestId('result').waitFor(SLOW);
    // Every move of the bot's was the bridge's, and the bridge saw the game end.
    const ended = await gameOnServer(server, bot, game, (s) => s.status !== 'started');
    expect(ended.status).not.toBe('started');
    expect(agon.played(game)).toBe(Math.floor(ended.moves.length / 2));
    await context.close();
    expect(await interrupt(agon)).toBe(0);
  });
});

describe('agon bot when the server goes away', () => {
  const data = mkdtempSync(join(scratch, 'data-'));
  let server: Running | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it('reconnects to the restarted server, picks the game up and plays on', async () => {
    const env = {
      PORT: String(await freePort()),
      AGON_SCHEDULE: 'none',
      AGON_PUZZLE_SCAN: 'off',
    };
    server = await startServerProcess(data, env);
    const url = server.url;
    // Level 10 thinks for its time: the game lasts past the restart.
    const slow = { games: 1, engine: { level: 10, movetime: 250 } };
    const { a, botA, botB } = await challengedBots(url, slow, {
      'clock.limit': 600,
      'clock.increment': 5,
    });
    const game = await startedGame(botA);
    await expect.poll(() => botA.played(game), { timeout: 60_000 }).toBeGreaterThanOrEqual(3);

    await server.stop('SIGKILL');
    const before = { a: botA.played(game), b: botB.played(game) };
    for (const bot of [botA, botB]) {
      await expect.poll(bot.log, { timeout: 30_000 }).toMatch(/event stream (dropped|ended)/);
    }
    server = await startServerProcess(data, env);
    expect(server.url).toBe(url);

    // Each bot connects again, is sent the game still going, and moves in it again.
    for (const bot of [botA, botB]) {
      await expect
        .poll(() => bot.log().split('connected: reading the event stream').length - 1, {
          timeout: 60_000,
        })
        .toBe(2);
    }
    await expect.poll(() => botA.played(game), { timeout: 60_000 }).toBeGreaterThan(before.a + 1);
    await expect.poll(() => botB.played(game), { timeout: 60_000 }).toBeGreaterThan(before.b + 1);
    const now = await gameOnServer(url, a, game, () => true);
    expect(now.moves.length).toBeGreaterThanOrEqual(before.a + before.b + 4);
    // Every move the server holds follows the rules from the start.
    replayed(now.moves);

    expect(await interrupt(botA, 'SIGTERM')).toBe(0);
    expect(await interrupt(botB, 'SIGTERM')).toBe(0);
  });
});
