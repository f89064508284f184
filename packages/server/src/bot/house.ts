// The house bots (docs/bot-api.md, "House bots"): computer players of the server's own, each an
// identity with a fixed id so that every process and every restart agrees on it, made at start
// if missing, a bot for good, and given a starting rating from the level ladder measured in
// docs/strength.md. A challenge addressed to one is accepted at once (lobby/challenges.ts); the
// process that holds one of their games seats the bot in it (bot-player.ts).

import { createHmac, randomBytes } from 'node:crypto';
import {
  categoryKey,
  type HouseBotView,
  RATING_CLASSES,
  RULE_SETS,
  START_RATING,
} from '@agon/protocol';
import type { KeyStore } from '../common/keys.ts';
import { hashToken } from '../common/secret.ts';
import type { Room } from '../game/room.ts';
import { outcomeOf } from '../game/table.ts';
import { brief, NameTaken, type Player, type PlayerStore } from '../player/players.ts';
import type { Rating } from '../player/ratings.ts';
import { type BotContext, BotPlayer } from './bot-player.ts';

/** One house bot: its identity, the level it plays at and the rating it starts from. */
export interface HouseBot {
  readonly id: string;
  readonly name: string;
  readonly level: number;
  readonly rating: number;
}

/**
 * The roster. Five levels spread over the ladder, each a clear step above the one before:
 * level 1 for a first game, 3 and 5 that a person who has just learned the rules can beat
 * (docs/strength.md, "A person who has just learned the rules"), 7 that punishes a loose move,
 * 9 the strongest level bounded by nodes (level 10 thinks for a time, which would tie a search
 * thread up for seconds a move). The ratings add the ladder's measured steps to level 1's 800:
 * +127, +95 (level 3), +154, +86 (level 5), +248, +147 (level 7), +89, +83 (level 9), rounded to
 * tens. The anchor is a choice: it puts the stand-in for a person who has just learned the rules
 * (+338 against level 1) near 1140, below the 1500 every identity starts from.
 */
export const HOUSE_BOTS: readonly HouseBot[] = [
  { id: 'agnhausbta', name: 'Agon Bot 1', level: 1, rating: 800 },
  { id: 'agnhausbtc', name: 'Agon Bot 3', level: 3, rating: 1020 },
  { id: 'agnhausbte', name: 'Agon Bot 5', level: 5, rating: 1260 },
  { id: 'agnhausbtg', name: 'Agon Bot 7', level: 7, rating: 1660 },
  { id: 'agnhausbti', name: 'Agon Bot 9', level: 9, rating: 1830 },
];

/**
 * The deviation a house bot starts with: its strength was measured against the engine, not
 * against people, so it is shown as provisional until people's games settle it.
 */
const START_RD = 150;

/** The most games of days of each house bot a process opens at its start (HouseBots.resume). */
const RESUMED = 500;

/**
 * The rating a house bot is chosen for when the player's own is provisional: the measured
 * strength of a person who has just learned the rules (docs/strength.md), so that a newcomer's
 * first game is one they can win rather than the 1500 every identity starts from.
 */
const NEWCOMER_STRENGTH = 1140;

/** The house bots of this process, and the games they sit in here. */
export class HouseBots {
  /** The token each bot opens its games with, by id: made from the server's secret. */
  private readonly tokens = new Map<string, string>();
  /** The bots seated in games here, by game and seat. */
  private readonly seated = new Map<string, BotPlayer>();

  private constructor(
    private readonly players: PlayerStore,
    private readonly context: BotContext,
  ) {}

  /**
   * The house bots, each made if missing (by whichever process comes first; the others find it
   * made) and given its starting rating in every category it has not played.
   */
  static async start(store: PlayerStore & KeyStore, context: BotContext): Promise<HouseBots> {
    const house = new HouseBots(store, context);
    // Every process derives the same tokens from one secret, so none is ever stored or sent.
    const secret = await store.secret('house-bots', randomBytes(32).toString('base64url'));
    for (const bot of HOUSE_BOTS) {
      const token = createHmac('sha256', secret).update(bot.id).digest('base64url');
      house.tokens.set(bot.id, token);
      await house.make(bot, token);
    }
    return house;
  }

