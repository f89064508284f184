// `agon bot`: a bridge from an AEP engine to an Agon server's Bot API (docs/bot-api.md). It
// reads the bot's event stream, accepts or declines challenges by its config, and plays each
// game that starts with an engine process of its own. A dropped stream is opened again after a
// growing, jittered wait; on reconnecting the server sends a gameStart for each game still
// going, which picks those games up again. Ctrl-C or SIGTERM stops it without resigning.

import { AepClient } from './aep-client.ts';
import { Args } from './args.ts';
import { Backoff, sleep } from './backoff.ts';
import { BotApi } from './bot-api.ts';
import { type Challenge, judgeChallenge } from './bot-challenge.ts';
import { type BotConfig, DEFAULT_BOT_CONFIG, readBotConfig } from './bot-config.ts';
import { type BotEvent, parseBotEvent } from './bot-event.ts';
import { BotGame } from './bot-game.ts';
import { type Command, CommandError } from './command.ts';
import { ownEngineCommand } from './engine.ts';
import { jsonObject } from './json-object.ts';

/** Where the token comes from: never the command line, which other users can list. */
export const TOKEN_VARIABLE = 'AGON_BOT_TOKEN';
// An accepted challenge counts against `games` until its game starts, or at most this long.
const ACCEPTED_MS = 30_000;

function log(line: string): void {
  process.stderr.write(`${new Date().toISOString()} ${line}\n`);
}

/** The `bot` command. */
export const botCommand: Command = {
  name: 'bot',
  summary: 'play on an Agon server as a bot, through its Bot API, with an AEP engine',
  usage: `usage: agon bot --server <url> [--config <file.json>] [--engine "<command>"]

Connects to the server's Bot API as the bot whose token is in the environment variable
${TOKEN_VARIABLE} (an identity made a bot with POST /api/bot/account/upgrade), accepts the
challenges its config allows and plays every game with an engine process of its own that
speaks AEP (PROTOCOL.md). Logs a line per event on standard error. Runs until Ctrl-C or
SIGTERM, which leave the games standing (nothing is resigned) and quit the engines.

  --server <url>      the site, such as https://agon.example/ (its API is under /api)
  --config <file>     the JSON settings (docs/bot-api.md, "agon bot"); without it every
                      challenge is accepted, one game at a time, level 10 at 1000 ms a move
  --engine "<cmd>"    the engine, a command run through the shell (default: agon engine)`,

  async run(argv) {
    const args = new Args('bot', argv, { server: 'value', config: 'value', engine: 'value' });
    args.expectPositionals(0);
    const server = serverUrl(args.value('server'));
    const file = args.value('config');
    const config =
      file === undefined ? { ok: true as const, value: DEFAULT_BOT_CONFIG } : readBotConfig(file);
    if (!config.ok) throw new CommandError(`bot: ${config.error.message}`);
    const token = process.env[TOKEN_VARIABLE];
    if (!token) {
      throw new CommandError(
        `bot: set ${TOKEN_VARIABLE} to the bot's token (it is never an argument)`,
      );
    }
    const stop = new AbortController();
    const quit = (signal: NodeJS.Signals): void => {
      // A second signal does not wait for the games to wind down.
      if (stop.signal.aborted) process.exit(130);
      log(`${signal}: stopping; the games stand, the engines quit`);
      stop.abort();
    };
    process.on('SIGINT', quit);
    process.on('SIGTERM', quit);
    try {
      const api = new BotApi(server, token, stop.signal, log);
      await new Bot(
        api,
        config.value,
        args.value('engine') ?? ownEngineCommand(),
        stop.signal,
      ).run();
    } finally {
      process.off('SIGINT', quit);
      process.off('SIGTERM', quit);
    }
  },
};

function serverUrl(text: string | undefined): URL {
  if (text === undefined) throw new CommandError('bot: --server <url> is required');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CommandError(`bot: bad --server "${text}": give a URL such as https://agon.example/`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CommandError(`bot: bad --server "${text}": it must be http: or https:`);
  }
  return url;
}

/** A bot connected to one server: its event stream and its games. */
class Bot {
  private readonly games = new Map<string, BotGame>();
  private readonly playing = new Set<Promise<void>>();
  // Challenges accepted whose game has not started yet, each with the timer that forgets it.
  private readonly accepted = new Map<string, NodeJS.Timeout>();
  private me = '';

  constructor(
    private readonly api: BotApi,
    private readonly config: BotConfig,
    private readonly engineCommand: string,
    private readonly stop: AbortSignal,
  ) {}

  async run(): Promise<void> {
    // An engine that cannot start would fail every game: found out before taking any.
    const engine = await AepClient.start(
      this.engineCommand,
      this.config.engine.level,
      [],
      false,
      'bot',
    );
    log(`engine ${engine.name} answers`);
    await engine.close();
    const me = await this.whoAmI();
    if (me === undefined) return;
    this.me = me;
    const backoff = new Backoff();
    while (!this.stop.aborted) {
      const stream = await this.api.stream('stream/event');
      if (!stream.ok) {
        if (this.stop.aborted) break;
        // A token refused or not a bot's is refused again on every try.
        if (stream.error.status === 401 || stream.error.status === 403) {
          throw new CommandError(`bot: ${stream.error.message}`);
        }
        log(`cannot open the event stream: ${stream.error.message}`);
      } else {
        backoff.reset();
        log('connected: reading the event stream');
        try {
          for await (const line of stream.value) {
            if (!line.ok) log(line.error.message);
            else await this.receive(line.value);
          }
          if (!this.stop.aborted) log('the event stream ended');
        } catch (e) {
          if (!this.stop.aborted) log(`the event stream dropped: ${(e as Error).message}`);
        }
      }
      if (this.stop.aborted) break;
      const wait = backoff.next();
      log(`connecting again in ${wait} ms`);
      await sleep(wait, this.stop);
    }
    for (const timer of this.accepted.values()) clearTimeout(timer);
    await Promise.all(this.playing);
    log('stopped');
  }

