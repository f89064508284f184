// A house bot seated in one game (docs/bot-api.md, "House bots"): a member of the game's room
// that holds its seat by the bot's identity, as a person's page does, and plays through the
// room's commands, so the referee judges its moves as anyone's. On its turn it asks the search
// threads (thinker.ts) for a move at its level, and plays it once a person's think time has
// passed. Every process holding the game seats the bot, and the one that claims a turn first
// plays it. It answers draw offers by its search, resigns a game it sees as lost, and stands up
// when the game ends or leaves memory, or a game of days waits for a person who is away.

import { createHash } from 'node:crypto';
import { type Colour, makeMoveText, opposite, WIN_BOUND } from '@agon/engine';
import { DAY_MS, type Refusal, type ServerMessage } from '@agon/protocol';
import type { Problems } from '../common/problems.ts';
import type { Member } from '../common/sockets.ts';
import type { Room } from '../game/room.ts';
import { outcomeOf, seated, timeLeft } from '../game/table.ts';
import type { Thinker } from './thinker.ts';

/** The think time of level 1, in ms; each level above adds THINK_STEP_MS. */
const THINK_BASE_MS = 400;
const THINK_STEP_MS = 100;
/** The largest share of its clock (time left plus one increment) a think time may take. */
const THINK_SHARE = 0.02;
/** A search scoring the bot this far behind (the engine's units) counts toward resigning. */
export const RESIGN_BELOW = -1000;
/** How many of its turns in a row must score below RESIGN_BELOW before it resigns. */
export const RESIGN_AFTER = 3;
/** A draw offer is accepted when the bot's last search scored within this of level. */
export const DRAW_WITHIN = 30;
/** How long a search that failed waits before the bot looks again. */
const RETRY_MS = 1000;
/**
 * How long a bot stays at a finished game for the person to ask for a rematch, as a person
 * lingers at the board a moment; it accepts one if it may play another game.
 */
export const REMATCH_WAIT_MS = 30_000;

/**
 * How long a move of `level` takes with `left` ms on its clock and `increment`: a person's
 * pause, longer for stronger levels, never more than a small share of the clock.
 */
export function thinkTime(level: number, left: number, increment: number): number {
  const wanted = THINK_BASE_MS + THINK_STEP_MS * (level - 1);
  return Math.max(0, Math.min(wanted, THINK_SHARE * (left + increment)));
}

/** The largest share of its days per move a bot's answer in a game of days waits. */
const PACE_SHARE = 0.1;

/**
 * How long after its turn began a bot answers turn `plies` of game `game` of `days` per move,
 * its longest wait being `longest`: a person's pace in a game of days (they answer when they
 * look, not within a second), between a sixtieth of `longest` and `longest`, never more than a
 * tenth of the days per move. Drawn from the game and the turn, so that every process, and a
 * restart, waits for the same moment.
 */
export function paceOf(game: string, plies: number, days: number, longest: number): number {
  const digest = createHash('sha256').update(`${game}:${plies}`).digest();
  const share = digest.readUInt32BE(0) / 2 ** 32;
  const shortest = longest / 60;
  return Math.min(shortest + share * (longest - shortest), PACE_SHARE * days * DAY_MS);
}

/** What the house bots of a process work with. */
export interface BotContext {
  readonly thinker: Thinker;
  readonly problems: Problems;
  /** The server's clock. */
  readonly now: () => number;
  /**
   * Claims `key` for `ms` if nobody holds it, on every process together (the lobby board's
   * claim): true once, for whichever process asks first, until it lapses.
   */
  readonly claim: (key: string, ms: number) => Promise<boolean>;
  /** The live games the house bots of this process play at once, at most (limits.ts). */
  readonly games: number;
  /** The longest a bot waits to answer in a game of days (paceOf; limits.ts). */
  readonly pace: number;
  /**
   * Has the game `game` loaded by `at` wherever it is (the deadlines' scan, game/keepers.ts):
   * a bot's answer due then is given after a restart, or once the game left memory.
   */
  readonly wake: (game: string, at: number) => Promise<void>;
}