  private async make(bot: HouseBot, token: string): Promise<void> {
    const { players } = this;
    if (!(await players.player(bot.id))) {
      const tokenHash = hashToken(token);
      try {
        await players.createPlayer({
          id: bot.id,
          name: bot.name,
          tokenHash,
          createdAt: this.context.now(),
        });
      } catch (e) {
        // Made by another process in the meantime: it goes on from there. A person holding the
        // name (from before "bot" was refused in names) leaves this bot out; the server starts.
        const made = (await players.player(bot.id)) !== undefined;
        if (!made && !(e instanceof NameTaken)) throw e;
        if (!made) {
          this.context.problems.report(`house bot ${bot.name}`, e);
          return;
        }
      }
    }
    await players.makeBot(bot.id);
    const start: Rating = { ...START_RATING, rating: bot.rating, rd: START_RD };
    const ratings = Object.fromEntries(
      RATING_CLASSES.flatMap((c) =>
        RULE_SETS.map((rules) => [categoryKey({ class: c, rules }), start]),
      ),
    );
    await players.seedRatings(bot.id, ratings);
  }

  /** The house bot with this id, if it is one. */
  bot(id: string): HouseBot | undefined {
    return HOUSE_BOTS.find((b) => b.id === id);
  }

  /**
   * Whether `id` is a house bot, and whether the house bots here can take another live game:
   * 'full' at the process's limit of their live games, so that their searches keep up.
   */
  room(id: string): 'free' | 'full' | undefined {
    if (!this.bot(id)) return undefined;
    return this.hasRoom() ? 'free' : 'full';
  }

  /**
   * The house bot to play a person of `rating` (`unsure`: provisional) whom nobody came to play:
   * the one whose starting rating is nearest theirs (a provisional rating counts as
   * NEWCOMER_STRENGTH at most), the weaker of two as near; none while the bots here are full.
   */
  standIn(rating: number, unsure: boolean): HouseBot | undefined {
    if (!this.hasRoom()) return undefined;
    const target = unsure ? Math.min(rating, NEWCOMER_STRENGTH) : rating;
    const gap = (b: HouseBot): number => Math.abs(b.rating - target);
    return HOUSE_BOTS.reduce((best, b) => (gap(b) < gap(best) ? b : best));
  }

  /** Whether the house bots may begin another live game (AGON_HOUSE_BOT_GAMES). */
  private hasRoom(): boolean {
    return this.live() < this.context.games;
  }

  /** The live games (on a clock) the house bots sit in here. */
  private live(): number {
    let n = 0;
    for (const player of this.seated.values()) if (player.live) n++;
    return n;
  }

  /** The roster as a page lists it, with each bot's rating now. */
  async list(): Promise<HouseBotView[]> {
    const found = await this.players.players(HOUSE_BOTS.map((b) => b.id));
    const now = this.context.now();
    return HOUSE_BOTS.flatMap((bot) => {
      const p = found.find((f: Player) => f.id === bot.id);
      if (!p) return [];
      const { rating } = brief(p, { class: 'blitz', rules: 'standard' }, now);
      return [{ id: bot.id, name: p.name, level: bot.level, rating }];
    });
  }

  /**
   * Seats the house bots of `room`'s game, if it has any, it goes on and they are not seated in
   * it already: called whenever a process opens a game (made, loaded, adopted at start, or
   * joined by a socket), so the process holding it plays.
   */
  attach(room: Room): void {
    const ids = room.table.setup.players;
    if (!ids || outcomeOf(room.table)) return;
    for (const seat of ['white', 'black'] as const) {
      const bot = this.bot(ids[seat]);
      const token = bot && this.tokens.get(bot.id);
      const key = `${room.id}/${seat}`;
      if (!bot || !token || this.seated.get(key)?.in(room)) continue;
      const player = new BotPlayer(
        room,
        seat,
        bot.level,
        this.context,
        () => {
          if (this.seated.get(key) === player) this.seated.delete(key);
        },
        () => this.hasRoom(),
      );
      this.seated.set(key, player);
      player.join(token);
    }
  }

  /**
   * Opens the games of days the house bots play, so that each bot takes its seat and answers at
   * its moment however the last process holding the game ended (a person's pace is minutes,
   * bot-player.ts `paceOf`): the newest RESUMED of each bot's. A game whose person is to move
   * stands its bot up again, and leaves memory.
   */
  async resume(open: (game: string) => Promise<unknown>): Promise<void> {
    for (const bot of HOUSE_BOTS) {
      const games = await this.players.recentGames(bot.id, RESUMED, true);
      for (const g of games) if (g.class === 'correspondence') await open(g.game);
    }
  }

  /** Stands every bot up from its games here (the server is closing). */
  close(): void {
    for (const player of [...this.seated.values()]) player.close(1001, 'the server is closing');
    this.seated.clear();
  }
}
