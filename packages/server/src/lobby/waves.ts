// Quick pairing in waves, and a house bot for a seek nobody came to play. Every quarter second
// this process renews its lease on each pool it pairs and takes the lease of a pool nobody holds
// (lobby/board.ts `lead`), up to its share of the pools (the pools over the live processes,
// rounded up; a surplus is given back): one process a pool proposes pairs, so they are not
// proposed twice, the pools are spread over the processes, and when a process dies another takes
// its pools over once their leases lapse (LEAD_MS). A leader matches its pool's waiting players
// (pairing.ts) and starts the games of the pairs it wins on the board, a wave's games together:
// each waits for durable writes, and at a few dozen arrivals a second one at a time fell behind
// by seconds (docs/online.md, "Lobby load").

import type { Colour } from '@agon/engine';
import { categoryOf, POOLS, type PoolId } from '@agon/protocol';
import type { Problems } from '../common/problems.ts';
import { houseNetwork } from '../player/networks.ts';
import { type Player, type PlayerStore, ratingOf } from '../player/players.ts';
import { provisional } from '../player/ratings.ts';
import type { LobbyBoard, Playing, Seek } from './board.ts';
import { type Pair, pairUp, whiteFirst } from './pairing.ts';
import type { Starter, Terms } from './starter.ts';

/**
 * How often a wave is paired: a quarter second halved the median wait of the lobby load test
 * against half a second (docs/online.md, "Lobby load"), for a few points more of a core.
 */
const WAVE_MS = 250;
/** Pairs of one wave whose games are started at once (their commits are grouped). */
const PAIRS_AT_ONCE = 64;

const poolOf = (id: PoolId) => POOLS.find((p) => p.id === id)!;

/** What quick pairing works with. */
export interface WavesContext {
  readonly board: LobbyBoard;
  readonly players: PlayerStore;
  readonly starter: Starter;
  readonly problems: Problems;
  readonly now: () => number;
  /**
   * The house bot to play a player of `rating` (`unsure`: provisional) whom nobody came to play
   * (bot/house.ts), if one can; none without house bots.
   */
  readonly standIn?: (rating: number, unsure: boolean) => string | undefined;
}

/** A seek that waited its `botAfter` with nobody to pair, in its pool. */
interface Lonely {
  readonly pool: PoolId;
  readonly seek: Seek;
}

/** This process's share of quick pairing. */
export class Waves {
  private readonly timer: NodeJS.Timeout;
  /** The wave under way, if one is. */
  private current: Promise<void> | undefined;
  private stopped = false;
  /** The pools this process led at its last wave. */
  private led: readonly PoolId[] = [];

  constructor(private readonly context: WavesContext) {
    this.timer = setInterval(() => {
      this.wave().catch((e: unknown) => context.problems.report('lobby', e));
    }, WAVE_MS);
    this.timer.unref();
  }

  /** The pools this process pairs now. */
  get leads(): readonly PoolId[] {
    return this.led;
  }

  /** Pairs one wave in every pool this process leads; while one is under way, that one. */
  wave(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.current ??= this.pair().finally(() => {
      this.current = undefined;
    });
    return this.current;
  }

  private async pair(): Promise<void> {
    const { board, now } = this.context;
    if (!board.healthy) {
      this.led = [];
      return;
    }
    const led = await this.lead();
    this.led = led;
    const at = now();
    const waves = await Promise.all(led.map((pool) => board.seeks(pool)));
    const pairs = waves.flatMap((seeks, i) =>
      seeks.length < 2 ? [] : pairUp(seeks, at).map((pair) => ({ pool: led[i]!, ...pair })),
    );
    for (let i = 0; i < pairs.length; i += PAIRS_AT_ONCE) {
      const batch = pairs.slice(i, i + PAIRS_AT_ONCE);
      // One read for the batch's players, not one a pair.
      const found = await this.context.players.players(
        batch.flatMap((p) => [p.white.player, p.black.player]),
      );
      const byId = new Map(found.map((p) => [p.id, p]));
      await Promise.all(
        batch.map((pair) =>
          this.start(pair, byId.get(pair.white.player), byId.get(pair.black.player)).catch(
            (e: unknown) => this.context.problems.report('lobby', e),
          ),
        ),
      );
    }
    const paired = new Set(pairs.flatMap((p) => [p.white.player, p.black.player]));
    // A bot plays a seek with a range in its own pool, the one its player picked first.
    const lonely = waves.flatMap((seeks, i) =>
      seeks
        .filter((s) => s.pool === led[i] && !paired.has(s.player) && s.botAfter !== undefined)
        .filter((s) => at - s.since >= s.botAfter!)
        .map((seek) => ({ pool: led[i]!, seek })),
    );
    if (lonely.length > 0) await this.standIn(lonely);
  }

