// Where players and their ratings are kept: players without accounts (a generated name, one
// token hash per device), one Glicko-2 rating per class of time control, and the lobby games
// that move those ratings. Beside GameStore and implemented by the same stores, in the same
// database, so that one SQLite file or one PostgreSQL pool holds everything.

import type { Colour } from '@agon/engine';
import {
  type PlayerBrief,
  type PlayerGame,
  type PlayerView,
  RATING_CLASSES,
  type RatingClass,
} from '@agon/protocol';
import { type ClassRating, NEW_RATING, provisional, type Rating, rate } from './ratings.ts';

/** A player as stored; a class never played is at NEW_RATING. */
export interface Player {
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
  readonly ratings: { readonly [C in RatingClass]: ClassRating };
}

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

/** What makes a new player: the token hash is of the device that asked. */
export interface NewPlayer {
  readonly id: string;
  readonly name: string;
  readonly tokenHash: string;
  readonly createdAt: number;
}

/** Thrown by `createPlayer` and `rename` when another player has the name's key. */
export class NameTaken extends Error {
  override readonly name = 'NameTaken';
}

/** A lobby game as it starts. */
export interface StartedGame {
  readonly gameId: string;
  readonly white: string;
  readonly black: string;
  readonly class: RatingClass;
  readonly rated: boolean;
  readonly startedAt: number;
}

/** How a game ended: an aborted game (nobody moved in time) counts for nobody. */
export interface Outcome {
  readonly winner: Colour | null;
  readonly aborted: boolean;
}

/** One side's rating around a settled rated game. */
export interface RatingChange {
  readonly before: Rating;
  readonly after: Rating;
}

/** What settling a game did: the outcome first recorded and, if it was rated, both changes. */
export interface Settlement {
  readonly outcome: Outcome;
  readonly white: RatingChange | null;
  readonly black: RatingChange | null;
}

/**
 * One game in a player's history, newest first in `recentGames`, as the player page shows it
 * (ratings unrounded until then).
 */
export type { PlayerGame } from '@agon/protocol';

/** The storage of players. Every method's promise settles only once the change is durable. */
export interface PlayerStore {
  /** Stores a new player with one device; rejects with NameTaken. */
  createPlayer(player: NewPlayer): Promise<void>;
  /** The player a device's token hash belongs to. */
  playerByToken(tokenHash: string): Promise<Player | undefined>;
  /** One player, or undefined. */
  player(id: string): Promise<Player | undefined>;
  /** The players of these ids that exist, in no particular order. */
  players(ids: readonly string[]): Promise<readonly Player[]>;
  /** Renames a player (false if there is none); rejects with NameTaken. */
  rename(id: string, name: string): Promise<boolean>;
  /** Lets another device act as the player (false if there is none). */
  addToken(id: string, tokenHash: string): Promise<boolean>;
  /**
   * Stores a transfer code's hash, good for the player until `expiresAt`, in place of any code
   * the player had: one live code a player.
   */
  saveTransfer(codeHash: string, playerId: string, expiresAt: number): Promise<void>;
  /** Deletes the transfer codes expired at `now`; answers how many. */
  purgeTransfers(now: number): Promise<number>;
  /**
   * Uses up a transfer code: the player it stands for, once; undefined if unknown, used or
   * expired. Expired codes are deleted on the way.
   */
  takeTransfer(codeHash: string, now: number): Promise<string | undefined>;
  /** Notes a lobby game as it starts; both players must exist. */
  recordGame(game: StartedGame): Promise<void>;
  /**
   * Records how a game ended and, if it is rated and was not aborted, rates both players, in
   * one transaction. A second settle of the same game changes nothing and answers the first
   * settlement; undefined if the game was never recorded.
   */
  settle(gameId: string, outcome: Outcome, at: number): Promise<Settlement | undefined>;
  /** The lobby games started before `before` whose result is not recorded yet. */
  unsettled(before: number): Promise<readonly string[]>;
  /** A player's latest games, newest first. */
  recentGames(playerId: string, limit: number): Promise<readonly PlayerGame[]>;
  /** Games as white minus games as black, over the player's last 20: for choosing colours. */
  colourBalance(playerId: string): Promise<number>;
}

/** The number of games `colourBalance` looks back over. */
export const BALANCE_GAMES = 20;

/** What `settle` computes from the ratings before: the same for every store. */
export function settlement(
  rated: boolean,
  outcome: Outcome,
  white: ClassRating,
  black: ClassRating,
): Settlement {
  if (!rated || outcome.aborted) return { outcome, white: null, black: null };
  const score = outcome.winner === 'white' ? 1 : outcome.winner === 'black' ? 0 : 0.5;
  const [w, b] = rate(white, black, score);
  const strip = (r: Rating): Rating => ({ rating: r.rating, rd: r.rd, vol: r.vol });
  return {
    outcome,
    white: { before: strip(white), after: w },
    black: { before: strip(black), after: b },
  };
}

/** A player's ratings with the classes never played at NEW_RATING. */
export function withDefaults(
  rows: readonly { readonly class: RatingClass; readonly rating: ClassRating }[],
): Player['ratings'] {
  const ratings = {
    bullet: NEW_RATING,
    blitz: NEW_RATING,
    rapid: NEW_RATING,
    classical: NEW_RATING,
  };
  for (const row of rows) ratings[row.class] = row.rating;
  return ratings;
}

/** The stored result of a game, from white's side of the board. */
export type StoredResult = 'white' | 'black' | 'draw' | 'aborted';

/** The stored result of an outcome. */
export function storedResult(outcome: Outcome): StoredResult {
  return outcome.aborted ? 'aborted' : (outcome.winner ?? 'draw');
}

/** The outcome a stored result stands for. */
export function outcomeOf(result: StoredResult): Outcome {
  return result === 'aborted'
    ? { winner: null, aborted: true }
    : { winner: result === 'draw' ? null : result, aborted: false };
}

/** A stored result as seen by one side. */
export function resultFor(result: StoredResult, colour: Colour): PlayerGame['result'] {
  if (result === 'aborted' || result === 'draw') return result;
  return result === colour ? 'win' : 'loss';
}
