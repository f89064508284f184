// A league's season decided from its players alone (docs/leagues.md): the ladder of tiers cut
// into groups by rating, each group's round robin, its standings with their tie-breaks, and who
// moves up and down. Nothing here reads a clock or a store, so every rule is tested by itself.

/** The fewest and most players of a group. */
export const GROUP_MIN = 6;
export const GROUP_MAX = 10;
/** Each tier below League 1 holds this many times the groups of the one above. */
export const TIER_GROWTH = 3;
/** How many of a group go up, and how many go down; a group under GROUP_MIN moves one each. */
export const PROMOTED = 2;
export const RELEGATED = 2;
/** The fewest players a season starts with. */
export const SEASON_MIN = 4;

/** A player entered for a season: their rating, and their tier earned last season (or none). */
export interface Seed {
  readonly player: string;
  readonly rating: number;
  /** The tier the last season's moves gave them; undefined for a newcomer. */
  readonly tier?: number;
  /**
   * Their place among those who earned the same tier (lower first): the promoted, then those
   * who stayed, then the relegated, each by their rank in their group (`earnedTiers`).
   */
  readonly standing?: number;
}

/** The standing of a newcomer: after those who stayed, before the relegated. */
const NEWCOMER_STANDING = 200;

/** One group of a season: its tier (1 is the top) and its players, the strongest seed first. */
export interface Group {
  readonly tier: number;
  readonly players: readonly string[];
}

/** How a league game counts: a result, or none yet while it is played. */
export const LEAGUE_RESULTS = ['white', 'black', 'draw', 'aborted', 'unfinished'] as const;
export type LeagueResult = (typeof LEAGUE_RESULTS)[number];

/** A game of a group's round robin. */
export interface Pairing {
  readonly white: string;
  readonly black: string;
}

/** A game of a group with how it counts so far. */
export interface Counted extends Pairing {
  readonly result: LeagueResult | null;
}

/** A player's line in their group's standings. */
export interface Line {
  readonly player: string;
  readonly rank: number;
  readonly points: number;
  /** Sonneborn-Berger: the points of each opponent beaten, and half those of each drawn. */
  readonly sb: number;
  readonly played: number;
}

/** The points a result gives White and Black: an aborted game (nobody moved) gives neither. */
function pointsOf(result: LeagueResult): readonly [number, number] {
  switch (result) {
    case 'white':
      return [1, 0];
    case 'black':
      return [0, 1];
    case 'aborted':
      return [0, 0];
    default:
      // A draw, and a game still unfinished when the season ended.
      return [0.5, 0.5];
  }
}

/** The tier a newcomer starts in (docs/leagues.md, "Newcomers"). */
function newcomerTier(rating: number, returning: readonly Seed[], bottom: number): number {
  // The highest tier below League 1 whose returning players' median rating theirs reaches;
  // else the bottom one.
  for (let tier = 2; tier <= bottom; tier++) {
    const ratings = returning
      .filter((s) => s.tier === tier)
      .map((s) => s.rating)
      .sort((a, b) => a - b);
    if (ratings.length === 0) continue;
    const median = ratings[Math.floor(ratings.length / 2)]!;
    if (rating >= median) return tier;
  }
  return bottom;
}

/** How many groups a tier of `players` is split into. */
const groupCount = (players: number): number => Math.max(1, Math.ceil(players / GROUP_MAX));

/** Cuts `ladder` (best first) into `count` groups of sizes differing by one at most. */
function split(ladder: readonly string[], count: number, tier: number): Group[] {
  const groups: Group[] = [];
  let from = 0;
  for (let i = 0; i < count; i++) {
    const size = Math.floor(ladder.length / count) + (i < ladder.length % count ? 1 : 0);
    groups.push({ tier, players: ladder.slice(from, from + size) });
    from += size;
  }
  return groups;
}

/**
 * A season's groups: every seed placed on the ladder by the tier they earned (a newcomer's by
 * rating), then by their standing in it (the promoted first, the relegated last), then by
 * rating; the ladder cut into tiers of GROUP_MAX × TIER_GROWTH^(tier - 1) places from the top (so
 * an over-full tier sends its lowest placed down too, and a tier with vacancies takes the best
 * placed of the one below), a bottom tier of fewer than GROUP_MIN joining the tier above; each
 * tier split by rating into groups as even as can be. Empty if fewer than SEASON_MIN entered.
 */
export function groupsOf(seeds: readonly Seed[]): Group[] {
  if (seeds.length < SEASON_MIN) return [];
  const returning = seeds.filter((s) => s.tier !== undefined);
  const bottom = Math.max(1, ...returning.map((s) => s.tier!));
  const placed = seeds.map((s) => ({
    ...s,
    at: s.tier ?? newcomerTier(s.rating, returning, bottom),
    place: s.standing ?? NEWCOMER_STANDING,
  }));
  placed.sort(
    (a, b) =>
      a.at - b.at || a.place - b.place || b.rating - a.rating || (a.player < b.player ? -1 : 1),
  );
  const tiers: string[][] = [];
  let from = 0;
  for (let tier = 1; from < placed.length; tier++) {
    const places = GROUP_MAX * TIER_GROWTH ** (tier - 1);
    tiers.push(placed.slice(from, from + places).map((p) => p.player));
    from += places;
  }
  if (tiers.length > 1 && tiers.at(-1)!.length < GROUP_MIN) {
    const last = tiers.pop()!;
    tiers.at(-1)!.push(...last);
  }
  return tiers.flatMap((ladder, i) => split(ladder, groupCount(ladder.length), i + 1));
}

