// The lobby on the wire: quick pairing pools, open challenges, the counts and the games being
// played, over one socket (/api/lobby/socket) that says hello with the player's token. The
// list comes whole once (welcome), then as changes to it: the same functions make the changes
// on the server and apply them in the browser, so the two cannot drift apart.

import type { Colour } from '@agon/engine';
import type { Pace, PlayerBrief, Variant } from './base.ts';
import type { PlayerView } from './player.ts';
import type { RatingClass } from './rating.ts';
import type { Refusal } from './refusal.ts';

/** The quick pairing pools: minutes + seconds added a move. */
export const POOLS = [
  { id: '1+1', initial: 60_000, increment: 1000 },
  { id: '3+2', initial: 180_000, increment: 2000 },
  { id: '5+3', initial: 300_000, increment: 3000 },
  { id: '10+5', initial: 600_000, increment: 5000 },
  { id: '15+10', initial: 900_000, increment: 10_000 },
] as const;
/** A quick pairing pool's id. */
export type PoolId = (typeof POOLS)[number]['id'];

/** Challenge ids: eight characters of the game ids' alphabet. */
export const CHALLENGE_ID = /^[a-km-np-z2-9]{8}$/;
/** How long a lobby game may wait for a side's first move before it is called off. */
export const ABORT_MS = 30_000;
/**
 * Moves each side must have made in a rated game before a draw can be offered: a draw agreed at
 * once would move ratings for a game never played (docs/lobby.md, "Fair ratings").
 */
export const DRAW_AFTER_MOVES = 10;

/** The terms of a game offered to anyone. */
export interface ChallengeTerms {
  /** A clock, or days per move for a correspondence game. */
  readonly clock: Pace;
  readonly variant: Variant;
  /** R15, touch-move. */
  readonly touchMove: boolean;
  /** R16: the captor chooses a captured queen's cell (false: her owner does, R10). */
  readonly captorPlacesQueen: boolean;
  /** The side the challenger takes. */
  readonly side: Colour | 'random';
  readonly rated: boolean;
  /**
   * Open to anyone only: a house bot may take it once it has waited a while with nobody taking
   * it (docs/lobby.md, "When nobody comes").
   */
  readonly bots?: true;
  /** A game of days only: Saturdays and Sundays (UTC) do not count (docs/lobby.md). */
  readonly weekendsOff?: true;
}

/**
 * An open challenge as the lobby lists it. One addressed `to` a player is shown only to them and
 * to its challenger (`direct`), never in the public list.
 */
export interface ChallengeView extends ChallengeTerms {
  readonly id: string;
  readonly by: PlayerBrief;
  readonly to?: PlayerBrief;
  readonly class: RatingClass;
  /** When it was opened (ms): the newest are listed first. */
  readonly since: number;
}

/** A quick pairing pool's crowd: players waiting in it and playing its games. */
export interface PoolView {
  readonly id: PoolId;
  readonly waiting: number;
  readonly playing: number;
}

/** A game being played now, for the lobby's list (opens the spectator view). */
export interface LiveGameView {
  readonly id: string;
  readonly white: PlayerBrief;
  readonly black: PlayerBrief;
  readonly clock: Pace;
  readonly variant: Variant;
  /** R16, as in its challenge (quick pairing is always R10). */
  readonly captorPlacesQueen: boolean;
  readonly rated: boolean;
  /** When it started (ms): the newest are listed first. */
  readonly since: number;
}

/**
 * Whether the lobby's shared list can be read: `reconnecting` while the server has lost its
 * link to it (in a cluster, Redis is away). Meanwhile games go on, seeks and challenges are kept
 * and put back when the link returns, and nothing can be accepted.
 */
export type LobbyStatus = 'ok' | 'reconnecting';

/** Everything the lobby page shows: sent whole on arrival, then as changes. */
export interface LobbyView {
  readonly pools: readonly PoolView[];
  /** The newest open challenges first, at most MAX_LISTED. */
  readonly challenges: readonly ChallengeView[];
  /** Players with the lobby or a game open. */
  readonly players: number;
  /** Games in play: on a running clock, or of days per move and not over. */
  readonly games: number;
  /** The newest games being played first, at most MAX_LISTED. */
  readonly live: readonly LiveGameView[];
  readonly status: LobbyStatus;
  /** People who looked for a game in quick pairing in the last hour. */
  readonly sought: number;
}

