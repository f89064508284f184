// The lobby of this process: its sockets (players who said hello with their token), their
// seeks, challenges and acceptances checked and handed to the board (memory or Redis), the
// quick pairing run every half second, the games the pairings make, and the list every lobby
// page shows, sent whole at most once a second when something changed (docs/lobby.md).

import type { Colour } from '@agon/engine';
import {
  type ChallengeView,
  type LobbyClientMessage,
  type LobbyServerMessage,
  type LobbyView,
  MAX_LISTED,
  type OutcomeView,
  type PlayerBrief,
  type PlayerView,
  POOLS,
  type PoolId,
  parseLobbyMessage,
  RATING_CLASSES,
  type RatingClass,
  type Refusal,
  ratingClass,
  type TimeControl,
  type Variant,
} from '@agon/protocol';
import type { Challenge, LobbyBoard, Playing } from './lobby-board.ts';
import { challengerColour, pairUp } from './pairing.ts';
import type { Player, PlayerStore } from './players.ts';
import type { Problems } from './problems.ts';
import { TokenBucket } from './rate-limit.ts';
import { type ClassRating, provisional } from './ratings.ts';
import { type Seated, type Seating, UNSEATED } from './room.ts';
import { hashToken, newGameId, newToken } from './secret.ts';
import type { SocketHandler } from './sockets.ts';
import type { GameSetup, GameStore } from './store.ts';

/** A lobby socket as the lobby sees it. */
export interface LobbyMember {
  readonly address: string;
  send(message: LobbyServerMessage | string): void;
  refuse(error: Refusal): void;
  close(code: number, reason: string): void;
}

/** The limits of the lobby. */
export interface LobbyLimits {
  /** Seeks, challenges and acceptances one player may make per minute (and in a burst). */
  readonly lobbyActionsPerMinute: number;
  readonly lobbyActionBurst: number;
}

/** How often quick pairing looks for pairs. */
const PAIR_EVERY_MS = 500;
/** How often, at most, the list is sent again. */
const SHOW_EVERY_MS = 1000;
/** How often the count of games in play is read from the store. */
const COUNT_EVERY_MS = 5000;
/** How many players' worth of lobby actions one address may take. */
const ADDRESS_SHARE = 5;
/** A lobby game's listing lapses this long after its clocks could have run out, if not ended. */
const LISTING_SPARE_MS = 5 * 60_000;
/** Moves a game is assumed to last, to bound its listing. */
const LONGEST_GAME_MOVES = 150;
/** Pairs of one round whose games are started at once (their commits are grouped). */
const PAIRS_AT_ONCE = 64;

/** A rating as shown. */
export function ratingView(r: ClassRating): PlayerBrief['rating'] {
  return { rating: Math.round(r.rating), provisional: provisional(r), games: r.games };
}

/** A player as anyone may see them. */
export function playerView(p: Player): PlayerView {
  const ratings = Object.fromEntries(
    RATING_CLASSES.map((c) => [c, ratingView(p.ratings[c])]),
  ) as PlayerView['ratings'];
  return { id: p.id, name: p.name, ratings };
}

/** A player with the rating of one class. */
export function brief(p: Player, cls: RatingClass): PlayerBrief {
  return { id: p.id, name: p.name, rating: ratingView(p.ratings[cls]) };
}

/** What a lobby socket asks after its hello. */
type Request = Exclude<LobbyClientMessage, { t: 'hello' | 'ping' }>;

/** The terms of a lobby game, however it was agreed. */
interface Terms {
  readonly clock: TimeControl;
  readonly variant: Variant;
  readonly touchMove: boolean;
  /** R16; a challenge stored by a process from before R16 has none (R10). */
  readonly captorPlacesQueen?: boolean;
  readonly rated: boolean;
}

