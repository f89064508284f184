// The Bot API's streams and commands against the real server process (docs/bot-api.md, "The
// API"): a bot hears of challenges and games on its event stream, accepts and declines over
// HTTP, plays a whole game through its commands while its game stream follows every move, and
// every request it may not make is refused with a code, a sentence and a fitting status.

import {
  type Colour,
  Game,
  type Move,
  makeMoveText,
  parseApn,
  STANDARD_APN,
  seededRandom,
} from '@agon/engine';
import type { Identity } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import { newPlayer } from '../scripts/lobby-client.ts';
import { serverFor } from './harness.ts';
import {
  type Answer,
  botCall,
  newBot as makeBot,
  NdjsonClient,
  openStream,
} from './ndjson-client.ts';

const server = serverFor({ AGON_TRUST_PROXY: '1' });

let made = 0;
/** A new identity, each from a network of its own (the server believes X-Forwarded-For). */
const newIdentity = (): Promise<Identity> => newPlayer(server.url, 'en', `198.51.100.${++made}`);

/** Sends a request to the API with `token`; a string body goes as a form, any other as JSON. */
const call = (method: string, path: string, token?: string, body?: unknown): Promise<Answer> =>
  botCall(server.url, method, path, token, body);

/** A new identity made a bot. */
const newBot = (): Promise<Identity> => makeBot(server.url, `198.51.100.${++made}`);

/** Opens a stream that must open. */
async function stream(path: string, token: string): Promise<NdjsonClient> {
  const opened = await openStream(server.url, path, token);
  expect(opened.response.headers.get('content-type')).toBe('application/x-ndjson');
  return opened;
}

const events = (token: string) => stream('stream/event', token);

/** `challenger` challenges `to` over HTTP with `body` and `to` accepts: the game's id. */
async function accepted(challenger: Identity, to: Identity, body: unknown): Promise<string> {
  const made = await call('POST', `challenge/${to.id}`, challenger.token, body);
  expect(made.status).toBe(200);
  const taken = await call('POST', `challenge/${made.json.challenge.id}/accept`, to.token);
  expect(taken).toMatchObject({ status: 200, json: { ok: true } });
  return taken.json.game.id as string;
}

