// What the Bot API's streams and routes say of challenges and games, in lichess's shapes
// (protocol's bot-api.ts): made here from the lobby's challenges and a game's table, so that
// the event stream, the game stream and the challenge routes say one thing one way.

import { type Colour, makeMoveText } from '@agon/engine';
import {
  type BotChallenge,
  type BotChallengeStatus,
  type BotGame,
  type BotGameFull,
  type BotGameState,
  type BotStatus,
  type BotUser,
  type BotVariant,
  type ChallengeTerms,
  type OutcomeView,
  type PlayerBrief,
  ratingClass,
  type Variant,
} from '@agon/protocol';
import type { Room } from '../game/room.ts';
import type { GameSetup } from '../game/store.ts';
import { clockView, outcomeOf, type Table } from '../game/table.ts';

/** A clock a game of days per move does not have: lichess's number for "no limit". */
const NO_LIMIT_MS = 2_147_483_647;

/** A variant as lichess names one. */
export function botVariant(variant: Variant): BotVariant {
  return { key: variant, name: variant === 'placement' ? 'Placement' : 'Standard' };
}

/** A player as a challenge or a game's seat names them. */
export function botPlayer(p: PlayerBrief): BotUser {
  return {
    id: p.id,
    name: p.name,
    rating: p.rating.rating,
    ...(p.rating.provisional && { provisional: true }),
    ...(p.bot && { title: 'BOT' }),
  };
}

/** A challenge as the board or the list holds it. */
interface ChallengeLike {
  readonly id: string;
  readonly by: PlayerBrief;
  readonly to?: PlayerBrief;
}

/**
 * Challenge `c` on `terms` as lichess's C; `me`, the player it is told to, gives its
 * direction.
 */
export function botChallenge(
  c: ChallengeLike,
  terms: ChallengeTerms,
  status: BotChallengeStatus,
  me?: string,
): BotChallenge {
  const pace = terms.clock;
  return {
    id: c.id,
    url: '/lobby',
    status,
    challenger: botPlayer(c.by),
    destUser: c.to ? botPlayer(c.to) : null,
    variant: botVariant(terms.variant),
    rated: terms.rated,
    speed: ratingClass(pace),
    timeControl:
      'days' in pace
        ? { type: 'correspondence', daysPerTurn: pace.days }
        : {
            type: 'clock',
            limit: pace.initial / 1000,
            increment: pace.increment / 1000,
            show: `${pace.initial / 60_000}+${pace.increment / 1000}`,
          },
    color: terms.side,
    touchMove: terms.touchMove,
    captorPlacesQueen: terms.captorPlacesQueen,
    ...(me !== undefined && { direction: c.by.id === me ? 'out' : 'in' }),
  };
}

/**
 * An outcome as lichess's status: a throne ring is a mate, no legal move a stalemate (which
 * loses), a third repetition a draw as an agreed one is.
 */
export function botStatus(outcome: OutcomeView | undefined): BotStatus {
  switch (outcome?.reason) {
    case undefined:
      return 'started';
    case 'throne-ring':
      return 'mate';
    case 'no-moves':
      return 'stalemate';
    case 'resignation':
      return 'resign';
    case 'agreement':
    case 'repetition':
      return 'draw';
    case 'timeout':
      return 'outoftime';
    case 'aborted':
      return 'aborted';
  }
}

/** The rating class of a game set up as `setup`. */
function speedOf(setup: GameSetup) {
  return ratingClass(setup.clock ?? { days: setup.days ?? 1 });
}

/** Where a lobby game came from, as lichess names it. */
function sourceOf(setup: GameSetup): BotGame['source'] {
  if (setup.tournament) return setup.tournament.kind === 'swiss' ? 'swiss' : 'arena';
  return setup.pool ? 'pool' : 'friend';
}

/** The game of `room` as player `me` is told of it (gameStart, gameFinish). */
export function botGame(room: Room, me: string): BotGame | undefined {
  const t = room.table;
  const ids = t.setup.players;
  const colour: Colour | undefined =
    ids?.white === me ? 'white' : ids?.black === me ? 'black' : undefined;
  if (!ids || !colour) return undefined;
  const other = colour === 'white' ? 'black' : 'white';
  const them = room.seated[other];
  const outcome = outcomeOf(t);
  const last = t.game.moves.at(-1);
  return {
    gameId: t.id,
    id: t.id,
    color: colour,
    isMyTurn: !outcome && t.game.chooser === colour,
    lastMove: last === undefined ? '' : makeMoveText(last),
    opponent: { id: ids[other], username: them?.name ?? '', rating: them?.rating.rating ?? 0 },
    rated: t.setup.rated === true,
    speed: speedOf(t.setup),
    variant: botVariant(t.setup.variant),
    source: sourceOf(t.setup),
    status: { name: botStatus(outcome) },
    ...(outcome?.winner && { winner: outcome.winner }),
  };
}

/** The state of the game on `t` at `now`: its moves, clocks, offers and status. */
export function botGameState(t: Table, now: number): BotGameState {
  const clock = clockView(t, now);
  const outcome = outcomeOf(t);
  const increment = (seat: Colour): number =>
    t.setup.clock && !t.berserk[seat] ? t.setup.clock.increment : 0;
  return {
    type: 'gameState',
    moves: t.game.moves.map(makeMoveText).join(' '),
    wtime: clock?.white ?? NO_LIMIT_MS,
    btime: clock?.black ?? NO_LIMIT_MS,
    winc: increment('white'),
    binc: increment('black'),
    status: botStatus(outcome),
    ...(outcome?.winner && { winner: outcome.winner }),
    ...(t.drawOffer === 'white' && { wdraw: true }),
    ...(t.drawOffer === 'black' && { bdraw: true }),
  };
}

/** The first line of a game stream: the whole game of `room` at `now`. */
export function botGameFull(room: Room, now: number): BotGameFull {
  const t = room.table;
  const seat = (colour: Colour) => {
    const p = room.seated[colour];
    return p ? botPlayer(p) : { id: t.setup.players?.[colour] ?? '', name: '', rating: 0 };
  };
  return {
    type: 'gameFull',
    id: t.id,
    variant: botVariant(t.setup.variant),
    rated: t.setup.rated === true,
    speed: speedOf(t.setup),
    createdAt: t.createdAt,
    white: seat('white'),
    black: seat('black'),
    initialFen: 'startpos',
    clock: t.setup.clock ? { ...t.setup.clock } : null,
    ...(t.setup.days && { daysPerTurn: t.setup.days }),
    touchMove: t.game.touchMove,
    captorPlacesQueen: t.game.captorPlacesQueen,
    state: botGameState(t, now),
  };
}