/** The lobby of this process over the shared board; the seating of the games it makes. */
export class Lobby implements Seating {
  /** This process's lobby sockets, by player. */
  private readonly sockets = new Map<string, Set<LobbyMember>>();
  private readonly who = new Map<LobbyMember, Player>();
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly pairTimer: NodeJS.Timeout;
  private readonly showTimer: NodeJS.Timeout;
  private readonly countTimer: NodeJS.Timeout;
  private dirty = true;
  private pairing = false;
  private showing = false;
  private gamesInPlay = 0;
  private shown: LobbyView | undefined;
  private closing = false;

  constructor(
    private readonly board: LobbyBoard,
    private readonly players: PlayerStore,
    private readonly games: GameStore,
    private readonly limits: LobbyLimits,
    private readonly now: () => number,
    private readonly problems: Problems,
    /** Loads a new game into memory here, so its first-move alarm runs even if nobody comes. */
    private readonly hold: (game: string) => Promise<unknown>,
  ) {
    board.listen({
      deliver: (player, message) => {
        const text = JSON.stringify(message);
        for (const member of this.sockets.get(player) ?? []) member.send(text);
      },
      changed: () => {
        this.dirty = true;
      },
    });
    this.pairTimer = setInterval(() => void this.pairAll(), PAIR_EVERY_MS);
    this.showTimer = setInterval(() => void this.show(), SHOW_EVERY_MS);
    this.countTimer = setInterval(() => void this.count(), COUNT_EVERY_MS);
    for (const timer of [this.pairTimer, this.showTimer, this.countTimer]) timer.unref();
    void this.count();
  }

  /** Players with a lobby socket on this process. */
  get size(): number {
    return this.sockets.size;
  }

  /** Lets `member` in as the player whose token it gives, and sends it the lobby. */
  async hello(member: LobbyMember, token: string): Promise<boolean> {
    let player: Player | undefined;
    try {
      player = await this.players.playerByToken(hashToken(token));
    } catch (e) {
      this.problems.report('storage', e);
      member.refuse({ code: 'server-error', message: 'the lobby could not be opened' });
      return false;
    }
    if (!player) {
      member.refuse({
        code: 'unknown-player',
        message: 'no player has this token; the identity was lost, make a new one',
      });
      member.close(4401, 'unknown player');
      return false;
    }
    this.who.set(member, player);
    const mine = this.sockets.get(player.id) ?? new Set();
    mine.add(member);
    this.sockets.set(player.id, mine);
    this.board.attend(this.sockets.size);
    // The list last sent (at most a second old: a change since is sent to everyone within the
    // second); reading the whole board for each arrival would cost a crowd arriving dearly.
    this.shown ??= await this.view();
    const lobby = this.shown;
    member.send({ t: 'welcome', you: playerView(player), lobby });
    return true;
  }

  /** Takes a closed socket out; the player's last one here takes their seek and challenge. */
  leave(member: LobbyMember): void {
    const player = this.who.get(member);
    if (!player) return;
    this.who.delete(member);
    const mine = this.sockets.get(player.id);
    mine?.delete(member);
    if (mine && mine.size > 0) return;
    this.sockets.delete(player.id);
    this.board.attend(this.sockets.size);
    this.board.drop(player.id).catch((e: unknown) => this.problems.report('lobby', e));
  }

  /** Acts on a message (but hello and ping, which the socket answers) from a member. */
  async act(member: LobbyMember, message: Request): Promise<void> {
    const player = this.who.get(member);
    if (!player) {
      member.refuse({ code: 'hello-first', message: 'say hello with your player token first' });
      return;
    }
    if (
      message.t !== 'unseek' &&
      message.t !== 'withdraw' &&
      !this.allow(player.id, member.address)
    ) {
      member.refuse({ code: 'rate-limited', message: 'too many lobby requests; wait a minute' });
      return;
    }
    try {
      await this.command(member, player, message);
    } catch (e) {
      this.problems.report('lobby', e);
      member.refuse({ code: 'server-error', message: 'the lobby cannot be reached; try again' });
    }
  }

