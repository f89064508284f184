// One game of `agon bot`: its game stream read to the end, the position rebuilt from the
// moves after every change and given to an engine process of its own whenever the bot chooses
// the next turn (its own turn, or under R16 the captor's placing of a queen it captured), the
// engine's answer posted, draw offers answered. A dropped stream is opened again until the
// game ends; the engine quits with the game.

import {
  type Colour,
  Game,
  makeMoveText,
  PLACEMENT_APN,
  parseApn,
  parseMoveText,
  type Result,
  STANDARD_APN,
} from '@agon/engine';
import { AepClient, type SearchLimits } from './aep-client.ts';
import { Backoff, sleep } from './backoff.ts';
import type { BotApi } from './bot-api.ts';
import type { EngineSettings } from './bot-config.ts';
import { type GameFull, type GameState, isGoing, parseGameMessage } from './bot-game-message.ts';

/** A draw offer is accepted when the engine's last score was within this of level. */
export const DRAW_MARGIN = 30;
// The clock's share of a move: a thirtieth of the time left and most of the increment,
// never more than a quarter of what is left.
const MOVES_TO_GO = 30;
// The time the move takes to reach the server and be judged, kept off every search.
const LAG_MS = 100;
// The least time a search is given.
const MIN_MOVETIME = 10;
// The wait before working a turn out again when its move could not be delivered.
const RESEND_MS = 1000;

/** What every game of a bot shares. */
export interface BotContext {
  readonly api: BotApi;
  /** The bot's player id. */
  readonly me: string;
  readonly engine: EngineSettings;
  /** The shell command of the engine (one process per game). */
  readonly engineCommand: string;
  readonly log: (line: string) => void;
  readonly stop: AbortSignal;
}

/**
 * How long the engine may think when `colour` chooses in `state`: the configured movetime,
 * or less when the clock allows less (a game of days per move has only the configured time).
 */
export function searchLimits(
  settings: EngineSettings,
  state: GameState,
  colour: Colour,
  clocked: boolean,
): SearchLimits {
  let movetime = settings.movetime;
  if (clocked) {
    const left = colour === 'white' ? state.wtime : state.btime;
    const increment = colour === 'white' ? state.winc : state.binc;
    const share = Math.min(left / MOVES_TO_GO + (increment * 3) / 4, left / 4) - LAG_MS;
    movetime = Math.max(MIN_MOVETIME, Math.min(movetime, Math.floor(share)));
  }
  return { movetime, depth: settings.depth };
}

/** The game `full` with `moves` played, each checked against the rules. */
export function replay(full: GameFull, moves: readonly string[]): Result<Game> {
  const apn =
    full.initialFen !== 'startpos'
      ? full.initialFen
      : full.variant === 'placement'
        ? PLACEMENT_APN
        : STANDARD_APN;
  const start = parseApn(apn);
  if (!start.ok) return start;
  const game = new Game(start.value, {
    touchMove: full.touchMove,
    captorPlacesQueen: full.captorPlacesQueen,
  });
  for (const [i, text] of moves.entries()) {
    const move = parseMoveText(text);
    if (!move.ok) return move;
    const played = game.play(move.value);
    if (!played.ok) {
      const { code, message } = played.error;
      return { ok: false, error: { code, message: `move ${i + 1}, ${text}: ${message}` } };
    }
  }
  return { ok: true, value: game };
}

/** One game the bot plays, from its gameStart to its end. */
export class BotGame {
  private full: GameFull | undefined;
  private colour: Colour | undefined;
  private latest: GameState | undefined;
  private engine: AepClient | undefined;
  private finished = false;
  // The number of moves of the last position the bot moved in, or answered a draw offer in,
  // so that a state that changes only the clocks or offers is not answered twice.
  private movedAt = -1;
  private drawAnsweredAt = -1;
  private lastScore: number | undefined;
  // The turn being worked out: states arriving meanwhile only mark it to run again.
  private acting: Promise<void> | undefined;
  private again = false;

  constructor(
    readonly id: string,
    private readonly context: BotContext,
  ) {}

  /** Plays the game to its end, or until the bot stops; the engine has quit when it returns. */
  async play(): Promise<void> {
    const { api, stop } = this.context;
    const backoff = new Backoff();
    try {
      while (!this.finished && !stop.aborted) {
        const stream = await api.stream(`bot/game/stream/${encodeURIComponent(this.id)}`);
        if (!stream.ok) {
          if (stop.aborted) break;
          this.log(`cannot open the game stream: ${stream.error.message}`);
          // Refused for good (not seated, no such game): another try would be refused again.
          if (stream.error.status >= 400 && stream.error.status < 500) break;
        } else {
          backoff.reset();
          let why = 'ended before the game did';
          try {
            for await (const line of stream.value) {
              if (!line.ok) this.log(line.error.message);
              else this.receive(line.value);
              if (this.finished) break;
            }
          } catch (e) {
            why = `dropped: ${(e as Error).message}`;
          }
          if (this.finished || stop.aborted) break;
          this.log(`game stream ${why}`);
        }
        const wait = backoff.next();
        this.log(`opening the game stream again in ${wait} ms`);
        await sleep(wait, stop);
      }
    } finally {
      this.finished = true;
      await this.acting;
      await this.engine?.close();
    }
  }

