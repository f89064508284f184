// The making of a lobby game, however its players were brought together (quick pairing or an
// accepted challenge): the claim on the board that makes it happen exactly once, the stored
// game and its record for the ratings, and the word to both players of where to go. The seats
// are bound to the players' identities (setup.players): each opens the game with the token of
// their identity, so no seat's secret is made, sent or relayed between processes. A game agreed
// as rated is played unrated, and says why, when its two players are one network's
// (docs/lobby.md, "Fair ratings").

import type { Colour } from '@agon/engine';
import {
  categoryOf,
  isCorrespondence,
  type Pace,
  type PlayerBrief,
  type PoolId,
  type TimeControl,
  type Variant,
} from '@agon/protocol';
import type { Notifier } from '../common/notices.ts';
import type { Problems } from '../common/problems.ts';
import { hashToken, newGameId, newToken } from '../common/secret.ts';
import type { Made } from '../game/hub.ts';
import type { Seated } from '../game/room.ts';
import type { GameSetup, StoredGame } from '../game/store.ts';
import { deadlineOf, restoreTable } from '../game/table.ts';
import {
  brief,
  NEWCOMER_MS,
  type Player,
  type PlayerStore,
  type StartedGame,
} from '../player/players.ts';
import type { LobbyBoard, Playing } from './board.ts';

/**
 * Whether a game between `white` and `black`, playing from the networks `from`, must be played
 * unrated: both play from one network now, or one of them was made in the last day from the
 * network the other plays from or was made from.
 */
function oneNetwork(
  white: Player,
  black: Player,
  from: { readonly white: string; readonly black: string },
  now: number,
): boolean {
  if (from.white === from.black) return true;
  const madeNear = (p: Player, other: Player, otherFrom: string): boolean =>
    now - p.createdAt < NEWCOMER_MS &&
    p.createdFrom !== undefined &&
    (p.createdFrom === otherFrom || p.createdFrom === other.createdFrom);
  return madeNear(white, black, from.black) || madeNear(black, white, from.white);
}

/** A lobby game's listing lapses this long after its clocks could have run out, if not ended. */
const LISTING_SPARE_MS = 5 * 60_000;
/** Moves a game is assumed to last, to bound its listing. */
const LONGEST_GAME_MOVES = 150;

/**
 * How long the listing of a game started at `since` with `clock` may last from `now`: past the
 * longest its clocks allow, with a spare, so that a game whose end was never settled lapses.
 */
function lasts(clock: TimeControl, since: number, now: number): number {
  const longest = clock.initial * 2 + LONGEST_GAME_MOVES * clock.increment;
  return Math.max(LISTING_SPARE_MS, since + longest + LISTING_SPARE_MS - now);
}

/**
 * The listing of a lobby game on the board; none for a correspondence game, which is played
 * over days beside any other game and so makes nobody busy.
 */
function listing(
  game: string,
  pool: PoolId | null,
  white: PlayerBrief,
  black: PlayerBrief,
  terms: Terms & { readonly clock: TimeControl },
  since: number,
  now: number,
): Playing {
  return {
    game,
    pool,
    white,
    black,
    clock: terms.clock,
    variant: terms.variant,
    captorPlacesQueen: terms.captorPlacesQueen === true,
    rated: terms.rated,
    since,
    lasts: lasts(terms.clock, since, now),
  };
}

/**
 * The listing of a lobby game in play that a process holds (to put back on a board that lost
 * it), or undefined for a game not made in the lobby.
 */
export function listingOf(
  game: string,
  setup: GameSetup,
  players: Seated,
  since: number,
  now: number,
): Playing | undefined {
  if (!setup.clock || !players.white || !players.black) return undefined;
  const terms = {
    clock: setup.clock,
    variant: setup.variant,
    touchMove: setup.touchMove === true,
    captorPlacesQueen: setup.captorPlacesQueen === true,
    rated: setup.rated === true,
  };
  return listing(game, setup.pool ?? null, players.white, players.black, terms, since, now);
}

/** The terms of a lobby game, however it was agreed. */
export interface Terms {
  /** A clock, or days per move. */
  readonly clock: Pace;
  readonly variant: Variant;
  readonly touchMove: boolean;
  /** R16; a challenge stored by a process from before R16 has none (R10). */
  readonly captorPlacesQueen?: boolean;
  readonly rated: boolean;
  /** A game of days whose weekends do not count. */
  readonly weekendsOff?: true;
}