  private async command(member: LobbyMember, player: Player, message: Request): Promise<void> {
    // The freshest ratings where they count: a game may have ended since the socket said hello.
    const read = async (): Promise<Player> => (await this.players.player(player.id)) ?? player;
    switch (message.t) {
      case 'seek': {
        const fresh = await read();
        const pool = POOLS.find((p) => p.id === message.pool)!;
        const cls = ratingClass(pool);
        const seek = {
          player: fresh.id,
          name: fresh.name,
          pool: pool.id,
          rating: fresh.ratings[cls].rating,
          since: this.now(),
          balance: await this.players.colourBalance(fresh.id),
        };
        if (!(await this.board.seek(seek))) return this.refuseBusy(member, fresh.id);
        this.tell(fresh.id, { t: 'seeking', pool: pool.id });
        return;
      }
      case 'unseek':
        await this.board.unseek(player.id);
        this.tell(player.id, { t: 'seeking', pool: null });
        return;
      case 'challenge': {
        const fresh = await read();
        const { t: _t, ...terms } = message;
        const challenge: Challenge = {
          id: newGameId().slice(0, 8),
          by: brief(fresh, ratingClass(terms.clock)),
          terms,
          since: this.now(),
        };
        if (!(await this.board.offer(challenge))) return this.refuseBusy(member, fresh.id);
        return;
      }
      case 'withdraw':
        if (!(await this.board.withdraw(player.id, message.id))) {
          member.refuse({
            code: 'no-such-challenge',
            message: 'you have no open challenge by that id',
          });
        }
        return;
      case 'accept':
        return this.accept(member, await read(), message.id);
    }
  }

  private async refuseBusy(member: LobbyMember, player: string): Promise<void> {
    const game = await this.board.busy(player);
    member.refuse({
      code: 'busy',
      message: game
        ? `you are playing a game (/g/${game}); finish it first`
        : 'you are already in a game',
    });
  }

  /** Takes challenge `id` for `taker`: the game starts for both, or a refusal says why. */
  private async accept(member: LobbyMember, taker: Player, id: string): Promise<void> {
    const challenge = await this.board.challenge(id);
    if (!challenge) {
      member.refuse({ code: 'no-such-challenge', message: 'that challenge is no longer open' });
      return;
    }
    if (challenge.by.id === taker.id) {
      member.refuse({ code: 'own-challenge', message: 'this is your own challenge' });
      return;
    }
    const owner = await this.players.player(challenge.by.id);
    if (!owner) {
      member.refuse({ code: 'no-such-challenge', message: 'that challenge is no longer open' });
      return;
    }
    const ownerColour = challengerColour(challenge.terms.side);
    const [white, black] = ownerColour === 'white' ? [owner, taker] : [taker, owner];
    const started = await this.start(white, black, challenge.terms, null, (playing) =>
      this.board.take(id, taker.id, playing),
    );
    if (!started) {
      const busy = await this.board.busy(taker.id);
      if (busy) await this.refuseBusy(member, taker.id);
      else member.refuse({ code: 'no-such-challenge', message: 'that challenge was just taken' });
    }
  }

  /**
   * Proposes pairs in every pool and starts the games of those this process wins. The games of
   * a round start together rather than one after another: each waits for durable writes, and
   * at a few dozen arrivals a second one at a time fell behind by seconds (docs/online.md,
   * Lobby load).
   */
  private async pairAll(): Promise<void> {
    if (this.pairing || this.closing) return;
    this.pairing = true;
    try {
      const now = this.now();
      const pools = await Promise.all(POOLS.map((pool) => this.board.seeks(pool.id)));
      const pairs = pools.flatMap((seeks, i) =>
        seeks.length < 2
          ? []
          : pairUp(seeks, now).map((pair) => ({
              pool: POOLS[i]!.id,
              white: pair.white.player,
              black: pair.black.player,
            })),
      );
      for (let i = 0; i < pairs.length; i += PAIRS_AT_ONCE) {
        const batch = pairs.slice(i, i + PAIRS_AT_ONCE);
        // One read for the batch's players, not one a pair.
        const found = await this.players.players(batch.flatMap((p) => [p.white, p.black]));
        const byId = new Map(found.map((p) => [p.id, p]));
        await Promise.all(
          batch.map(({ pool, white, black }) =>
            this.pairOne(pool, byId.get(white), byId.get(black)).catch((e: unknown) =>
              this.problems.report('lobby', e),
            ),
          ),
        );
      }
    } catch (e) {
      this.problems.report('lobby', e);
    } finally {
      this.pairing = false;
    }
  }

