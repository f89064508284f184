// The lobby as the page shows it, made from what the board holds: the pools' counts, the
// newest challenges and games in play, the players online and the count of games in play;
// and each player's own list of the challenges addressed to them or by them.

import {
  type ChallengeView,
  type LobbyStatus,
  type LobbyView,
  listed,
  POOLS,
  type PoolView,
  ratingClass,
} from '@agon/protocol';
import { type Challenge, poolsOf, type Snapshot } from './board.ts';

/** Every pool, empty. */
const EMPTY_POOLS: readonly PoolView[] = POOLS.map((p) => ({ id: p.id, waiting: 0, playing: 0 }));

/** The lobby before anything was read of it. */
export const EMPTY_VIEW: LobbyView = {
  pools: EMPTY_POOLS,
  challenges: [],
  players: 0,
  games: 0,
  live: [],
  status: 'ok',
  sought: 0,
};

/**
 * The lobby of `snap`, with `inPlay` games in play (link games and correspondence games too,
 * read from the store).
 */
export function lobbyView(snap: Snapshot, inPlay: number): LobbyView {
  const challenges = listed(snap.challenges.filter((c) => !c.to).map(challengeView));
  const pools = POOLS.map((pool) => ({
    id: pool.id,
    waiting: snap.seeks.filter((s) => poolsOf(s).includes(pool.id)).length,
    playing: 2 * snap.playing.filter((p) => p.pool === pool.id).length,
  }));
  const live = listed(
    snap.playing.map(({ game, white, black, clock, variant, captorPlacesQueen, rated, since }) => ({
      id: game,
      white,
      black,
      clock,
      variant,
      captorPlacesQueen: captorPlacesQueen === true,
      rated,
      since,
    })),
  );
  return {
    pools,
    challenges,
    // With the lobby open, plus those playing its games (a player doing both counts twice).
    players: snap.online + 2 * snap.playing.length,
    games: Math.max(inPlay, snap.playing.length),
    live,
    status: 'ok',
    sought: snap.sought,
  };
}

/** A challenge as the lobby lists it. */
function challengeView(c: Challenge): ChallengeView {
  return {
    id: c.id,
    by: c.by,
    ...(c.to && { to: c.to }),
    class: ratingClass(c.terms.clock),
    since: c.since,
    ...c.terms,
    // A challenge a process from before R16 put on a shared board has no such term: R10.
    captorPlacesQueen: c.terms.captorPlacesQueen === true,
  };
}

/** The challenges addressed to `player` or by them, newest first, as `direct` sends them. */
export function directView(challenges: readonly Challenge[], player: string): ChallengeView[] {
  return listed(
    challenges.filter((c) => c.to && (c.to.id === player || c.by.id === player)).map(challengeView),
  );
}

/** `view` as it stands while the board cannot be read: the last list, marked so. */
export function withStatus(view: LobbyView, status: LobbyStatus): LobbyView {
  return view.status === status ? view : { ...view, status };
}