/** The longest list the lobby sends of challenges and of live games. */
const MAX_LISTED = 50;

/**
 * How many challenges addressed to players one player may have waiting for an answer at once,
 * beside their one open challenge: enough to ask a few friends, too few to spam a crowd.
 */
export const MAX_DIRECT = 5;

/**
 * Why an addressee declines a challenge, as lichess offers them: short, generic and never rude;
 * the challenger reads the reason in their own language.
 */
export const DECLINE_REASONS = [
  'generic',
  'later',
  'too-fast',
  'too-slow',
  'time-control',
  'rated',
  'casual',
  'variant',
  'rules',
] as const;
/** A reason for declining a challenge. */
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** Whom a player takes addressed challenges from: anyone, or only players they have played. */
export const CHALLENGES_FROM = ['everyone', 'played'] as const;
/** Whom a player takes addressed challenges from. */
export type ChallengesFrom = (typeof CHALLENGES_FROM)[number];

/**
 * A player's waiting list: the pools they want to hear of when someone seeks a game there and
 * nobody waits, in the hours of the day (UTC, 0-23) they want to hear of them.
 */
interface WaitingList {
  readonly pools: readonly PoolId[];
  readonly hours: readonly number[];
}

/** A player's lobby settings (GET and PATCH /api/me/settings). */
export interface LobbySettings {
  readonly challengesFrom: ChallengesFrom;
  readonly waitingList: WaitingList;
  /** Quick pairing with people only: no house bot steps in when nobody comes (docs/lobby.md). */
  readonly peopleOnly: boolean;
}

/** The settings of a player who never changed them. */
export const DEFAULT_SETTINGS: LobbySettings = {
  challengesFrom: 'everyone',
  waitingList: { pools: [], hours: [] },
  peopleOnly: false,
};

/** Entries that came and went in one of the lobby's lists. */
interface ListChanges<T> {
  readonly add: readonly T[];
  /** The ids of entries gone. */
  readonly remove: readonly string[];
}

/** What changed in the lobby's list since the last message: only the parts that did. */
interface LobbyChanges {
  /** Each pool whose counts changed. */
  readonly pools?: readonly PoolView[];
  readonly challenges?: ListChanges<ChallengeView>;
  readonly live?: ListChanges<LiveGameView>;
  readonly players?: number;
  readonly games?: number;
  readonly status?: LobbyStatus;
  readonly sought?: number;
}

/** Newest first, and by id between equals, so both sides order a list alike. */
const newestFirst = (a: { since: number; id: string }, b: { since: number; id: string }): number =>
  b.since - a.since || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A list of the lobby as it is sent: the newest first, at most MAX_LISTED. */
export function listed<T extends { readonly since: number; readonly id: string }>(
  entries: readonly T[],
): T[] {
  return [...entries].sort(newestFirst).slice(0, MAX_LISTED);
}

function listChanges<T extends { readonly id: string }>(
  before: readonly T[],
  after: readonly T[],
): ListChanges<T> | undefined {
  const had = new Set(before.map((e) => e.id));
  const has = new Set(after.map((e) => e.id));
  const add = after.filter((e) => !had.has(e.id));
  const remove = before.filter((e) => !has.has(e.id)).map((e) => e.id);
  return add.length || remove.length ? { add, remove } : undefined;
}

function applyList<T extends { readonly since: number; readonly id: string }>(
  list: readonly T[],
  changes: ListChanges<T> | undefined,
): readonly T[] {
  if (!changes) return list;
  const gone = new Set(changes.remove);
  return listed([...list.filter((e) => !gone.has(e.id)), ...changes.add]);
}

/**
 * What changed from `before` to `after` (lists as `listed` orders them), or undefined if
 * nothing did. Entries never change under their id: a new challenge has a new id.
 */
