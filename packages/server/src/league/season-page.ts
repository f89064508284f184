// A page of a season's view (GET /api/leagues/:key?tier=N&page=P, docs/leagues.md): every
// tier's summary and the crosstables of one page of one tier, so that a season of thousands of
// players is sent a few groups at a time. The whole season is made once and kept by the routes;
// a page, and where the asker's group is, are cut from it for each request.

import {
  type Checked,
  LEAGUE_GROUPS_PER_PAGE,
  type LeagueGroup,
  type LeagueSeason,
  type LeagueSeat,
  type LeagueTier,
} from '@agon/protocol';

/** A season's view with every group, in the order of their tiers (League 1 first). */
export type WholeSeason = Pick<LeagueSeason, 'number' | 'startsAt' | 'endsAt' | 'finished'> & {
  readonly groups: readonly LeagueGroup[];
};

/** Every tier's summary, League 1 first. */
export function tiersOf(season: WholeSeason): LeagueTier[] {
  const tiers: { tier: number; groups: number; players: number }[] = [];
  for (const group of season.groups) {
    const last = tiers.at(-1);
    if (last?.tier === group.tier) {
      last.groups += 1;
      last.players += group.seeds.length;
    } else tiers.push({ tier: group.tier, groups: 1, players: group.seeds.length });
  }
  return tiers;
}

/** The groups of tier `tier`, in their order. */
const tierGroups = (season: WholeSeason, tier: number): LeagueGroup[] =>
  season.groups.filter((g) => g.tier === tier);

/** Where `player`'s group is shown, if they play in the season. */
export function seatOf(season: WholeSeason, player: string): LeagueSeat | undefined {
  const group = season.groups.find((g) => g.seeds.includes(player));
  if (!group) return undefined;
  const index = tierGroups(season, group.tier).indexOf(group);
  return {
    tier: group.tier,
    page: Math.floor(index / LEAGUE_GROUPS_PER_PAGE) + 1,
    group: index,
  };
}

/** The refusal of a page the season does not have. */
const refused = (message: string): Checked<LeagueSeason> => ({
  ok: false,
  error: { code: 'not-found', message },
});

/**
 * Page `page` of tier `tier` of `season`, or a `not-found` refusal naming which of the two the
 * season does not have. A season has a League 1 and its first page even with no groups.
 */
export function seasonPage(season: WholeSeason, tier: number, page: number): Checked<LeagueSeason> {
  const tiers = tiersOf(season);
  if (tier > Math.max(1, tiers.length))
    return refused(`this season has ${tiers.length} tiers: there is no League ${tier}`);
  const groups = tierGroups(season, tier);
  const pages = Math.max(1, Math.ceil(groups.length / LEAGUE_GROUPS_PER_PAGE));
  if (page > pages) return refused(`League ${tier} has ${pages} pages: there is no page ${page}`);
  const first = (page - 1) * LEAGUE_GROUPS_PER_PAGE;
  return {
    ok: true,
    value: {
      number: season.number,
      startsAt: season.startsAt,
      endsAt: season.endsAt,
      finished: season.finished,
      tiers,
      tier,
      page,
      pages,
      first,
      groups: groups.slice(first, first + LEAGUE_GROUPS_PER_PAGE),
    },
  };
}