/**
 * Each turn of a bot is played by the one process that claims it first (every process holding
 * the game seats the bot); a claim lapses this long after the bot's pause, so that if its process
 * died, another plays the turn.
 */
const TURN_CLAIM_MS = 10_000;

/** A house bot in one game's room. */
export class BotPlayer implements Member {
  private seatedHere = false;
  private closed = false;
  /** The number of turns played when the bot last started thinking: one search a turn. */
  private thinkingAt = -1;
  /** The score of its last search, from its side; undefined before its first. */
  private lastScore: number | undefined;
  /** Its turns in a row that scored below RESIGN_BELOW. */
  private losing = 0;
  private retry: NodeJS.Timeout | undefined;
  /** Set once the game is over: when the bot stops waiting for a rematch offer. */
  private lingering: NodeJS.Timeout | undefined;
  /** Whether it has waited at the finished game for as long as it waits. */
  private waited = false;

  constructor(
    private readonly room: Room,
    private readonly seat: Colour,
    private readonly level: number,
    private readonly context: BotContext,
    /** Told once, when the bot stands up. */
    private readonly gone: () => void,
    /** Whether the bot may play one more game now (the house bots' limit, house.ts). */
    private readonly mayPlay: () => boolean,
  ) {}

  get open(): boolean {
    return !this.closed;
  }

  /** Whether the bot sits in a game on a clock (not of days). */
  get live(): boolean {
    return !this.closed && this.room.table.setup.clock !== undefined;
  }

  /** Whether the bot sits (or is sitting down) in `room`. */
  in(room: Room): boolean {
    return !this.closed && this.room === room;
  }

  /** Takes the bot's seat with its identity's token, then plays if it is its turn. */
  join(token: string): void {
    this.room
      .admit(this, token)
      .then((admitted) => {
        if (!admitted) return this.close(1001, 'not admitted');
        this.seatedHere = true;
        // Just seated by a page opening the game: its person is coming, not away.
        this.look(false);
      })
      .catch((e: unknown) => this.context.problems.report(`bot in game ${this.room.id}`, e));
  }

  /** Every message of the game makes the bot look at the table again (the room is in-process). */
  send(_message: ServerMessage | string): void {
    if (this.seatedHere) this.look();
  }

  refuse(error: Refusal): void {
    // A race lost to a command that got in first (stale, not its turn) or an answer to an offer
    // the referee refuses (a draw before DRAW_AFTER_MOVES) needs nothing; an illegal move is a bug.
    if (error.code === 'illegal-move') {
      this.context.problems.report(`bot in game ${this.room.id}`, new Error(error.message));
    }
  }