  private log(text: string): void {
    this.context.log(`game ${this.id}: ${text}`);
  }

  private receive(value: unknown): void {
    const message = parseGameMessage(value);
    if (!message.ok) {
      this.log(message.error.message);
      return;
    }
    const m = message.value;
    if (m.type === 'gameFull') this.begin(m);
    else if (m.type === 'gameState') this.update(m);
    else this.log(m.name);
  }

  private begin(full: GameFull): void {
    const me = this.context.me;
    const colour = full.white.id === me ? 'white' : full.black.id === me ? 'black' : undefined;
    if (!colour) {
      this.log('the bot has no seat in this game');
      this.finished = true;
      return;
    }
    this.full = full;
    this.colour = colour;
    // The whole game again, after a reconnection too: a move or an answer the server did not
    // get is still owed, and one it got shows in the moves.
    this.movedAt = -1;
    this.drawAnsweredAt = -1;
    const opponent = colour === 'white' ? full.black.name : full.white.name;
    const rules = [full.variant, full.touchMove && 'R15', full.captorPlacesQueen && 'R16'];
    this.log(`playing ${colour} against ${opponent} (${rules.filter(Boolean).join(', ')})`);
    this.update(full.state);
  }

  private update(state: GameState): void {
    if (!this.full) return;
    this.latest = state;
    if (!isGoing(state.status)) {
      const result = state.winner ? `${state.winner} wins` : 'no winner';
      this.log(`over: ${state.status}, ${result}`);
      this.finished = true;
      return;
    }
    this.again = true;
    this.acting ??= this.act().finally(() => {
      this.acting = undefined;
    });
  }

  // Works out turns until the latest state needs nothing more.
  private async act(): Promise<void> {
    while (this.again && !this.finished) {
      this.again = false;
      try {
        await this.respond(this.latest!);
      } catch (e) {
        this.log(`engine failed: ${(e as Error).message}`);
        await this.engine?.close();
        this.engine = undefined;
      }
    }
  }

  private async respond(state: GameState): Promise<void> {
    const full = this.full!;
    const colour = this.colour!;
    const game = replay(full, state.moves);
    if (!game.ok) {
      this.log(`cannot follow the moves: ${game.error.message}`);
      return;
    }
    const ply = state.moves.length;
    const offered = colour === 'white' ? state.bdraw : state.wdraw;
    if (offered && this.drawAnsweredAt !== ply) {
      this.drawAnsweredAt = ply;
      await this.answerDraw();
    }
    if (game.value.chooser !== colour || this.movedAt === ply) return;
    this.engine ??= await AepClient.start(
      this.context.engineCommand,
      this.context.engine.level,
      [],
      full.captorPlacesQueen,
      'bot',
    );
    const limits = searchLimits(this.context.engine, state, colour, full.clocked);
    const thought = await this.engine.think(game.value, limits);
    // A move or a takeback came while the engine thought: its answer is for another position.
    if (this.finished || this.latest!.moves.length !== ply) return;
    this.lastScore = thought.score;
    const move = parseMoveText(thought.move);
    if (!move.ok || !game.value.legalMoves().includes(move.value)) {
      this.log(`the engine answered "${thought.move}", not a legal turn here`);
      this.movedAt = ply;
      return;
    }
    const text = makeMoveText(move.value);
    const path = `bot/game/${encodeURIComponent(this.id)}/move/${encodeURIComponent(text)}`;
    const posted = await this.context.api.request('POST', path);
    if (posted.ok) {
      this.movedAt = ply;
      this.log(`played ${text} (score ${thought.score}, ${limits.movetime} ms)`);
    } else if (posted.error.status >= 400 && posted.error.status < 500) {
      // Refused on its merits (the game moved on, or ended): sending it again would not help.
      this.movedAt = ply;
      this.log(`move ${text} refused: ${posted.error.message}`);
    } else {
      // The server did not answer: think again once it may (a reconnected stream's gameFull
      // also starts the turn again, if the move never arrived).
      this.log(`move ${text} not delivered: ${posted.error.message}`);
      if (await sleep(RESEND_MS, this.context.stop)) this.again = true;
    }
  }

  // Accepted when the engine last scored the game level (nothing to play for), else declined.
  private async answerDraw(): Promise<void> {
    const score = this.lastScore;
    const yes = score !== undefined && Math.abs(score) <= DRAW_MARGIN;
    const path = `bot/game/${encodeURIComponent(this.id)}/draw/${yes ? 'yes' : 'no'}`;
    const answered = await this.context.api.request('POST', path);
    const said = `draw offer ${yes ? 'accepted' : 'declined'} (last score ${score ?? 'none'})`;
    this.log(answered.ok ? said : `${said}, but: ${answered.error.message}`);
  }
}
