// What the pages are sent of an event (protocol's tournament.ts): its listing, and the page of
// its standings with the asking player's own line, sheet and game to go to. Names and ratings
// are read for the lines shown only, so a page of a thousand players costs twenty reads.

import {
  categoryOf,
  type PlayerBrief,
  STANDINGS_PAGE,
  type Standing,
  type TournamentListing,
  type TournamentStatus,
  type TournamentView,
  type YouInEvent,
} from '@agon/protocol';
import { brief, type Player, type PlayerStore } from '../player/players.ts';
import type { EventState, Line } from './standings.ts';
import type { ListedTournament, TournamentSummary } from './store.ts';
import { endsAt, lastPairingAt, statusOf } from './timing.ts';

/** Games in play a view lists. */
const GAMES_SHOWN = 12;

/** The listing of a stored event as the tournaments page shows it. */
export function listingOf(listed: ListedTournament): TournamentListing {
  const { setup, summary } = listed;
  return {
    ...setup.terms,
    id: listed.id,
    status: summary.status,
    endsAt: summary.endsAt,
    players: summary.players,
    locked: setup.password !== undefined,
    ...(summary.by && { by: summary.by }),
    ...(setup.schedule && { schedule: setup.schedule }),
    ...(summary.leader && { leader: summary.leader }),
  };
}

/** The category whose ratings an event's games move, and its lines show. */
const categoryOfEvent = (state: EventState) =>
  categoryOf(state.setup.terms.clock, state.setup.terms);

/** How long a process reuses a player read for the pages: a rating moves once a game. */
const PLAYER_FRESH_MS = 5000;
/** Players kept at most. */
const PLAYERS_KEPT = 20_000;

/**
 * The players of `store`, each kept for PLAYER_FRESH_MS: a thousand pages read every 2 s would
 * otherwise read the same twenty players from the store hundreds of times a second.
 */
export function recentPlayers(
  store: Pick<PlayerStore, 'players'>,
  now: () => number,
): Pick<PlayerStore, 'players'> {
  const kept = new Map<string, { readonly player: Player; readonly at: number }>();
  return {
    async players(ids) {
      const at = now();
      const missing = ids.filter((id) => {
        const k = kept.get(id);
        return !k || at - k.at > PLAYER_FRESH_MS;
      });
      if (missing.length > 0) {
        if (kept.size + missing.length > PLAYERS_KEPT) kept.clear();
        for (const p of await store.players(missing)) kept.set(p.id, { player: p, at });
      }
      return ids.flatMap((id) => {
        const k = kept.get(id);
        return k ? [k.player] : [];
      });
    },
  };
}

/** Players' briefs in the event's category, by id. */
async function briefs(
  players: Pick<PlayerStore, 'players'>,
  state: EventState,
  ids: readonly string[],
  now: number,
): Promise<ReadonlyMap<string, PlayerBrief>> {
  const found = await players.players([...new Set(ids)]);
  const category = categoryOfEvent(state);
  return new Map(found.map((p) => [p.id, brief(p, category, now)]));
}

/** A line of the standings with its player's name and rating. */
function standing(line: Line, who: ReadonlyMap<string, PlayerBrief>): Standing {
  const player = who.get(line.player) ?? {
    id: line.player,
    name: '?',
    rating: { rating: 1500, provisional: true, games: 0 },
  };
  return {
    rank: line.rank,
    player,
    score: line.score,
    fire: line.fire,
    paused: line.paused,
    withdrawn: line.withdrawn,
    games: line.games,
    ...(line.buchholz !== undefined && { buchholz: line.buchholz }),
    ...(line.sonnebornBerger !== undefined && { sonnebornBerger: line.sonnebornBerger }),
    playing: line.playing,
  };
}

/**
 * What a summary shows of an event at one moment. The director changes an event's state in
 * place, so what is shown is taken at once, before the names are awaited: read after, a page
 * could show a finished event without its podium, or a score beside a sheet of another moment.
 */
interface Moment {
  readonly status: TournamentStatus;
  readonly endsAt: number | null;
  /** standings() gives a new array after every change: this one stays as it was. */
  readonly lines: readonly Line[];
}