  close(_code: number, _reason: string): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.retry);
    clearTimeout(this.lingering);
    this.gone();
  }

  /**
   * Does what the table asks of the bot now: stand up (`mayStand`), answer an offer, or think.
   */
  private look(mayStand = true): void {
    if (this.closed) return;
    const t = this.room.table;
    const them = opposite(this.seat);
    // A game of days waiting for a person who is away stands the bot up, so that the game can
    // leave memory; the person's page opening it seats the bot again (house.ts).
    const away =
      mayStand &&
      t.setup.days &&
      t.game.chooser === them &&
      !this.room.presence.view().online[them];
    if (outcomeOf(t) && t.next === undefined && this.rematch()) return;
    if (outcomeOf(t) || away) {
      this.standUp();
      return;
    }
    if (t.drawOffer === them) {
      const level = this.lastScore !== undefined && Math.abs(this.lastScore) <= DRAW_WITHIN;
      this.act({ t: 'draw', seat: this.seat, action: level ? 'accept' : 'decline' });
      return;
    }
    // A takeback (unrated games only) is declined: the bot plays on from the board as it is.
    if (t.takebackOffer === them) {
      this.act({ t: 'takeback', seat: this.seat, action: 'decline' });
      return;
    }
    const plies = t.game.moves.length;
    if (!seated(t) || t.game.chooser !== this.seat || this.thinkingAt === plies) return;
    this.thinkingAt = plies;
    this.think(plies).catch((e: unknown) =>
      this.context.problems.report(`bot in game ${this.room.id}`, e),
    );
  }

  /**
   * Searches the position after `plies` turns and plays, or resigns, after its think time; or,
   * if another process claimed the turn, looks again once the claim would have lapsed.
   */
  private async think(plies: number): Promise<void> {
    const t = this.room.table;
    const { claim, now } = this.context;
    const pause = this.pause(plies);
    // The claim lasts the pause too, so that no other process takes the turn meanwhile. With
    // the board away (Redis down), the bot plays rather than lose on time: the referee's version
    // check still lets only one answer of two in.
    const key = `house-bot:${t.id}:${plies}`;
    if (!(await claim(key, TURN_CLAIM_MS + pause).catch(() => true))) {
      this.later(TURN_CLAIM_MS + pause);
      return;
    }
    if (t.setup.days) await this.context.wake(t.id, now() + pause);
    const waited = new Promise((resolve) => setTimeout(resolve, pause));
    let thought: Awaited<ReturnType<Thinker['think']>>;
    try {
      thought = await this.context.thinker.think({
        rules: t.setup,
        moves: t.game.moves.map(makeMoveText),
        level: this.level,
        seed: Math.floor(Math.random() * 2 ** 31),
      });
    } catch (e) {
      if (this.closed) return;
      this.context.problems.report(`bot in game ${this.room.id}`, e);
      this.later(RETRY_MS);
      return;
    }
    await waited;
    // The game moved on meanwhile (a takeback, an end): the next look decides afresh.
    if (this.closed || t.game.moves.length !== plies || outcomeOf(t)) return;
    this.lastScore = thought.score;
    this.losing = thought.score < RESIGN_BELOW ? this.losing + 1 : 0;
    if (thought.move === null) return;
    if (this.losing >= RESIGN_AFTER || thought.score <= -WIN_BOUND) {
      this.act({ t: 'resign', seat: this.seat });
      return;
    }
    this.act({ t: 'move', seat: this.seat, move: thought.move, version: t.version });
  }

  /**
   * At a finished game: accepts the person's rematch offer if it may play one more game, or
   * waits a while for one; false once it has waited (or may not play), and should stand up.
   */
  private rematch(): boolean {
    const t = this.room.table;
    if (!this.mayPlay()) return false;
    if (t.rematchOffer === opposite(this.seat)) {
      this.act({ t: 'rematch', seat: this.seat });
      return true;
    }
    if (this.lingering) return !this.waited;
    this.lingering = setTimeout(() => {
      this.waited = true;
      this.look();
    }, REMATCH_WAIT_MS);
    return true;
  }

  private standUp(): void {
    this.room.leave(this);
    this.close(1000, 'stood up');
  }

  /**
   * How long the bot waits from now before it plays turn `plies`: a person's think time on a
   * clock; in a game of days, its pace counted from the turn's start.
   */
  private pause(plies: number): number {
    const t = this.room.table;
    const now = this.context.now();
    const { days, clock } = t.setup;
    if (days) {
      const began = t.clocks?.since ?? now;
      return Math.max(0, began + paceOf(t.id, plies, days, this.context.pace) - now);
    }
    return thinkTime(this.level, timeLeft(t, this.seat, now), clock?.increment ?? 0);
  }

  /** Looks at the table again after `ms`, thinking afresh if it is still the bot's turn. */
  private later(ms: number): void {
    this.thinkingAt = -1;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.look(), ms);
  }

  private act(action: Parameters<Room['act']>[1]): void {
    this.room.act(this, action);
  }
}