describe('the event stream', () => {
  it('tells a bot of a challenge to it, then of the game once it accepts over HTTP', async () => {
    const bot = await newBot();
    const person = await newIdentity();
    const [botEvents, personEvents] = await Promise.all([events(bot.token), events(person.token)]);
    // A form as lichess's bridges send it; the person has no lobby socket open.
    const made = await call(
      'POST',
      `challenge/${bot.id}`,
      person.token,
      'clock.limit=180&clock.increment=2&color=white&rated=false',
    );
    expect(made.status).toBe(200);
    const id = made.json.challenge.id as string;
    expect(made.json.challenge).toMatchObject({
      status: 'created',
      challenger: { id: person.id, name: person.name },
      destUser: { id: bot.id, title: 'BOT' },
      timeControl: { type: 'clock', limit: 180, increment: 2, show: '3+2' },
      speed: 'blitz',
      color: 'white',
      rated: false,
      variant: { key: 'standard' },
      direction: 'out',
    });
    const seen = await botEvents.next('challenge');
    expect(seen.challenge).toMatchObject({ id, direction: 'in', challenger: { id: person.id } });

    const taken = await call('POST', `challenge/${id}/accept`, bot.token);
    expect(taken).toMatchObject({ status: 200, json: { ok: true } });
    const game = taken.json.game.id as string;
    expect((await botEvents.next('gameStart')).game).toMatchObject({
      gameId: game,
      color: 'black',
      isMyTurn: false,
      opponent: { id: person.id, username: person.name },
      source: 'friend',
      status: { name: 'started' },
    });
    expect((await personEvents.next('gameStart')).game).toMatchObject({
      gameId: game,
      color: 'white',
      isMyTurn: true,
    });

    // A stream opened later says the game still going first.
    const again = await events(bot.token);
    expect((await again.any()).game).toMatchObject({ gameId: game });

    // The challenge accepted went from the lists as taken, not canceled: a challenge made after
    // is said after its going.
    const later = await call('POST', `challenge/${bot.id}`, person.token, { days: 2 });
    const id2 = later.json.challenge.id as string;
    await personEvents.next('challenge', (l) => (l.challenge as { id: string }).id === id2);
    await botEvents.next('challenge', (l) => (l.challenge as { id: string }).id === id2);
    expect([personEvents, botEvents].map((s) => s.received('challengeCanceled'))).toEqual([0, 0]);
    for (const s of [botEvents, personEvents, again]) s.close();
  });

  it('tells a challenger why a bot declined, and a bot of a challenge canceled', async () => {
    const bot = await newBot();
    const person = await newIdentity();
    const [botEvents, personEvents] = await Promise.all([events(bot.token), events(person.token)]);
    const body = { 'clock.limit': 60, 'clock.increment': 0 };
    const first = await call('POST', `challenge/${bot.id}`, person.token, body);
    await botEvents.next(
      'challenge',
      (l) => (l.challenge as { id: string }).id === first.json.challenge.id,
    );
    expect(
      await call(
        'POST',
        `challenge/${first.json.challenge.id}/decline`,
        bot.token,
        'reason=tooFast',
      ),
    ).toMatchObject({ status: 200, json: { ok: true } });
    expect((await personEvents.next('challengeDeclined')).challenge).toMatchObject({
      id: first.json.challenge.id,
      status: 'declined',
      declineReason: 'too-fast',
    });

    // The bot that declined hears it as declined too.
    expect((await botEvents.next('challengeDeclined')).challenge).toMatchObject({
      id: first.json.challenge.id,
      direction: 'in',
      declineReason: 'too-fast',
    });

    const second = await call('POST', `challenge/${bot.id}`, person.token, { days: 3 });
    const id = second.json.challenge.id as string;
    expect(second.json.challenge.timeControl).toEqual({ type: 'correspondence', daysPerTurn: 3 });
    await botEvents.next('challenge', (l) => (l.challenge as { id: string }).id === id);
    // Only its challenger cancels it.
    expect((await call('POST', `challenge/${id}/cancel`, bot.token)).status).toBe(404);
    expect(await call('POST', `challenge/${id}/cancel`, person.token)).toMatchObject({
      status: 200,
    });
    expect((await botEvents.next('challengeCanceled')).challenge).toMatchObject({
      id,
      status: 'canceled',
    });
    expect(botEvents.received('challengeDeclined')).toBe(1);
    for (const s of [botEvents, personEvents]) s.close();
  });

  it('keeps a quiet stream alive, and lists a bot online while its stream is open', async () => {
    const bot = await newBot();
    const quiet = await events(bot.token);
    const online = async () =>
      (await (await fetch(`${server.url}api/bot/online`)).text())
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { id: string; title: string });
    expect(await online()).toContainEqual({ id: bot.id, username: bot.name, title: 'BOT' });
    await expect.poll(() => quiet.keepAlives, { timeout: 8000 }).toBeGreaterThan(0);
    quiet.close();
    await expect.poll(async () => (await online()).some((b) => b.id === bot.id)).toBe(false);
  });

  it('has a house bot take a challenge over HTTP at once', async () => {
    const bot = await newBot();
    const botEvents = await events(bot.token);
    const made = await call('POST', 'challenge/agnhausbta', bot.token, {
      clock: { limit: 300, increment: 5 },
      color: 'black',
    });
    expect(made).toMatchObject({ status: 200, json: { challenge: { status: 'accepted' } } });
    const game = made.json.game.id as string;
    expect((await botEvents.next('gameStart')).game).toMatchObject({
      gameId: game,
      color: 'black',
      opponent: { id: 'agnhausbta' },
    });
    // The house bot plays White's first move: the bot's game stream shows it.
    const moves = await stream(`bot/game/stream/${game}`, bot.token);
    await moves.next('gameState', (s) => s.moves !== '');
    // Resigning before both sides have moved calls the game off.
    expect(await call('POST', `bot/game/${game}/resign`, bot.token)).toMatchObject({ status: 200 });
    const end = await moves.next('gameState', (s) => s.status !== 'started');
    expect(end.status).toBe('aborted');
    expect(end.winner).toBeUndefined();
    expect((await botEvents.next('gameFinish')).game).toMatchObject({
      gameId: game,
      status: { name: 'aborted' },
    });
    botEvents.close();
  });
});