const momentOf = (state: EventState, now: number): Moment => ({
  status: statusOf(state, now),
  endsAt: endsAt(state.setup.terms) ?? state.finishedAt,
  lines: state.standings(),
});

/** The players a summary of `moment` names: its leader and the event's maker. */
const namedIn = (moment: Moment, by: string | undefined): string[] => [
  ...moment.lines.slice(0, 1).map((l) => l.player),
  ...(by ? [by] : []),
];

/** The summary of `moment` of an event made by `by`, its players named by `who`. */
function summaryAt(
  moment: Moment,
  by: string | undefined,
  who: ReadonlyMap<string, PlayerBrief>,
): TournamentSummary {
  const first = moment.lines[0];
  const leader = first && who.get(first.player);
  const maker = by && who.get(by);
  return {
    status: moment.status,
    players: moment.lines.length,
    endsAt: moment.endsAt,
    ...(leader && first && { leader: { id: leader.id, name: leader.name, score: first.score } }),
    ...(maker && { by: { id: maker.id, name: maker.name } }),
  };
}

/** What the director lists of `state` at `now` (`by`: its maker's name, if a player's). */
export async function summaryOf(
  players: Pick<PlayerStore, 'players'>,
  state: EventState,
  now: number,
): Promise<TournamentSummary> {
  const moment = momentOf(state, now);
  const by = state.setup.by;
  const who = await briefs(players, state, namedIn(moment, by), now);
  return summaryAt(moment, by, who);
}

/**
 * Page `page` (from 1) of event `state`'s view at `now`, with `you`'s part if asked by one: all
 * of it one moment of the event (see Moment).
 */
export async function viewOf(
  players: Pick<PlayerStore, 'players'>,
  state: EventState,
  page: number,
  you: string | undefined,
  now: number,
): Promise<TournamentView> {
  const moment = momentOf(state, now);
  const { lines } = moment;
  const by = state.setup.by;
  const version = state.version;
  const round = state.round;
  const pages = Math.max(1, Math.ceil(lines.length / STANDINGS_PAGE));
  const at = Math.min(Math.max(1, page), pages);
  const shown = lines.slice((at - 1) * STANDINGS_PAGE, at * STANDINGS_PAGE);
  const podium = moment.status === 'finished' ? lines.slice(0, 3) : [];
  const mine = you === undefined ? undefined : lines.find((l) => l.player === you);
  const playing = state.playing().slice(-GAMES_SHOWN).reverse();
  const entrant = you === undefined ? undefined : state.entrant(you);
  // The entrant is kept up in place: its sheet grows and its entries are replaced.
  const yours = entrant && { ...entrant, sheet: [...entrant.sheet] };
  const who = await briefs(
    players,
    state,
    [
      ...namedIn(moment, by),
      ...shown.map((l) => l.player),
      ...podium.map((l) => l.player),
      ...(mine ? [mine.player] : []),
      ...playing.flatMap((g) => [g.white, g.black]),
    ],
    now,
  );
  const name = (id: string) => who.get(id)?.name ?? '?';
  const youIn: YouInEvent | null =
    you === undefined
      ? null
      : {
          joined: yours !== undefined && !yours.withdrawn,
          paused: yours?.paused ?? false,
          withdrawn: yours?.withdrawn ?? false,
          game: yours?.playing ?? null,
          pairedAt: yours?.pairedAt ?? null,
          standing: mine ? standing(mine, who) : null,
          sheet: yours?.sheet ?? [],
        };
  return {
    ...listingOf({
      id: state.id,
      createdAt: state.createdAt,
      setup: state.setup,
      summary: summaryAt(moment, by, who),
    }),
    now,
    version,
    round,
    standings: shown.map((l) => standing(l, who)),
    page: at,
    pages,
    podium: podium.map((l) => standing(l, who)),
    games: playing.map((g) => ({
      game: g.game,
      white: name(g.white),
      black: name(g.black),
      round: g.round,
    })),
    you: youIn,
    lastPairingAt: lastPairingAt(state.setup.terms),
  };
}
