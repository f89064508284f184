// The lobby's shared state: who waits in which pool, the open challenges, who is busy in a
// game, the games being played, how many players have the lobby open and which process pairs
// each pool. One process keeps it in memory (this file); a cluster keeps it in Redis
// (redis-board.ts) so players on different processes meet. Both take a pairing in one atomic
// step, so it happens exactly once: the two entries are still there and neither player is
// busy, or nothing changes. Times on the board are durations from the moment of writing,
// counted by the board's own clock (Redis's, in a cluster), never a process's.

import {
  type ChallengeTerms,
  isCorrespondence,
  type LobbyServerMessage,
  MAX_DIRECT,
  type PlayerBrief,
  type PoolId,
  type TimeControl,
  type Variant,
} from '@agon/protocol';
import type { Waiting } from './pairing.ts';

/** How long a pool's pairing lease lasts unless renewed (the leader renews it every wave). */
export const LEAD_MS = 5000;

/** A player waiting in a quick pairing pool. */
export interface Seek extends Waiting {
  readonly pool: PoolId;
  readonly name: string;
  /** The key of the network the seek came from (player/networks.ts). */
  readonly from: string;
  /** After how long a wait (ms) a house bot may play them; none: people only (waves.ts). */
  readonly botAfter?: number;
  /**
   * The other pools they wait in too (a range): whoever comes first in any of them plays. Their
   * `rating` is that of `pool`'s category.
   */
  readonly also?: readonly PoolId[];
}

/** Every pool `seek` waits in. */
export const poolsOf = (seek: Seek): readonly PoolId[] => [seek.pool, ...(seek.also ?? [])];

/** Whether `seek` waits in `pool`. */
const waitsIn = (seek: Seek | undefined, pool: PoolId | null): boolean =>
  seek !== undefined && pool !== null && poolsOf(seek).includes(pool);

/** How long a seek counts among the people who looked for a game lately (Snapshot `sought`). */
export const SOUGHT_MS = 60 * 60_000;

/**
 * How long a correspondence challenge addressed to a player stays open without its challenger:
 * the addressee may answer days later, as the game itself is played. Every other challenge goes
 * with its challenger's last lobby socket.
 */
export const KEPT_MS = 7 * 24 * 60 * 60_000;

/** An open challenge, with what the list shows of its owner (and of its addressee, if any). */
export interface Challenge {
  readonly id: string;
  readonly by: PlayerBrief;
  /** The one player who may accept it; none for a challenge open to anyone. */
  readonly to?: PlayerBrief;
  readonly terms: ChallengeTerms;
  readonly since: number;
  /** The key of the network it came from (player/networks.ts). */
  readonly from: string;
}

/** A lobby game being played. */
export interface Playing {
  readonly game: string;
  /** The pool it was paired in; null for an accepted challenge. */
  readonly pool: PoolId | null;
  readonly white: PlayerBrief;
  readonly black: PlayerBrief;
  readonly clock: TimeControl;
  readonly variant: Variant;
  /** R16; absent in an entry a process from before R16 put on a shared board (R10). */
  readonly captorPlacesQueen?: boolean;
  readonly rated: boolean;
  /** When the game started, on the starting process's clock: the newest are listed first. */
  readonly since: number;
  /**
   * How long the entry and its players' busy marks last if nobody ends the game (a process died
   * before its end was settled): longer than its clocks allow.
   */
  readonly lasts: number;
}

/** Everything the lobby lists, read at once. */
export interface Snapshot {
  readonly seeks: readonly Seek[];
  readonly challenges: readonly Challenge[];
  readonly playing: readonly Playing[];
  /** Players with the lobby open, on every process. */
  readonly online: number;
  /** Players who sought a game in the last SOUGHT_MS. */
  readonly sought: number;
}

/**
 * Whether `challenge` stays open after its challenger leaves the lobby (for KEPT_MS): a
 * correspondence challenge addressed to a player, who may be away for days.
 */
export const isKept = (challenge: Challenge): boolean =>
  challenge.to !== undefined && 'days' in challenge.terms.clock;

/** What offering a challenge did: placed it, or not, the challenger being busy or full. */
export type Offered = 'placed' | 'busy' | 'full';

/** What a process hears from the board. */
export interface BoardListener {
  /** A message for `player`'s lobby sockets on this process. */
  readonly deliver: (player: string, message: LobbyServerMessage) => void;
  /** Something the lobby lists changed (on any process). */
  readonly changed: () => void;
  /**
   * The board is back after a cut and may have lost everything (Redis restarted empty): each
   * process puts back what it holds.
   */
  readonly restored: () => void;
}

