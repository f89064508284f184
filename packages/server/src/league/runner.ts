// The running of the leagues: one process at a time (a lease) starts each league's season when
// its time comes, with all its games at once, and finishes it at its end (or once every game is
// over), keeping the tier each player earned for the next. A season and its games' ids are
// stored before any game is made, so a runner that dies between the two is followed by one that
// makes the games still missing (docs/leagues.md, "In a cluster").

import { categoryOf, DAY_MS } from '@agon/protocol';
import type { Problems } from '../common/problems.ts';
import { newGameId } from '../common/secret.ts';
import type { Relay } from '../game/relay.ts';
import type { GameStore } from '../game/store.ts';
import type { Start, Starter, Terms } from '../lobby/starter.ts';
import { type Player, type PlayerStore, ratingOf } from '../player/players.ts';
import type { LeagueTerms } from './leagues.ts';
import { nextStart } from './leagues.ts';
import {
  earnedTiers,
  groupsOf,
  type LeagueResult,
  roundRobin,
  SEASON_MIN,
  standings,
} from './season.ts';
import type { LeagueGame, LeagueMember, LeagueStore, StoredSeason } from './store.ts';

/** How often the leagues are looked at: their games last days, so every few seconds is soon. */
const BEAT_MS = 5000;
/** The lease: a little over a beat, so a dead runner's successor follows within 10 s. */
const LEASE_MS = 10_000;
/** How often a running season's games are read to see whether all are over, at most. */
const OVER_CHECK_MS = 60_000;

/** What the runner works with. */
export interface RunnerContext {
  readonly leagues: readonly LeagueTerms[];
  readonly store: LeagueStore;
  readonly relay: Pick<Relay, 'lease'>;
  readonly players: PlayerStore;
  readonly games: Pick<GameStore, 'load'>;
  readonly starter: Starter;
  readonly problems: Problems;
  /** The wall clock (ms since 1970). */
  readonly now: () => number;
}

/** The terms of a league's games: rated games of days of the standard rules. */
export const leagueGameTerms = (terms: LeagueTerms): Terms => ({
  clock: { days: terms.days },
  variant: 'standard',
  touchMove: false,
  captorPlacesQueen: false,
  rated: true,
});

/**
 * When `terms`' next season starts, given its members and its latest season: the first
 * occurrence of its pattern after the latest season's planned end and after the arrival of the
 * SEASON_MIN-th member; null while fewer are entered.
 */
export function nextSeasonAt(
  terms: LeagueTerms,
  members: readonly LeagueMember[],
  latest: StoredSeason | undefined,
): number | null {
  if (latest && !latest.finished) return null;
  const enough = [...members].sort((a, b) => a.joinedAt - b.joinedAt)[SEASON_MIN - 1];
  if (!enough) return null;
  return nextStart(terms, Math.max(latest?.endsAt ?? 0, enough.joinedAt));
}

/** How a season's game counts at its end: a game still in play counts as unfinished. */
const finalResult = (g: LeagueGame): LeagueResult => g.result ?? 'unfinished';

/** A group's games with how they count so far. */
export const countedOf = <G extends LeagueGame>(games: readonly G[], group: number): G[] =>
  games.filter((g) => g.group === group);

/** The running of the leagues, on whichever process holds the lease. */
export class Runner {
  private readonly timer: NodeJS.Timeout;
  private current: Promise<void> | undefined;
  private stopped = false;
  /** When each league's running season was last read to see whether its games are over. */
  private readonly checked = new Map<string, number>();

  constructor(private readonly context: RunnerContext) {
    this.timer = setInterval(() => {
      this.beat().catch((e: unknown) => context.problems.report('leagues', e, true));
    }, BEAT_MS);
    this.timer.unref();
  }

  /** Moves every league on, if this process holds the lease; one beat at a time. */
  beat(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.current ??= this.run().finally(() => {
      this.current = undefined;
    });
    return this.current;
  }

  private async run(): Promise<void> {
    if (this.context.leagues.length === 0) return;
    if (!(await this.context.relay.lease('leagues', LEASE_MS))) return;
    for (const terms of this.context.leagues) {
      if (this.stopped) return;
      await this.league(terms).catch((e: unknown) =>
        this.context.problems.report(`league ${terms.key}`, e),
      );
    }
  }