  private async pairOne(pool: PoolId, white?: Player, black?: Player): Promise<void> {
    if (!white || !black) return;
    const { initial, increment } = POOLS.find((p) => p.id === pool)!;
    const terms: Terms = {
      clock: { initial, increment },
      variant: 'standard',
      touchMove: false,
      captorPlacesQueen: false,
      rated: true,
    };
    await this.start(white, black, terms, pool, (playing) =>
      this.board.pair(white.id, black.id, playing),
    );
  }

  /**
   * Makes a game of `white` and `black` if `claim` wins it on the board (the atomic step), then
   * stores it and tells both players where to go; false if the claim was lost.
   */
  private async start(
    white: Player,
    black: Player,
    terms: Terms,
    pool: PoolId | null,
    claim: (playing: Playing) => Promise<boolean>,
  ): Promise<boolean> {
    const cls = ratingClass(terms.clock);
    const now = this.now();
    const game = newGameId();
    const longest = terms.clock.initial * 2 + LONGEST_GAME_MOVES * terms.clock.increment;
    const playing: Playing = {
      game,
      pool,
      white: brief(white, cls),
      black: brief(black, cls),
      clock: terms.clock,
      variant: terms.variant,
      captorPlacesQueen: terms.captorPlacesQueen === true,
      rated: terms.rated,
      until: now + longest + LISTING_SPARE_MS,
    };
    if (!(await claim(playing))) return false;
    const tokens = { white: newToken(), black: newToken() };
    const setup: GameSetup = {
      variant: terms.variant,
      clock: terms.clock,
      seats: { white: hashToken(tokens.white), black: hashToken(tokens.black) },
      players: { white: white.id, black: black.id },
      rated: terms.rated,
      touchMove: terms.touchMove,
      ...(terms.captorPlacesQueen && { captorPlacesQueen: true }),
    };
    try {
      await this.games.create(game, now, setup);
      await this.players.recordGame({
        gameId: game,
        white: white.id,
        black: black.id,
        class: cls,
        rated: terms.rated,
        startedAt: now,
      });
    } catch (e) {
      this.problems.report('storage', e);
      await this.board.end(game, [white.id, black.id]).catch(() => undefined);
      for (const p of [white, black]) {
        this.board.notify(p.id, {
          t: 'error',
          code: 'server-error',
          message: 'the game could not be started; try again',
        });
      }
      return true;
    }
    for (const seat of ['white', 'black'] as const satisfies readonly Colour[]) {
      const p = seat === 'white' ? white : black;
      this.board.notify(p.id, { t: 'paired', game, seat, token: tokens[seat] });
    }
    await this.hold(game).catch((e: unknown) => this.problems.report(`game ${game}`, e));
    return true;
  }

  async seated(setup: GameSetup): Promise<Seated> {
    const ids = setup.players;
    if (!ids) return UNSEATED;
    const found = await this.players.players([ids.white, ids.black]);
    const cls = ratingClass(setup.clock ?? { initial: 0, increment: 0 });
    const at = (id: string): PlayerBrief | null => {
      const p = found.find((f) => f.id === id);
      return p ? brief(p, cls) : null;
    };
    return { white: at(ids.white), black: at(ids.black) };
  }

  async finished(id: string, setup: GameSetup, outcome: OutcomeView): Promise<void> {
    const ids = setup.players;
    if (!ids) return;
    const aborted = outcome.reason === 'aborted';
    await this.players.settle(id, { winner: outcome.winner, aborted }, this.now());
    await this.ended(id, [ids.white, ids.black]);
  }

  /** A lobby game of `players` ended: they are free again, and it leaves the list. */
  ended(game: string, players: readonly string[]): Promise<void> {
    return this.board.end(game, players);
  }