/** What the starter works with. */
export interface StarterContext {
  readonly board: LobbyBoard;
  readonly players: PlayerStore;
  readonly problems: Problems;
  readonly now: () => number;
  /**
   * Loads a new game into memory here, so its first-move alarm runs even if nobody comes; given
   * the game as just stored and its players, without reading them back.
   */
  readonly hold: (game: string, made: Made) => Promise<unknown>;
  /** Tells the players of a correspondence game that it started. */
  readonly notifier: Notifier;
}

/**
 * What starting a game did: made it (the game), lost the claim on the board to another, or won
 * the claim and failed to store the game (both players were told).
 */
type Started = { readonly game: string } | 'lost' | 'failed';

/**
 * A game paired in a tournament or a league: the event or season, and the game's id if the
 * pairing logged one.
 */
export interface Paired {
  readonly tournament?: GameSetup['tournament'];
  /** The league season of a game paired in a league. */
  readonly league?: GameSetup['league'];
  readonly game?: string;
}

/** A game to make: its players, playing from the networks `from`, and its terms. */
export interface Start {
  readonly white: Player;
  readonly black: Player;
  readonly agreed: Terms;
  readonly pool: PoolId | null;
  readonly from: { readonly white: string; readonly black: string };
  readonly paired?: Paired;
}

/**
 * The claim on the board of a batch of games (null for a correspondence game, which makes
 * nobody busy): for each, whether it was won.
 */
type Claim = (playing: readonly (Playing | null)[]) => Promise<readonly boolean[]>;

/** A game as prepared to be made (Starter's `prepare`). */
type Prepared = ReturnType<Starter['prepare']>;

/** The page of a player's games in play, which a season's notice opens. */
const GAMES_URL = '/games';

/** Makes lobby games. */
export class Starter {
  constructor(private readonly context: StarterContext) {}

  /**
   * Makes a game of `white` and `black`, playing from the networks `from`, if `claim` wins it
   * on the board (the atomic step), then stores it and tells both players where to go.
   */
  async start(
    white: Player,
    black: Player,
    agreed: Terms,
    pool: PoolId | null,
    from: { readonly white: string; readonly black: string },
    claim: (playing: Playing | null) => Promise<boolean>,
    paired: Paired = {},
  ): Promise<Started> {
    const [started] = await this.startMany(
      [{ white, black, agreed, pool, from, paired }],
      async ([playing]) => [await claim(playing ?? null)],
    );
    return started!;
  }

  /**
   * Makes the games of `starts` whose claims win on the board, in one claim (`claim`, given
   * them all at once) and one write to the store for all of them, then tells each game's
   * players where to go: what became of each, in order.
   */
  async startMany(starts: readonly Start[], claim: Claim): Promise<Started[]> {
    const now = this.context.now();
    const { made, claimed, won, stored } = await this.store(starts, claim, now);
    if (stored) await Promise.all(won.map((m) => this.announce(m, now)));
    return this.outcomes(made, claimed, stored);
  }

  /**
   * Makes the games of a league's season (`starts`, games of days that make nobody busy) in
   * one write, and tells each player once of all theirs: one lobby message and one notice a
   * player rather than one a game, and no game loaded into memory, since a season may make
   * thousands and nobody may look at one for days (their deadlines wait in the store).
   */
  async startSeason(
    starts: readonly Start[],
    league: { readonly key: string; readonly name: string; readonly season: number },
  ): Promise<Started[]> {
    const now = this.context.now();
    const { made, claimed, won, stored } = await this.store(
      starts,
      async (p) => p.map(() => true),
      now,
    );
    if (stored) this.tellSeason(won, league);
    return this.outcomes(made, claimed, stored);
  }

  /** What became of each of `made`, in order: the game, lost on the board, or not stored. */
  private outcomes(
    made: readonly Prepared[],
    claimed: readonly boolean[],
    stored: boolean,
  ): Started[] {
    return made.map((m, i) =>
      !claimed[i] ? 'lost' : stored ? { game: m.started.gameId } : 'failed',
    );
  }

  /**
   * Prepares the games of `starts`, claims them on the board and stores those won in one
   * write; `stored` false if the write failed, whose players are told so.
   */
  private async store(starts: readonly Start[], claim: Claim, now: number) {
    const { board, players, problems } = this.context;
    const made = starts.map((start) => this.prepare(start, now));
    const claimed = await claim(made.map((m) => m.playing));
    const won = made.filter((_, i) => claimed[i]);
    try {
      await players.startGames(won.map(({ setup, started, due }) => ({ setup, started, due })));
    } catch (e) {
      problems.report('storage', e);
      for (const { started } of won) {
        const ids = [started.white, started.black];
        await board.end(started.gameId, ids).catch(() => undefined);
        for (const id of ids) {
          board.notify(id, {
            t: 'error',
            code: 'server-error',
            message: 'the game could not be started; try again',
          });
        }
      }
      return { made, claimed, won, stored: false };
    }
    return { made, claimed, won, stored: true };
  }

