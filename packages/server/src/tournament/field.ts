// An event's field and the house bots that fill it when too few people come (docs/tournaments.md,
// "House bots"), pure: the director logs what `fieldChanges` decides, in the same append as the
// start (and, in an arena, whenever people come and go), so the bots' places are in the log like
// anyone's.

import { HOUSE_BOTS } from '../bot/house.ts';
import { houseNetwork } from '../player/networks.ts';
import type { TournamentEvent } from './log.ts';
import type { EventState } from './standings.ts';

/**
 * The players a thin event is filled up to. Four, not two: an arena never pairs two players who
 * just met, so two players alone would play once and wait; and a Swiss's three rounds at the
 * least then give everyone three opponents without a rematch or a bye.
 */
export const FIELD = 4;

/** The house bots' ids. */
export const HOUSE_IDS: readonly string[] = HOUSE_BOTS.map((b) => b.id);

const HOUSE = new Set(HOUSE_IDS);

/** Whether `player` is one of the house bots. */
export const isHouseBot = (player: string): boolean => HOUSE.has(player);

/** A player with their rating in the event's category. */
export interface Rated {
  readonly player: string;
  readonly rating: number;
}

/**
 * What the house bots need to do in `state`: how many join (the field is short of FIELD and a
 * person is in it), and which withdraw (an arena's, free of a game, once its people alone make
 * the field). Nothing where the event's maker kept bots out, or once it is over.
 */
export function fieldNeed(state: EventState): { readonly join: number; readonly leave: string[] } {
  const none = { join: 0, leave: [] };
  if (state.setup.terms.bots === false || state.finished) return none;
  const active = state.entrants().filter((e) => !e.withdrawn && !e.paused);
  const people = active.filter((e) => !isHouseBot(e.player)).length;
  if (people === 0) return none;
  if (people < FIELD) return { join: Math.max(0, FIELD - active.length), leave: [] };
  // A Swiss keeps its bots to the end: its pairings and tie-breaks count each one's every round.
  if (state.kind === 'swiss') return none;
  return {
    join: 0,
    leave: active.filter((e) => isHouseBot(e.player) && e.playing === null).map((e) => e.player),
  };
}

/**
 * The house bots in the order they would join an event of `people`: the nearest in rating to any
 * one of them first, so each person has a bot near their own strength.
 */
export function nearestBots(bots: readonly Rated[], people: readonly Rated[]): string[] {
  const gap = (bot: Rated) => Math.min(...people.map((p) => Math.abs(p.rating - bot.rating)));
  return bots
    .map((bot) => ({ bot: bot.player, gap: gap(bot) }))
    .sort((a, b) => a.gap - b.gap)
    .map((b) => b.bot);
}

/**
 * The events that carry out `fieldNeed(state)` at `at`: the first bots of `ranked` (from
 * nearestBots) not playing in the event join it (or resume, if paused), and those to leave
 * withdraw.
 */
export function fieldChanges(
  state: EventState,
  ranked: readonly string[],
  at: number,
): TournamentEvent[] {
  const { join, leave } = fieldNeed(state);
  const joining = ranked
    .map((player) => ({ player, entrant: state.entrant(player) }))
    .filter(({ entrant }) => !entrant || entrant.withdrawn || entrant.paused)
    .slice(0, join)
    .map(
      ({ player, entrant }): TournamentEvent =>
        entrant?.paused && !entrant.withdrawn
          ? { kind: 'resume', player, at }
          : { kind: 'join', player, from: houseNetwork(player), at },
    );
  return [
    ...joining,
    ...leave.map((player): TournamentEvent => ({ kind: 'withdraw', player, at })),
  ];
}