/** The lobby's shared state. Every method that changes it tells the listeners `changed`. */
export interface LobbyBoard {
  /** Hands what the board says to `listener`. */
  listen(listener: BoardListener): void;
  /** False while the board cannot be reached (Redis is away): its calls fail meanwhile. */
  readonly healthy: boolean;
  /**
   * Puts `seek.player` in `seek.pool` and the pools of its range (out of any other); false if
   * the player is busy.
   */
  seek(seek: Seek): Promise<boolean>;
  /** Takes the player out of quick pairing. */
  unseek(player: string): Promise<void>;
  /**
   * Opens `challenge`, replacing its owner's open one, or (addressed) their one to the same
   * addressee: `busy` if the owner is busy and the challenge is for a live game (a
   * correspondence game is played beside a live one, as `take` starts it), `full` if they have
   * MAX_DIRECT addressed ones open.
   */
  offer(challenge: Challenge): Promise<Offered>;
  /** Withdraws the challenge `id` if `player` owns it; false otherwise. */
  withdraw(player: string, id: string): Promise<boolean>;
  /** Closes the challenge `id` if it is addressed to `player`: the challenge closed. */
  decline(player: string, id: string): Promise<Challenge | undefined>;
  /** The open challenge `id`. */
  challenge(id: string): Promise<Challenge | undefined>;
  /** The players waiting in `pool` (their own, or in their range). */
  seeks(pool: PoolId): Promise<readonly Seek[]>;
  /**
   * Atomically, if both players still wait in `playing.pool` and neither is busy: takes both out
   * of every pool and challenge, marks both busy in `playing.game`, lists the game. True if
   * this call made the pair.
   */
  pair(white: string, black: string, playing: Playing): Promise<boolean>;
  /**
   * Atomically, if `player` still waits in `playing.pool` and is not busy: takes them out of
   * every pool and challenge, marks them busy, lists the game, whose other player is a bot
   * (never busy). True if this call made the game.
   */
  pairBot(player: string, playing: Playing): Promise<boolean>;
  /**
   * Atomically, if challenge `id` is still open and neither its owner nor `taker` is busy:
   * closes it, takes both out of every pool and challenge, marks both busy, lists the game.
   * With no `playing` (a correspondence game, played over days beside any other): only closes
   * it, if still open.
   */
  take(id: string, taker: string, playing: Playing | null): Promise<boolean>;
  /**
   * For each game of `games` in turn, if neither of its players is busy: takes both out of
   * every pool and challenge, marks both busy, lists the game. All in one atomic step (a
   * tournament's wave of pairings is one call); answers, for each game, whether its players
   * were seated (a tournament's players need not be in the lobby, but must not be in another
   * game).
   */
  seat(games: readonly Playing[]): Promise<readonly boolean[]>;
  /** The game `player` is busy in, if any. */
  busy(player: string): Promise<string | undefined>;
  /** Those of `players` busy in a game, in one look (a tournament's wave asks of a thousand). */
  busyAmong(players: readonly string[]): Promise<ReadonlySet<string>>;
  /** Game `game` of `players` ended (or never started): they are free, and it leaves the list. */
  end(game: string, players: readonly string[]): Promise<void>;
  /** Takes `player`'s entries made through this process out (their last socket here closed). */
  drop(player: string): Promise<void>;
  /**
   * Marks the players of games in play busy and lists the games again, whatever the board holds
   * (after a restart of the board that lost them).
   */
  reinstate(playing: readonly Playing[]): Promise<void>;
  /**
   * Renews this process's lease on pairing `pool` for LEAD_MS, or (with `take`) takes it if
   * nobody holds it: true if this process is the pool's pairing leader now. One leader a pool,
   * so pairs are proposed once.
   */
  lead(pool: PoolId, take: boolean): Promise<boolean>;
  /** Gives up this process's lease on pairing `pool`, for another process to take. */
  release(pool: PoolId): Promise<void>;
  /**
   * Claims `key` for `ms` if nobody holds it: true once, for whichever process asks first, until
   * it lapses. What must happen at most once in a while (a waiting list's ping) is claimed.
   */
  claim(key: string, ms: number): Promise<boolean>;
  /** How many live processes share the board (1 in memory). */
  processes(): Promise<number>;
  /** Sets how many players have the lobby open on this process. */
  attend(players: number): void;
  /** Everything the lobby lists. */
  snapshot(): Promise<Snapshot>;
  /** Sends `message` to `player`'s lobby sockets, on whichever process they are. */
  notify(player: string, message: LobbyServerMessage): void;
  close(): Promise<void>;
}