  // The bot's own id, which tells its seat in a game (undefined: stopped before an answer);
  // the token is checked on the way.
  private async whoAmI(): Promise<string | undefined> {
    const backoff = new Backoff();
    for (;;) {
      const me = await this.api.request('GET', 'me');
      if (me.ok) {
        const player = jsonObject(me.value);
        if (typeof player?.id !== 'string') throw new CommandError('bot: GET /api/me gave no id');
        if (player.bot !== true) {
          throw new CommandError(
            `bot: ${player.name ?? player.id} is not a bot yet: POST /api/bot/account/upgrade with its token first`,
          );
        }
        log(`signed in as ${player.name ?? player.id} (${player.id})`);
        return player.id;
      }
      if (this.stop.aborted) return undefined;
      if (me.error.status === 401) {
        throw new CommandError(`bot: the server does not know the token in ${TOKEN_VARIABLE}`);
      }
      const wait = backoff.next();
      log(`cannot reach the server (${me.error.message}); trying again in ${wait} ms`);
      await sleep(wait, this.stop);
    }
  }

  private async receive(value: unknown): Promise<void> {
    const event = parseBotEvent(value);
    if (!event.ok) {
      log(event.error.message);
      return;
    }
    const e: BotEvent = event.value;
    switch (e.type) {
      case 'challenge':
        await this.consider(e.challenge);
        return;
      case 'challengeCanceled':
      case 'challengeDeclined':
        this.forget(e.challenge.id);
        log(
          `challenge ${e.challenge.id} ${e.type === 'challengeCanceled' ? 'canceled' : 'declined'}`,
        );
        return;
      case 'gameStart':
        log(`game ${e.game.id} starts against ${e.game.opponent}`);
        this.start(e.game.id);
        return;
      case 'gameFinish':
        log(`game ${e.game.id} finished`);
        return;
      default:
        log(`event ${e.name}`);
    }
  }

  private async consider(challenge: Challenge): Promise<void> {
    const from = challenge.challenger;
    const outgoing = challenge.direction === 'out' || from.id === this.me;
    if (outgoing || challenge.status !== 'created') {
      log(`challenge ${challenge.id} (${outgoing ? 'ours' : challenge.status}): nothing to do`);
      return;
    }
    const terms = [
      challenge.variant,
      challenge.clock ? `${challenge.clock.limit}+${challenge.clock.increment}` : 'days',
      challenge.rated ? 'rated' : 'casual',
      challenge.touchMove && 'R15',
      challenge.captorPlacesQueen && 'R16',
    ].filter(Boolean);
    const what = `challenge ${challenge.id} from ${from.name}${from.bot ? ' (bot)' : ''}, ${terms.join(' ')}`;
    const busy = this.games.size + this.accepted.size;
    const reason = judgeChallenge(this.config, challenge, busy);
    const id = encodeURIComponent(challenge.id);
    if (reason === undefined) {
      // Counted before the request, so a burst of challenges cannot all pass the limit.
      const timer = setTimeout(() => {
        for (const [key, t] of this.accepted) if (t === timer) this.accepted.delete(key);
      }, ACCEPTED_MS);
      this.accepted.set(challenge.id, timer);
      const answer = await this.api.request('POST', `challenge/${id}/accept`);
      if (answer.ok) {
        // Agon's answer names the game, whose gameStart then ends the wait for it.
        const game = jsonObject(jsonObject(answer.value)?.game)?.id;
        if (typeof game === 'string') this.rename(challenge.id, game);
        log(`${what}: accepted${typeof game === 'string' ? `, game ${game}` : ''}`);
      } else {
        this.forget(challenge.id);
        log(`${what}: accepting failed: ${answer.error.message}`);
      }
      return;
    }
    const answer = await this.api.request('POST', `challenge/${id}/decline`, { reason });
    log(`${what}: declined (${reason})${answer.ok ? '' : `, but: ${answer.error.message}`}`);
  }

  private rename(challengeId: string, gameId: string): void {
    const timer = this.accepted.get(challengeId);
    if (timer === undefined) return;
    this.accepted.delete(challengeId);
    this.accepted.set(gameId, timer);
  }

  private forget(challengeId: string): void {
    clearTimeout(this.accepted.get(challengeId));
    this.accepted.delete(challengeId);
  }

  private start(id: string): void {
    if (this.games.has(id) || this.stop.aborted) return;
    // The game of an accepted challenge counts from now as a game, no longer as an acceptance:
    // known by the id the acceptance answered (Agon), or the challenge's (lichess).
    this.forget(id);
    const game = new BotGame(id, {
      api: this.api,
      me: this.me,
      engine: this.config.engine,
      engineCommand: this.engineCommand,
      log,
      stop: this.stop,
    });
    this.games.set(id, game);
    const played: Promise<void> = game
      .play()
      .catch((e) => log(`game ${id}: ${(e as Error).message}`))
      .finally(() => {
        this.games.delete(id);
        this.playing.delete(played);
        log(`game ${id}: done (${this.games.size} going)`);
      });
    this.playing.add(played);
  }
}