/** The status of a game's end as the Bot API names it (docs/bot-api.md). */
const STATUS: Record<string, string> = {
  'throne-ring': 'mate',
  'no-moves': 'stalemate',
  repetition: 'draw',
};

describe('a game between two bots', () => {
  it('is played through the API, each move one state on both streams, to its end', async () => {
    const [white, black] = [await newBot(), await newBot()];
    const whiteEvents = await events(white.token);
    const game = await accepted(white, black, {
      clock: { limit: 600, increment: 5 },
      color: 'white',
    });
    await whiteEvents.next('gameStart');
    const streams = await Promise.all(
      [white, black].map((b) => stream(`bot/game/stream/${game}`, b.token)),
    );
    for (const s of streams) {
      expect(await s.any()).toMatchObject({
        type: 'gameFull',
        id: game,
        white: { id: white.id, name: white.name, title: 'BOT' },
        black: { id: black.id, title: 'BOT' },
        initialFen: 'startpos',
        clock: { initial: 600_000, increment: 5000 },
        speed: 'rapid',
        state: { type: 'gameState', moves: '', status: 'started', winc: 5000, binc: 5000 },
      });
    }
    expect(
      await call('POST', `bot/game/${game}/chat`, white.token, 'room=player&text=Good+luck!'),
    ).toMatchObject({ status: 200 });
    for (const s of streams) {
      expect(await s.next('chatLine')).toEqual({
        type: 'chatLine',
        room: 'player',
        username: white.name,
        text: 'good-luck',
      });
    }

    const start = parseApn(STANDARD_APN);
    if (!start.ok) throw new Error(start.error.message);
    const engine = new Game(start.value);
    const random = seededRandom(46);
    const played: string[] = [];
    const bots: Record<Colour, Identity> = { white, black };
    for (let ply = 0; ply < 40 && !engine.outcome; ply++) {
      const legal: Move[] = engine.legalMoves();
      const move = legal[Math.floor(random() * legal.length)]!;
      const text = makeMoveText(move);
      const mover = bots[engine.chooser!];
      const path = `bot/game/${game}/move/${encodeURIComponent(text)}`;
      expect(await call('POST', path, mover.token)).toMatchObject({
        status: 200,
        json: { ok: true },
      });
      engine.play(move);
      played.push(text);
      // Exactly one state a move, each the whole list so far.
      for (const s of streams) expect((await s.next('gameState')).moves).toBe(played.join(' '));
    }
    let expected: Record<string, unknown>;
    if (engine.outcome) {
      const { winner, reason } = engine.outcome;
      expected = { status: STATUS[reason], ...(winner && { winner }) };
    } else {
      const loser = engine.chooser!;
      expect(await call('POST', `bot/game/${game}/resign`, bots[loser].token)).toMatchObject({
        status: 200,
      });
      expected = { status: 'resign', winner: loser === 'white' ? 'black' : 'white' };
      for (const s of streams) expect(await s.next('gameState')).toMatchObject(expected);
    }
    // The stream ends with its game.
    for (const s of streams) await expect.poll(() => s.ended).toBe(0);
    expect((await whiteEvents.next('gameFinish')).game).toMatchObject({
      gameId: game,
      status: { name: expected.status },
    });
    // Over is over.
    expect((await call('POST', `bot/game/${game}/resign`, white.token)).status).toBe(409);
    whiteEvents.close();
  });

  it('aborts before both sides have moved, and answers a draw offer', async () => {
    const [white, black] = [await newBot(), await newBot()];
    const game = await accepted(white, black, { days: 1, color: 'white' });
    const watch = await stream(`bot/game/stream/${game}`, black.token);
    await watch.next('gameFull');
    expect(await call('POST', `bot/game/${game}/draw/yes`, white.token)).toMatchObject({
      status: 200,
    });
    expect(await watch.next('gameState')).toMatchObject({ wdraw: true, status: 'started' });
    expect(await call('POST', `bot/game/${game}/draw/no`, black.token)).toMatchObject({
      status: 200,
    });
    expect((await watch.next('gameState')).wdraw).toBeUndefined();
    expect(await call('POST', `bot/game/${game}/abort`, black.token)).toMatchObject({
      status: 200,
    });
    expect(await watch.next('gameState')).toMatchObject({ status: 'aborted' });
    await expect.poll(() => watch.ended).toBe(0);
  });
});