/**
 * The players of `playing` that one game keeps busy: a person plays one live game at a time, a
 * bot any number (docs/bot-api.md), so a bot is never marked busy nor taken off its challenges.
 */
export function people(playing: Playing): string[] {
  return [playing.white, playing.black].filter((p) => !p.bot).map((p) => p.id);
}

/** The lobby of one process alone, in memory. */
export class MemoryBoard implements LobbyBoard {
  private readonly seekers = new Map<string, Seek>();
  /** When each player last sought a game, for the count of the last hour. */
  private readonly soughtAt = new Map<string, number>();
  private readonly challenges = new Map<string, Challenge>();
  /** Each player's open challenge. */
  private readonly challengeOf = new Map<string, string>();
  /** Each player's addressed challenges, by addressee. */
  private readonly directOf = new Map<string, Map<string, string>>();
  /** When each kept challenge lapses. */
  private readonly keptUntil = new Map<string, number>();
  private readonly claims = new Map<string, number>();
  private readonly busyIn = new Map<string, { game: string; until: number }>();
  private readonly games = new Map<string, { playing: Playing; until: number }>();
  private players = 0;
  private listener: BoardListener = {
    deliver: () => undefined,
    changed: () => undefined,
    restored: () => undefined,
  };
  /** Memory is never out of reach. */
  readonly healthy = true;

  constructor(private readonly now: () => number) {}

  listen(listener: BoardListener): void {
    this.listener = listener;
  }

  async seek(seek: Seek): Promise<boolean> {
    if (this.isBusy(seek.player)) return false;
    this.seekers.set(seek.player, seek);
    this.soughtAt.delete(seek.player);
    this.soughtAt.set(seek.player, this.now());
    this.listener.changed();
    return true;
  }

  async unseek(player: string): Promise<void> {
    if (this.seekers.delete(player)) this.listener.changed();
  }

  async offer(challenge: Challenge): Promise<Offered> {
    const owner = challenge.by.id;
    if (!isCorrespondence(challenge.terms.clock) && this.isBusy(owner)) return 'busy';
    if (challenge.to) {
      const mine = this.directOf.get(owner) ?? new Map<string, string>();
      const before = mine.get(challenge.to.id);
      if (before !== undefined) this.closeChallenge(before);
      else if (mine.size >= MAX_DIRECT) return 'full';
      mine.set(challenge.to.id, challenge.id);
      this.directOf.set(owner, mine);
      if (isKept(challenge)) this.keptUntil.set(challenge.id, this.now() + KEPT_MS);
    } else {
      const before = this.challengeOf.get(owner);
      if (before !== undefined) this.closeChallenge(before);
      this.challengeOf.set(owner, challenge.id);
    }
    this.challenges.set(challenge.id, challenge);
    this.listener.changed();
    return 'placed';
  }

  async withdraw(player: string, id: string): Promise<boolean> {
    if (this.challenges.get(id)?.by.id !== player) return false;
    this.closeChallenge(id);
    this.listener.changed();
    return true;
  }

  async decline(player: string, id: string): Promise<Challenge | undefined> {
    const challenge = this.challenges.get(id);
    if (challenge?.to?.id !== player) return undefined;
    this.closeChallenge(id);
    this.listener.changed();
    return challenge;
  }

  /** Closes challenge `id`, if open. */
  private closeChallenge(id: string): void {
    const challenge = this.challenges.get(id);
    if (!challenge) return;
    this.challenges.delete(id);
    this.keptUntil.delete(id);
    if (challenge.to) this.directOf.get(challenge.by.id)?.delete(challenge.to.id);
    else this.challengeOf.delete(challenge.by.id);
  }

  /**
   * Closes `player`'s open challenge and those addressed to players but the kept ones: answers
   * whether any was open.
   */
  private closeChallengesOf(player: string): boolean {
    const ids = [this.challengeOf.get(player), ...(this.directOf.get(player)?.values() ?? [])];
    let closed = false;
    for (const id of ids) {
      const challenge = id === undefined ? undefined : this.challenges.get(id);
      if (!challenge || isKept(challenge)) continue;
      this.closeChallenge(challenge.id);
      closed = true;
    }
    return closed;
  }

  /** Closes the kept challenges whose time is up. */
  private lapse(): void {
    const now = this.now();
    for (const [id, until] of this.keptUntil) if (until <= now) this.closeChallenge(id);
  }

  async challenge(id: string): Promise<Challenge | undefined> {
    this.lapse();
    return this.challenges.get(id);
  }