  /** Tells each player of the season's games `won` once, of all theirs. */
  private tellSeason(
    won: readonly Prepared[],
    league: { readonly key: string; readonly name: string; readonly season: number },
  ): void {
    const { board, notifier } = this.context;
    const theirs = new Map<string, { game: string; seat: Colour }[]>();
    for (const { started } of won) {
      for (const seat of ['white', 'black'] as const satisfies readonly Colour[]) {
        const games = theirs.get(started[seat]) ?? [];
        if (games.length === 0) theirs.set(started[seat], games);
        games.push({ game: started.gameId, seat });
      }
    }
    for (const [player, games] of theirs) {
      board.notify(player, {
        t: 'season',
        league: { key: league.key, name: league.name, season: league.season },
        games,
      });
      notifier.notify(player, {
        kind: 'started',
        league: { name: league.name, season: league.season },
        games: games.map((g) => g.game),
        url: GAMES_URL,
      });
    }
  }

  /**
   * A game of `start` as it would be made at `now`: its listing, setup, note and seats, and a
   * game of days' first deadline, stored with it.
   */
  private prepare(start: Start, now: number) {
    const { white, black, agreed, pool, from, paired = {} } = start;
    const unrated = agreed.rated && oneNetwork(white, black, from, now);
    const terms = unrated ? { ...agreed, rated: false } : agreed;
    const category = categoryOf(terms.clock, terms);
    const game = paired.game ?? newGameId();
    const seated: Seated = {
      white: brief(white, category, now),
      black: brief(black, category, now),
    };
    const pace = terms.clock;
    const days = isCorrespondence(pace) ? pace.days : undefined;
    const playing = isCorrespondence(pace)
      ? null
      : listing(game, pool, seated.white!, seated.black!, { ...terms, clock: pace }, now, now);
    const setup: GameSetup = {
      variant: terms.variant,
      clock: isCorrespondence(pace) ? null : pace,
      ...(days && { days }),
      ...(days && terms.weekendsOff && { weekendsOff: true as const }),
      // Taken, so that nobody else joins; their secrets are thrown away (the players come in
      // with their identities).
      seats: { white: hashToken(newToken()), black: hashToken(newToken()) },
      players: { white: white.id, black: black.id },
      rated: terms.rated,
      touchMove: terms.touchMove,
      ...(terms.captorPlacesQueen && { captorPlacesQueen: true }),
      ...(pool && { pool }),
      ...(unrated && { unrated: 'same-network' as const }),
      ...(paired.tournament && { tournament: paired.tournament }),
      // Vacation never moves a league game's deadline past its season's end.
      ...(paired.league && { league: paired.league, latest: paired.league.endsAt }),
    };
    const started: StartedGame = {
      gameId: game,
      white: white.id,
      black: black.id,
      category,
      rated: terms.rated,
      startedAt: now,
    };
    const due = days
      ? deadlineOf(restoreTable({ id: game, createdAt: now, setup, events: [] }, now))
      : undefined;
    return { start, playing, setup, started, seated, days, due: due ?? undefined };
  }

  /** Tells the players of a game just stored where to go, and loads it here. */
  private async announce(made: Prepared, now: number): Promise<void> {
    const { board, problems, notifier, hold } = this.context;
    const { start, setup, started, seated, days } = made;
    const game = started.gameId;
    for (const seat of ['white', 'black'] as const satisfies readonly Colour[]) {
      const [p, opponent] =
        seat === 'white' ? [start.white, start.black] : [start.black, start.white];
      board.notify(p.id, { t: 'paired', game, seat });
      // A live game's players are in the lobby, whose page takes them to the game; a game of
      // days goes on wherever they are, its start told to every device they have.
      if (days) {
        notifier.notify(p.id, {
          kind: 'started',
          game,
          opponent: opponent.name,
          url: `/g/${game}`,
        });
      }
    }
    const stored: StoredGame = { id: game, createdAt: now, setup, events: [] };
    await hold(game, { stored, players: seated }).catch((e: unknown) =>
      problems.report(`game ${game}`, e),
    );
  }
}