export function lobbyChanges(before: LobbyView, after: LobbyView): LobbyChanges | undefined {
  const pools = after.pools.filter((p) => {
    const was = before.pools.find((q) => q.id === p.id);
    return !was || was.waiting !== p.waiting || was.playing !== p.playing;
  });
  const changes: LobbyChanges = {
    ...(pools.length > 0 && { pools }),
    ...optional('challenges', listChanges(before.challenges, after.challenges)),
    ...optional('live', listChanges(before.live, after.live)),
    ...(before.players !== after.players && { players: after.players }),
    ...(before.games !== after.games && { games: after.games }),
    ...(before.status !== after.status && { status: after.status }),
    ...(before.sought !== after.sought && { sought: after.sought }),
  };
  return Object.keys(changes).length > 0 ? changes : undefined;
}

const optional = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };

/** The list after `changes` (lobbyChanges's) to `view`. */
export function applyLobbyChanges(view: LobbyView, changes: LobbyChanges): LobbyView {
  return {
    pools: view.pools.map((p) => changes.pools?.find((q) => q.id === p.id) ?? p),
    challenges: applyList(view.challenges, changes.challenges),
    live: applyList(view.live, changes.live),
    players: changes.players ?? view.players,
    games: changes.games ?? view.games,
    status: changes.status ?? view.status,
    sought: changes.sought ?? view.sought,
  };
}

/** What a lobby client may send. */
export type LobbyClientMessage =
  /**
   * The player's token (POST /api/players gave it); nothing else is read before it. With
   * `watch`, the socket of a page other than the lobby: it is sent only the player's own
   * challenges (`direct`) and a game made by its `accept`, may only accept and decline, and
   * neither counts the player as in the lobby nor takes their seek or challenge when it closes.
   */
  | { readonly t: 'hello'; readonly token: string; readonly watch?: true }
  /** Waits in a quick pairing pool (leaving any other pool). Quick pairing is rated. */
  /**
   * Waits in `pool`, and in the pools of `also` too (a range: "any blitz", "3+2 to 10+5"): the
   * first player to come in any of them plays. A new seek replaces the last.
   */
  | { readonly t: 'seek'; readonly pool: PoolId; readonly also?: readonly PoolId[] }
  | { readonly t: 'unseek' }
  /**
   * Opens a challenge (the player's only open one: a new one replaces it), or with `to` one
   * addressed to that player (replacing the player's earlier one to them; MAX_DIRECT at most).
   */
  | ({ readonly t: 'challenge'; readonly to?: string } & ChallengeTerms)
  | { readonly t: 'withdraw'; readonly id: string }
  | { readonly t: 'accept'; readonly id: string }
  /** The addressee of challenge `id` declines it; its challenger is told why. */
  | { readonly t: 'decline'; readonly id: string; readonly reason: DeclineReason }
  | { readonly t: 'ping' };

/** What the lobby sends. */
export type LobbyServerMessage =
  | { readonly t: 'welcome'; readonly you: PlayerView; readonly lobby: LobbyView }
  /** What changed in the list since the last welcome or changes (at most about once a second). */
  | { readonly t: 'changes'; readonly changes: LobbyChanges }
  /**
   * The pool this player waits in now (null: none) and the others of its range, answering seek
   * and unseek; with `bot`, the seconds of waiting after which a house bot plays them if nobody
   * comes (none: people only).
   */
  | {
      readonly t: 'seeking';
      readonly pool: PoolId | null;
      readonly also?: readonly PoolId[];
      readonly bot?: number;
    }
  /**
   * A game was made for this player: they open it with their identity's token, which holds the
   * seat (no seat token is made for a lobby game).
   */
  | { readonly t: 'paired'; readonly game: string; readonly seat: Colour }
  /**
   * A league season began: this player's games of it (games of days, which go on wherever they
   * are), told at once rather than one `paired` each, so that no page is taken to one of them.
   */
  | {
      readonly t: 'season';
      readonly league: { readonly key: string; readonly name: string; readonly season: number };
      readonly games: readonly { readonly game: string; readonly seat: Colour }[];
    }
  /**
   * The challenges addressed to this player or by them, newest first: sent after the welcome
   * and whole again whenever it changes.
   */
  | { readonly t: 'direct'; readonly challenges: readonly ChallengeView[] }
  /** The addressee of this player's challenge `id` declined it. */
  | {
      readonly t: 'declined';
      readonly id: string;
      readonly by: PlayerBrief;
      readonly reason: DeclineReason;
    }
  | ({ readonly t: 'error' } & Refusal)
  | { readonly t: 'pong' };