  /** Moves league `terms` on as its time and its games say. */
  private async league(terms: LeagueTerms): Promise<void> {
    const { store, now } = this.context;
    const latest = await store.latestSeason(terms.key);
    const at = now();
    if (latest && !latest.finished) {
      if (!latest.made) await this.make(terms, latest);
      const last = this.checked.get(terms.key) ?? Number.NEGATIVE_INFINITY;
      if (at < latest.endsAt && at - last < OVER_CHECK_MS) return;
      this.checked.set(terms.key, at);
      const games = await store.seasonGames(terms.key, latest.number);
      if (at >= latest.endsAt || games.every((g) => g.result !== null)) {
        await this.finish(latest, games);
      }
      return;
    }
    const members = await store.leagueMembers(terms.key);
    const due = nextSeasonAt(terms, members, latest);
    if (due === null || at < due) return;
    await this.start(terms, (latest?.number ?? 0) + 1, members, at);
  }

  /** Stores a season of `members` and its games, then makes the games. */
  private async start(
    terms: LeagueTerms,
    number: number,
    members: readonly LeagueMember[],
    at: number,
  ): Promise<void> {
    const category = categoryOf({ days: terms.days }, leagueGameTerms(terms));
    const found = await this.context.players.players(members.map((m) => m.player));
    const rating = new Map(found.map((p) => [p.id, ratingOf(p, category).rating]));
    const groups = groupsOf(
      members
        .filter((m) => rating.has(m.player))
        .map((m) => ({
          player: m.player,
          rating: rating.get(m.player)!,
          ...(m.tier !== undefined && { tier: m.tier }),
          ...(m.standing !== undefined && { standing: m.standing }),
        })),
    );
    if (groups.length === 0) return;
    const games: LeagueGame[] = groups.flatMap((g, group) =>
      roundRobin(g.players).map((p) => ({ game: newGameId(), group, ...p, result: null })),
    );
    const season: StoredSeason = {
      league: terms.key,
      number,
      startsAt: at,
      endsAt: at + terms.seasonDays * DAY_MS,
      finished: false,
      made: false,
      groups,
    };
    if (!(await this.context.store.createSeason(season, games))) return;
    await this.makeGames(terms, season, games, new Map(found.map((p) => [p.id, p])));
  }

  /** Makes the games of a season stored but not known to be made (its last runner died). */
  private async make(terms: LeagueTerms, season: StoredSeason): Promise<void> {
    const games = await this.context.store.seasonGames(terms.key, season.number);
    const missing: LeagueGame[] = [];
    for (const g of games) if (!(await this.context.games.load(g.game))) missing.push(g);
    const found = await this.context.players.players(missing.flatMap((g) => [g.white, g.black]));
    await this.makeGames(terms, season, missing, new Map(found.map((p) => [p.id, p])));
  }

  /** Makes `games` under their stored ids, all in one write, and records the season made. */
  private async makeGames(
    terms: LeagueTerms,
    season: StoredSeason,
    games: readonly LeagueGame[],
    found: ReadonlyMap<string, Player>,
  ): Promise<void> {
    const league = {
      key: terms.key,
      name: terms.name,
      season: season.number,
      endsAt: season.endsAt,
    };
    const starts: Start[] = [];
    for (const g of games) {
      const white = found.get(g.white);
      const black = found.get(g.black);
      if (!white || !black) continue;
      starts.push({
        white,
        black,
        agreed: leagueGameTerms(terms),
        pool: null,
        // The networks each player was made from stand for where they play: a league pairs
        // players who are not there.
        from: { white: white.createdFrom ?? white.id, black: black.createdFrom ?? black.id },
        paired: { league, game: g.game },
      });
    }
    const started = await this.context.starter.startSeason(starts, league);
    if (started.every((s) => typeof s === 'object')) {
      await this.context.store.seasonMade(season.league, season.number);
    }
  }

  /** Ends a season: its results set for good and what each player earned kept. */
  private async finish(season: StoredSeason, games: readonly LeagueGame[]): Promise<void> {
    const final = games.map((g) => ({ ...g, result: finalResult(g) }));
    const lines = season.groups.map((g, i) => standings(g.players, countedOf(final, i)));
    const earned = earnedTiers(season.groups, lines);
    await this.context.store.finishSeason(
      season.league,
      season.number,
      final.map((g) => ({ game: g.game, result: g.result })),
      [...earned].map(([player, e]) => ({ player, ...e })),
    );
    this.checked.delete(season.league);
  }

  /** Stops running; answers once the beat under way, if any, is done. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.current?.catch(() => undefined);
  }
}