  /**
   * Gives each seek of `lonely` a house bot to play, the one nearest its player's rating: a game
   * now rather than an empty pool (docs/lobby.md, "When nobody comes").
   */
  private async standIn(lonely: readonly Lonely[]): Promise<void> {
    const { players, standIn, problems } = this.context;
    if (!standIn) return;
    for (let i = 0; i < lonely.length; i += PAIRS_AT_ONCE) {
      const batch = lonely.slice(i, i + PAIRS_AT_ONCE);
      const people = new Map(
        (await players.players(batch.map((l) => l.seek.player))).map((p) => [p.id, p]),
      );
      const bots = new Map<string, string>();
      for (const { pool, seek } of batch) {
        const person = people.get(seek.player);
        const rating =
          person && ratingOf(person, categoryOf(poolOf(pool), { variant: 'standard' }));
        const bot = rating && standIn(rating.rating, provisional(rating));
        if (bot) bots.set(seek.player, bot);
      }
      const found = new Map(
        (await players.players([...new Set(bots.values())])).map((p) => [p.id, p]),
      );
      await Promise.all(
        batch.map(({ pool, seek }) => {
          const person = people.get(seek.player);
          const bot = found.get(bots.get(seek.player) ?? '');
          if (!person || !bot) return undefined;
          // A bot is due neither colour: balance 0.
          const seat: Colour = whiteFirst(seek.balance, 0) ? 'white' : 'black';
          const botFrom = houseNetwork(bot.id);
          const [white, black] = seat === 'white' ? [person, bot] : [bot, person];
          const from =
            seat === 'white'
              ? { white: seek.from, black: botFrom }
              : { white: botFrom, black: seek.from };
          return this.open(pool, white, black, from, (playing) =>
            this.context.board.pairBot(person.id, playing),
          ).catch((e: unknown) => problems.report('lobby', e));
        }),
      );
    }
  }

  /**
   * Renews the pools this process led, gives back those over its share, and takes free ones
   * while under it; answers the pools it leads now.
   */
  private async lead(): Promise<PoolId[]> {
    const { board } = this.context;
    const share = Math.ceil(POOLS.length / (await board.processes().catch(() => 1)));
    const renewed = await Promise.all(
      this.led.map(async (pool) =>
        (await board.lead(pool, false).catch(() => false)) ? [pool] : [],
      ),
    );
    const led = renewed.flat();
    for (const pool of led.splice(share)) await board.release(pool).catch(() => undefined);
    for (const { id } of POOLS) {
      if (led.length >= share) break;
      if (!led.includes(id) && (await board.lead(id, true).catch(() => false))) led.push(id);
    }
    return POOLS.map((p) => p.id).filter((id) => led.includes(id));
  }

  /** Starts the game of a pair of seeks in `pool`, of the players found for them. */
  private async start(
    { pool, white: whiteSeek, black: blackSeek }: { pool: PoolId } & Pair<Seek>,
    white?: Player,
    black?: Player,
  ): Promise<void> {
    if (!white || !black) return;
    const from = { white: whiteSeek.from, black: blackSeek.from };
    await this.open(pool, white, black, from, (playing) =>
      this.context.board.pair(white.id, black.id, playing),
    );
  }

  /** Starts a game of `pool` between `white` and `black` if `claim` wins it on the board. */
  private async open(
    pool: PoolId,
    white: Player,
    black: Player,
    from: { readonly white: string; readonly black: string },
    claim: (playing: Playing) => Promise<boolean>,
  ): Promise<void> {
    const { initial, increment } = poolOf(pool);
    const terms: Terms = {
      clock: { initial, increment },
      variant: 'standard',
      touchMove: false,
      captorPlacesQueen: false,
      rated: true,
    };
    // A pool's game is on a clock, so it is always listed.
    await this.context.starter.start(white, black, terms, pool, from, async (playing) =>
      playing ? claim(playing) : false,
    );
  }

  /** Stops pairing (the server is closing); answers once the wave under way, if any, is done. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.current?.catch(() => undefined);
  }
}
