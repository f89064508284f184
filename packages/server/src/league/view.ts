// What the league page reads (GET /api/leagues/:key): the league's listing and its latest
// season's groups as crosstables, each row in the order of the standings, with who moves up and
// down as things stand.

import type { LeagueCell, LeagueGroup, LeagueListing, LeagueScore } from '@agon/protocol';
import type { LeagueTerms } from './leagues.ts';
import { countedOf, nextSeasonAt } from './runner.ts';
import { type Group, movesOf, standings } from './season.ts';
import type { WholeSeason } from './season-page.ts';
import type { LeagueGame, LeagueMember, StoredSeason } from './store.ts';

/** A league's listing from its terms, members and latest season. */
export function listingOf(
  terms: LeagueTerms,
  members: readonly LeagueMember[],
  latest: StoredSeason | undefined,
): LeagueListing {
  return {
    key: terms.key,
    name: terms.name,
    days: terms.days,
    seasonDays: terms.seasonDays,
    season: latest?.number ?? 0,
    running: latest !== undefined && !latest.finished,
    nextStartsAt: nextSeasonAt(terms, members, latest),
    entered: members.length,
  };
}

/** The score of the row's player (White if `white`) in a game of `result`. */
function scoreOf(result: LeagueGame['result'], white: boolean): LeagueScore {
  switch (result) {
    case null:
      return null;
    case 'white':
      return white ? 1 : 0;
    case 'black':
      return white ? 0 : 1;
    case 'aborted':
      return 0;
    default:
      return 0.5;
  }
}

/** One group's crosstable. */
function groupView(
  group: Group,
  index: number,
  games: readonly LeagueGame[],
  bottom: number,
  names: ReadonlyMap<string, string>,
): LeagueGroup {
  const counted = countedOf(games, index);
  const lines = standings(group.players, counted);
  const moves = movesOf(group.tier, lines, bottom);
  const between = new Map<string, LeagueGame>();
  for (const g of counted) {
    between.set(`${g.white} ${g.black}`, g);
    between.set(`${g.black} ${g.white}`, g);
  }
  const rows = lines.map((l) => ({
    id: l.player,
    name: names.get(l.player) ?? l.player,
    rank: l.rank,
    points: l.points,
    sb: l.sb,
    played: l.played,
    move: moves.get(l.player) ?? 0,
    cells: group.players.map((other): LeagueCell | null => {
      const g = between.get(`${l.player} ${other}`);
      if (!g) return null;
      const white = g.white === l.player;
      return {
        game: g.game,
        white,
        score: scoreOf(g.result, white),
        ...(g.result === 'unfinished' && { unfinished: true as const }),
      };
    }),
  }));
  return { tier: group.tier, seeds: group.players, rows };
}

/** A season's view, every group of it, from its games and its players' names. */
export function seasonView(
  season: StoredSeason,
  games: readonly LeagueGame[],
  names: ReadonlyMap<string, string>,
): WholeSeason {
  const bottom = Math.max(1, ...season.groups.map((g) => g.tier));
  return {
    number: season.number,
    startsAt: season.startsAt,
    endsAt: season.endsAt,
    finished: season.finished,
    groups: season.groups.map((g, i) => groupView(g, i, games, bottom, names)),
  };
}