/**
 * A group's round robin: everyone meets everyone once, all at once. Of seeds i < j, the lower
 * seed has White when i + j is odd, so that each player's colours differ by one at most.
 */
export function roundRobin(players: readonly string[]): Pairing[] {
  const pairings: Pairing[] = [];
  for (let i = 0; i < players.length; i++) {
    for (let j = i + 1; j < players.length; j++) {
      const [white, black] = (i + j) % 2 === 1 ? [i, j] : [j, i];
      pairings.push({ white: players[white]!, black: players[black]! });
    }
  }
  return pairings;
}

/**
 * A group's standings from its games: by points, then Sonneborn-Berger, then the points the tied
 * players took from each other, then seed (the order of `players`, strongest first). Players
 * tied on all of these share nothing: the seed decides, so every rank is one player's.
 */
export function standings(players: readonly string[], games: readonly Counted[]): Line[] {
  const points = new Map(players.map((p) => [p, 0]));
  const played = new Map(players.map((p) => [p, 0]));
  /** What each player took from each opponent. */
  const took = new Map(players.map((p) => [p, new Map<string, number>()]));
  for (const g of games) {
    if (g.result === null) continue;
    const [w, b] = pointsOf(g.result);
    points.set(g.white, (points.get(g.white) ?? 0) + w);
    points.set(g.black, (points.get(g.black) ?? 0) + b);
    played.set(g.white, (played.get(g.white) ?? 0) + 1);
    played.set(g.black, (played.get(g.black) ?? 0) + 1);
    took.get(g.white)?.set(g.black, w);
    took.get(g.black)?.set(g.white, b);
  }
  const sb = new Map(
    players.map((p) => {
      let sum = 0;
      for (const [opponent, score] of took.get(p) ?? []) sum += score * (points.get(opponent) ?? 0);
      return [p, sum];
    }),
  );
  const seed = new Map(players.map((p, i) => [p, i]));
  const key = (p: string) => `${points.get(p)}:${sb.get(p)}`;
  /** The points of `p` against the others tied with them on points and SB. */
  const headToHead = (p: string): number => {
    let sum = 0;
    for (const [opponent, score] of took.get(p) ?? []) if (key(opponent) === key(p)) sum += score;
    return sum;
  };
  const order = [...players].sort(
    (a, b) =>
      points.get(b)! - points.get(a)! ||
      sb.get(b)! - sb.get(a)! ||
      headToHead(b) - headToHead(a) ||
      seed.get(a)! - seed.get(b)!,
  );
  return order.map((player, i) => ({
    player,
    rank: i + 1,
    points: points.get(player)!,
    sb: sb.get(player)!,
    played: played.get(player)!,
  }));
}

/** A move between tiers: up, down, or none. */
export type Move = -1 | 0 | 1;

/**
 * Who of a group's standings moves: the first PROMOTED go up unless in League 1, the last
 * RELEGATED go down unless in the bottom tier (`bottom`); a group under GROUP_MIN moves one
 * each way.
 */
export function movesOf(tier: number, lines: readonly Line[], bottom: number): Map<string, Move> {
  const small = lines.length < GROUP_MIN;
  const up = tier > 1 ? (small ? 1 : PROMOTED) : 0;
  const down = tier < bottom ? (small ? 1 : RELEGATED) : 0;
  return new Map(
    lines.map((l, i): [string, Move] => [
      l.player,
      i < up ? -1 : i >= lines.length - down && i >= up ? 1 : 0,
    ]),
  );
}

/** What a season earned a player: their next tier and their standing in it (`Seed`). */
export interface Earned {
  readonly tier: number;
  readonly standing: number;
}

/**
 * What each of a finished season's players earned: their group's tier moved as `movesOf` says,
 * and their standing there. The bottom tier sends nobody down: its place on the ladder does,
 * when the next season's ladder is cut.
 */
export function earnedTiers(
  groups: readonly Group[],
  lines: readonly (readonly Line[])[],
): Map<string, Earned> {
  const bottom = Math.max(1, ...groups.map((g) => g.tier));
  const earned = new Map<string, Earned>();
  for (const [i, group] of groups.entries()) {
    const ranks = new Map((lines[i] ?? []).map((l) => [l.player, l.rank]));
    for (const [player, move] of movesOf(group.tier, lines[i] ?? [], bottom)) {
      // The promoted first (0), those who stayed (100), the relegated last (300).
      const kind = move === -1 ? 0 : move === 0 ? 100 : 300;
      earned.set(player, { tier: group.tier + move, standing: kind + (ranks.get(player) ?? 0) });
    }
  }
  return earned;
}