describe('the attacker', () => {
  it('gets a code and a fitting status for every request it may not make', async () => {
    const [white, black, stranger] = [await newBot(), await newBot(), await newBot()];
    const person = await newIdentity();
    const game = await accepted(white, black, {
      clock: { limit: 300, increment: 0 },
      color: 'white',
    });
    const move = (token: string | undefined, text: string, id = game) =>
      call('POST', `bot/game/${id}/move/${encodeURIComponent(text)}`, token);
    const code = (a: Answer) => [a.status, a.json?.error?.code];

    // No token, or one of nobody.
    expect(code(await move(undefined, 'f1-f2'))).toEqual([401, 'unknown-player']);
    expect(code(await move('A'.repeat(43), 'f1-f2'))).toEqual([401, 'unknown-player']);
    const noOne = await NdjsonClient.open(`${server.url}api/stream/event`, 'A'.repeat(43));
    expect(noOne).toMatchObject({ status: 401 });
    // A person's token on the bots' routes, as lichess refuses it.
    expect(code(await move(person.token, 'f1-f2'))).toEqual([403, 'not-a-bot']);
    const personStream = await NdjsonClient.open(
      `${server.url}api/bot/game/stream/${game}`,
      person.token,
    );
    expect(personStream).toMatchObject({ status: 403, json: { error: { code: 'not-a-bot' } } });
    // Another's game, and no game.
    expect(code(await move(stranger.token, 'f1-f2'))).toEqual([403, 'not-your-game']);
    const other = await NdjsonClient.open(
      `${server.url}api/bot/game/stream/${game}`,
      stranger.token,
    );
    expect(other).toMatchObject({ status: 403, json: { error: { code: 'not-your-game' } } });
    expect(code(await move(white.token, 'f1-f2', 'zzzzzzzzzz'))).toEqual([404, 'no-such-game']);
    // Not its turn; a move the rules forbid, named with why; move text that is none.
    expect(code(await move(black.token, 'f11-f10'))).toEqual([409, 'not-your-turn']);
    const illegal = await move(white.token, 'f1-f6');
    expect(code(illegal)).toEqual([400, 'illegal-move']);
    expect(illegal.json.error.message).toContain('f1-f6');
    expect(code(await move(white.token, 'zz'))).toEqual([400, 'illegal-move']);
    expect(code(await move(white.token, 'f1-f2'.repeat(5)))).toEqual([400, 'illegal-move']);
    expect(code(await call('POST', `bot/game/${game}/draw/maybe`, white.token))).toEqual([
      400,
      'bad-message',
    ]);
    const chat = (body: unknown) => call('POST', `bot/game/${game}/chat`, white.token, body);
    expect(code(await chat({ room: 'player', text: 'you are bad' }))).toEqual([400, 'bad-message']);
    expect(code(await chat({ room: 'spectator', text: 'thanks' }))).toEqual([400, 'bad-message']);
    // Challenges that are none.
    const challenge = (body: unknown, to = black.id) =>
      call('POST', `challenge/${to}`, white.token, body);
    expect(code(await challenge({ days: 4 }))).toEqual([400, 'bad-message']);
    expect(code(await challenge('clock.limit=abc&clock.increment=0'))).toEqual([
      400,
      'bad-message',
    ]);
    expect(code(await challenge({ days: 1, clock: { limit: 60, increment: 0 } }))).toEqual([
      400,
      'bad-message',
    ]);
    expect(code(await challenge({ days: 1, colour: 'white' }))).toEqual([400, 'bad-message']);
    expect(code(await challenge({ days: 1 }, 'nobody'))).toEqual([404, 'no-such-player']);
    expect(code(await challenge({ days: 1 }, white.id))).toEqual([400, 'own-challenge']);
    expect(code(await call('POST', 'challenge/abcdefgh/accept', black.token))).toEqual([
      404,
      'no-such-challenge',
    ]);
    expect(
      code(await call('POST', 'challenge/abcdefgh/decline', black.token, 'reason=rude')),
    ).toEqual([400, 'bad-message']);
    // The game goes on as if nothing was asked.
    expect(await move(white.token, 'f1-f2')).toMatchObject({ status: 200 });
  });

  it('is held to its rate with 429 and retry-after, and to a cap on open streams', async () => {
    const bot = await newBot();
    const person = await newIdentity();
    let answer: Answer | undefined;
    // A flood of commands, even of moves refused, is cut off with the time to wait.
    const other = await newBot();
    const game = await accepted(other, bot, { days: 1, color: 'white' });
    // The limit counts in fixed windows of 10 s (300 in each): a flood that crosses a window's
    // edge may spend part of a window before it, so twice the limit and more is bound to meet it.
    for (let i = 0; i < 700; i++) {
      answer = await call('POST', `bot/game/${game}/move/f1-f2`, bot.token);
      if (answer.status !== 409) break;
    }
    expect(answer!.status).toBe(429);
    expect(Number(answer!.headers.get('retry-after'))).toBeGreaterThan(0);
    // So is one of challenges.
    for (let i = 0; i < 45; i++) {
      answer = await call('POST', `challenge/${person.id}`, bot.token, { days: 1 });
      if (answer.status !== 200) break;
    }
    expect(answer!.status).toBe(429);
    expect(answer!.json.error.code).toBe('rate-limited');
    expect(Number(answer!.headers.get('retry-after'))).toBeGreaterThan(0);

    const open: NdjsonClient[] = [];
    let refused: Awaited<ReturnType<typeof NdjsonClient.open>> | undefined;
    for (let i = 0; i < 12; i++) {
      const s = await NdjsonClient.open(`${server.url}api/stream/event`, bot.token);
      if (!(s instanceof NdjsonClient)) {
        refused = s;
        break;
      }
      open.push(s);
    }
    expect(refused).toMatchObject({ status: 429, json: { error: { code: 'too-many-streams' } } });
    // A stream closed mid-way frees its place, and the server goes on.
    open.pop()!.close();
    await expect
      .poll(async () => {
        const s = await NdjsonClient.open(`${server.url}api/stream/event`, bot.token);
        if (s instanceof NdjsonClient) open.push(s);
        return s instanceof NdjsonClient;
      })
      .toBe(true);
    expect((await fetch(`${server.url}healthz`)).status).toBe(200);
    for (const s of open) s.close();
  });
});

describe('a server told to stop', () => {
  const own = serverFor();

  it('ends its streams cleanly', async () => {
    const [white, black] = [
      await makeBot(own.url, '198.51.100.240'),
      await makeBot(own.url, '198.51.100.241'),
    ];
    const made = await botCall(own.url, 'POST', `challenge/${black.id}`, white.token, { days: 1 });
    const taken = await botCall(
      own.url,
      'POST',
      `challenge/${made.json.challenge.id}/accept`,
      black.token,
    );
    const event = await openStream(own.url, 'stream/event', white.token);
    const game = await openStream(own.url, `bot/game/stream/${taken.json.game.id}`, white.token);
    await Promise.all([event.next('gameStart'), game.next('gameFull')]);
    await own.running.stop('SIGTERM');
    // Ended by the server (0), not cut (-1): a bridge tells a closing server from a broken line.
    await expect.poll(() => [event.ended, game.ended]).toEqual([0, 0]);
  });
});