  async seeks(pool: PoolId): Promise<readonly Seek[]> {
    return [...this.seekers.values()].filter((s) => waitsIn(s, pool));
  }

  async pair(white: string, black: string, playing: Playing): Promise<boolean> {
    const pool = playing.pool;
    if (white === black || !waitsIn(this.seekers.get(white), pool)) return false;
    if (!waitsIn(this.seekers.get(black), pool)) return false;
    if (this.isBusy(white) || this.isBusy(black)) return false;
    this.start(playing);
    return true;
  }

  async pairBot(player: string, playing: Playing): Promise<boolean> {
    if (!waitsIn(this.seekers.get(player), playing.pool) || this.isBusy(player)) return false;
    this.start(playing);
    return true;
  }

  async take(id: string, taker: string, playing: Playing | null): Promise<boolean> {
    const challenge = this.challenges.get(id);
    if (!challenge || challenge.by.id === taker) return false;
    if (challenge.to && challenge.to.id !== taker) return false;
    if (!playing) {
      this.closeChallenge(id);
      this.listener.changed();
      return true;
    }
    if (this.isBusy(taker) || this.isBusy(challenge.by.id)) return false;
    this.closeChallenge(id);
    this.start(playing);
    return true;
  }

  async seat(games: readonly Playing[]): Promise<readonly boolean[]> {
    return games.map((playing) => {
      const [white, black] = [playing.white.id, playing.black.id];
      if (white === black || this.isBusy(white) || this.isBusy(black)) return false;
      this.start(playing);
      return true;
    });
  }

  /** Both players of `playing` (but a bot) leave every list and are busy in its game. */
  private start(playing: Playing): void {
    for (const player of people(playing)) {
      this.seekers.delete(player);
      this.closeChallengesOf(player);
    }
    this.list(playing);
  }

  /** Lists `playing` and marks its players (but a bot) busy in it. */
  private list(playing: Playing): void {
    const until = this.now() + playing.lasts;
    for (const player of people(playing)) {
      this.busyIn.set(player, { game: playing.game, until });
    }
    this.games.set(playing.game, { playing, until });
    this.listener.changed();
  }

  private isBusy(player: string): boolean {
    const busy = this.busyIn.get(player);
    if (busy && busy.until <= this.now()) this.busyIn.delete(player);
    return this.busyIn.has(player);
  }

  async busy(player: string): Promise<string | undefined> {
    return this.isBusy(player) ? this.busyIn.get(player)?.game : undefined;
  }

  async busyAmong(players: readonly string[]): Promise<ReadonlySet<string>> {
    return new Set(players.filter((p) => this.isBusy(p)));
  }

  async end(game: string, players: readonly string[]): Promise<void> {
    for (const player of players) {
      if (this.busyIn.get(player)?.game === game) this.busyIn.delete(player);
    }
    if (this.games.delete(game)) this.listener.changed();
  }

  async drop(player: string): Promise<void> {
    const unseeked = this.seekers.delete(player);
    if (this.closeChallengesOf(player) || unseeked) this.listener.changed();
  }

  async reinstate(playing: readonly Playing[]): Promise<void> {
    for (const p of playing) this.list(p);
  }

  /** One process: it leads every pool. */
  async lead(): Promise<boolean> {
    return true;
  }

  async release(): Promise<void> {}

  async claim(key: string, ms: number): Promise<boolean> {
    const now = this.now();
    if ((this.claims.get(key) ?? 0) > now) return false;
    if (this.claims.size > 10_000) {
      for (const [k, until] of this.claims) if (until <= now) this.claims.delete(k);
    }
    this.claims.set(key, now + ms);
    return true;
  }

  async processes(): Promise<number> {
    return 1;
  }

  attend(players: number): void {
    if (players === this.players) return;
    this.players = players;
    this.listener.changed();
  }

  async snapshot(): Promise<Snapshot> {
    this.lapse();
    const now = this.now();
    for (const [game, { until }] of this.games) if (until <= now) this.games.delete(game);
    // In the order sought (a new seek moves its player last): the oldest lapse first.
    for (const [player, at] of this.soughtAt) {
      if (at > now - SOUGHT_MS) break;
      this.soughtAt.delete(player);
    }
    return {
      seeks: [...this.seekers.values()],
      challenges: [...this.challenges.values()],
      playing: [...this.games.values()].map((g) => g.playing),
      online: this.players,
      sought: this.soughtAt.size,
    };
  }

  notify(player: string, message: LobbyServerMessage): void {
    this.listener.deliver(player, message);
  }

  async close(): Promise<void> {}
}