  /** Sends `message` to `player`'s sockets on this process. */
  private tell(player: string, message: LobbyServerMessage): void {
    const text = JSON.stringify(message);
    for (const member of this.sockets.get(player) ?? []) member.send(text);
  }

  /**
   * Takes one lobby action from `player`'s bucket and from their address's, which allows
   * ADDRESS_SHARE times as many (several players may share one address behind a router).
   */
  private allow(player: string, address: string): boolean {
    const now = this.now();
    const { lobbyActionsPerMinute: perMinute, lobbyActionBurst: burst } = this.limits;
    const take = (key: string, share: number): boolean => {
      let bucket = this.buckets.get(key);
      if (!bucket) {
        if (this.buckets.size > 10_000) {
          for (const [k, b] of this.buckets) if (b.full(now)) this.buckets.delete(k);
        }
        bucket = new TokenBucket((share * perMinute) / 60, share * burst, now);
        this.buckets.set(key, bucket);
      }
      return bucket.take(now);
    };
    return take(`player ${player}`, 1) && take(`address ${address}`, ADDRESS_SHARE);
  }

  /** Reads how many games have a running clock (link games too). */
  private async count(): Promise<void> {
    try {
      const running = (await this.games.running()).length;
      if (running !== this.gamesInPlay) this.dirty = true;
      this.gamesInPlay = running;
    } catch (e) {
      this.problems.report('storage', e);
    }
  }

  /** The lobby as the page shows it. */
  private async view(): Promise<LobbyView> {
    const snap = await this.board.snapshot(this.now());
    const challenges: ChallengeView[] = [...snap.challenges]
      .sort((a, b) => b.since - a.since)
      .slice(0, MAX_LISTED)
      .map((c) => ({
        id: c.id,
        by: c.by,
        class: ratingClass(c.terms.clock),
        ...c.terms,
        // A challenge a process from before R16 put on a shared board has no such term: R10.
        captorPlacesQueen: c.terms.captorPlacesQueen === true,
      }));
    const pools = POOLS.map((pool) => ({
      id: pool.id,
      waiting: snap.seeks.filter((s) => s.pool === pool.id).length,
      playing: 2 * snap.playing.filter((p) => p.pool === pool.id).length,
    }));
    const live = [...snap.playing]
      .sort((a, b) => b.until - a.until)
      .slice(0, MAX_LISTED)
      .map(({ game, white, black, clock, variant, captorPlacesQueen, rated }) => ({
        id: game,
        white,
        black,
        clock,
        variant,
        captorPlacesQueen: captorPlacesQueen === true,
        rated,
      }));
    return {
      pools,
      challenges,
      // With the lobby open, plus those playing its games (a player doing both counts twice).
      players: snap.online + 2 * snap.playing.length,
      games: Math.max(this.gamesInPlay, snap.playing.length),
      live,
    };
  }

  /** Sends the list to every lobby socket here if it changed. */
  private async show(): Promise<void> {
    if (!this.dirty || this.showing || this.closing || this.sockets.size === 0) return;
    this.showing = true;
    this.dirty = false;
    try {
      const lobby = await this.view();
      this.shown = lobby;
      const text = JSON.stringify({ t: 'lobby', lobby } satisfies LobbyServerMessage);
      for (const members of this.sockets.values()) for (const m of members) m.send(text);
    } catch (e) {
      this.dirty = true;
      this.problems.report('lobby', e);
    } finally {
      this.showing = false;
    }
  }

  /** Stops the timers (the server is closing). */
  async close(): Promise<void> {
    this.closing = true;
    for (const timer of [this.pairTimer, this.showTimer, this.countTimer]) clearInterval(timer);
    await this.board.close();
  }
}

/** The handler of a lobby socket: hello with the player's token, then the lobby's requests. */
export function lobbySocket(lobby: Lobby): SocketHandler<LobbyClientMessage> {
  return {
    parse: parseLobbyMessage,
    hello: (connection, message) => void lobby.hello(connection, message.token),
    receive: (connection, message) => void lobby.act(connection, message),
    leave: (connection) => lobby.leave(connection),
  };
}
