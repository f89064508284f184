// One game as the server holds it: the engine's game replayed from the event log, who holds
// each seat, the clocks, and the pending offers. `apply` is the only way it changes, for live
// events and replayed ones alike, so a game restored from storage is the game that was played.

import {
  type Colour,
  cellName,
  Game,
  opposite,
  PLACEMENT_APN,
  parseApn,
  parseCell,
  parseMoveText,
  STANDARD_APN,
} from '@agon/engine';
import {
  ABORT_MS,
  type ClockView,
  charged,
  chargedUntil,
  DAY_MS,
  type OutcomeView,
  type PublicEvent,
  type QuickMessage,
  SAID_KEPT,
} from '@agon/protocol';
import type { GameEvent, GameSetup, StoredGame } from './store.ts';

/** The clocks: time left per side, and since when the running one has been running. */
export interface Clocks {
  white: number;
  black: number;
  /** When the current turn's time began to count, on the server's clock (hub.ts). */
  since: number;
}

/** The state of one game on the server. */
export interface Table {
  readonly id: string;
  readonly setup: GameSetup;
  /** When the game was made: a lobby game's White has ABORT_MS from then to move. */
  readonly createdAt: number;
  readonly game: Game;
  /** Number of events applied: the version clients quote. */
  version: number;
  /** The version of the last move: a move quoting an older version was made on an old board. */
  boardVersion: number;
  /** The token hash holding each seat. */
  readonly seats: { white: string | undefined; black: string | undefined };
  readonly clocks: Clocks | undefined;
  drawOffer: Colour | undefined;
  rematchOffer: Colour | undefined;
  /** The side whose time ran out. */
  flagged: Colour | undefined;
  /** The side whose missing first move called the game off. */
  aborted: Colour | undefined;
  /** When White made the first move: Black has ABORT_MS from then to answer. */
  firstMoveAt: number | undefined;
  /** The rematch's id once agreed. */
  next: string | undefined;
  /** The side asking to take back its last move. */
  takebackOffer: Colour | undefined;
  /** The side whose takeback was declined: it may not ask again until a move is made. */
  takebackDeclined: Colour | undefined;
  /** The latest quick messages (SAID_KEPT), for the state and the rate limit. */
  readonly said: SaidEvent[];
  /** The seats that berserked in an arena: their clock was halved and gets no increment. */
  readonly berserk: { white: boolean; black: boolean };
  /** The end of the vacation already counted in this turn's deadline (0: none). */
  vacationCounted: number;
}

/** A quick message as the table keeps it: who, what, when, and the version its event made. */
interface SaidEvent {
  readonly seat: Colour;
  readonly message: QuickMessage;
  readonly at: number;
  readonly version: number;
}

/** A game of `setup`'s rules before its first turn. */
export function startFor(setup: Rules): Game {
  const start = parseApn(setup.variant === 'placement' ? PLACEMENT_APN : STANDARD_APN);
  if (!start.ok) throw new Error(start.error.message); // the constants are valid
  return new Game(start.value, {
    touchMove: setup.touchMove ?? false,
    captorPlacesQueen: setup.captorPlacesQueen ?? false,
  });
}

/** What of a game's setup decides its rules: what a search of it must know. */
export type Rules = Pick<GameSetup, 'variant' | 'touchMove' | 'captorPlacesQueen'>;

/** A game before any event, made at `createdAt`. */
export function newTable(id: string, setup: GameSetup, createdAt = 0): Table {
  return {
    id,
    setup,
    createdAt,
    game: startFor(setup),
    version: 0,
    boardVersion: 0,
    seats: { white: setup.seats.white, black: setup.seats.black },
    clocks: (() => {
      const initial = setup.clock?.initial ?? (setup.days && setup.days * DAY_MS);
      return initial ? { white: initial, black: initial, since: 0 } : undefined;
    })(),
    drawOffer: undefined,
    rematchOffer: undefined,
    flagged: undefined,
    aborted: undefined,
    firstMoveAt: undefined,
    next: undefined,
    takebackOffer: undefined,
    takebackDeclined: undefined,
    said: [],
    berserk: { white: false, black: false },
    vacationCounted: 0,
  };
}

/** When no server held the games: from the last sign of life of the one before to this start. */
export interface Downtime {
  readonly from: number;
  readonly to: number;
}

/**
 * Replays a stored game at `now`. The running clock is charged for the mover's thinking (a
 * crash does not refund it) but not for any `downtime`, which is charged to no one: the mover
 * could not have moved while no server was there. A turn that began before the downtime is
 * charged from the last move up to the last note of life, `downtime.from`, and runs again from
 * the restart, whatever the wall clock read meanwhile: set back while the server was down, it
 * would otherwise put the turn's start at `now` and refund the whole turn.
 */
export function restoreTable(stored: StoredGame, now: number, downtime?: Downtime): Table {
  const table = newTable(stored.id, stored.setup, stored.createdAt);
  for (const event of stored.events) applyEvent(table, event);
  const c = table.clocks;
  if (!c) return table;
  if (runningClock(table) === undefined) c.since = now;
  // A turn from after `now` was read on a clock since set back: it too began before the restart.
  else if (downtime && (c.since < downtime.to || c.since > now)) {
    const thought = Math.max(0, downtime.from - c.since);
    c.since = Math.min(now, downtime.to) - thought;
  } else c.since = Math.min(now, c.since);
  return table;
}

/** How the game ended, or undefined while it goes on. */
export function outcomeOf(t: Table): OutcomeView | undefined {
  if (t.flagged) return { winner: opposite(t.flagged), reason: 'timeout' };
  if (t.aborted) return { winner: null, reason: 'aborted' };
  const o = t.game.outcome;
  return o ? { winner: o.winner ?? null, reason: o.reason } : undefined;
}

/** The cell of the piece the mover touched and must move (R15), if any. */
export function touchedCell(t: Table): string | null {
  return t.game.touched < 0 ? null : cellName(t.game.touched);
}

/** Whether both seats are taken, so play can start. */
export function seated(t: Table): boolean {
  return t.seats.white !== undefined && t.seats.black !== undefined;
}

/**
 * The side whose clock runs, once White has made the first move: the side that chooses the
 * next turn, which is the side to move but for a queen's relocation under R16, when the
 * captor's clock runs while they choose (RULES R16).
 */
export function runningClock(t: Table): Colour | undefined {
  if (!t.clocks || outcomeOf(t) || t.game.moves.length === 0) return undefined;
  return t.game.chooser;
}

/**
 * When a lobby game is called off if the side to move has still not made its first move (both
 * seats were filled by the lobby, so nobody waits for an opponent): undefined for any other
 * game, and once both sides have moved.
 */
export function abortDeadline(t: Table): number | undefined {
  if (!t.setup.players || outcomeOf(t) || t.game.moves.length >= 2) return undefined;
  const from = t.firstMoveAt ?? t.createdAt;
  // A correspondence player has their days for the first move too.
  return t.setup.days ? ends(t, from, t.setup.days * DAY_MS) : from + ABORT_MS;
}

/** When `budget` of clock time from `from` runs out in `t` (weekends off: weekdays only). */
const ends = (t: Table, from: number, budget: number): number =>
  chargedUntil(t.setup.weekendsOff === true, from, budget);

/** The clock time from the running turn's start to `now` in `t` (weekends off: weekdays only). */
export function spentSince(t: Table, now: number): number {
  return t.clocks ? charged(t.setup.weekendsOff === true, t.clocks.since, now) : 0;
}

/**
 * When the game's next alarm falls, on the server's clock: the running clock's end or an
 * awaited first move's deadline, whichever comes first; undefined if neither applies.
 */
export function alarmAt(t: Table): number | undefined {
  const side = runningClock(t);
  const times = [
    ...(side === undefined || !t.clocks ? [] : [ends(t, t.clocks.since, t.clocks[side])]),
    ...[abortDeadline(t)].filter((d) => d !== undefined),
  ];
  return times.length === 0 ? undefined : Math.min(...times);
}

/**
 * Whether the game needs a process to watch it in memory: a clock runs, or a first move is
 * awaited. A correspondence game's deadline waits in the store instead (keepers.ts).
 */
export function watched(t: Table): boolean {
  return !t.setup.days && alarmAt(t) !== undefined;
}

/**
 * When a correspondence game next needs a process, for the store: its deadline while it is
 * played, null once it ends (its end's rating is noted apart, room.ts); undefined for a game
 * on a clock or with none.
 */
export function deadlineOf(t: Table): number | null | undefined {
  if (!t.setup.days) return undefined;
  return outcomeOf(t) ? null : (alarmAt(t) ?? null);
}

/**
 * Where the running deadline of `seat` moves for a vacation from `from` until `until`: later by
 * the vacation's time within the turn not yet counted (from the later of the turn's start, the
 * vacation's start and the end of what was counted before), but never past `vacationLatest`
 * (a deadline already past it stays). Unmoved if `seat`'s clock is not the one running.
 */
export function vacationDeadline(t: Table, seat: Colour, from: number, until: number): number {
  const c = t.clocks;
  if (!c || runningClock(t) !== seat) return Number.NaN;
  const deadline = ends(t, c.since, c[seat]);
  const moved = deadline + Math.max(0, until - Math.max(from, c.since, t.vacationCounted));
  const latest = vacationLatest(t.setup);
  return latest === undefined ? moved : Math.max(deadline, Math.min(moved, latest));
}

/**
 * The latest a deadline may be moved to by vacation: the setup's `latest`, else a league game's
 * season end (docs/leagues.md); undefined when nothing bounds it.
 */
export const vacationLatest = (setup: GameSetup): number | undefined =>
  setup.latest ?? setup.league?.endsAt;

/** Time left on `side`'s clock at `now`, negative once it has run out. */
export function timeLeft(t: Table, side: Colour, now: number): number {
  const c = t.clocks;
  if (!c) return Number.POSITIVE_INFINITY;
  return runningClock(t) === side ? c[side] - spentSince(t, now) : c[side];
}

/** The clocks as a client is shown them at `now`. */
export function clockView(t: Table, now: number): ClockView | null {
  const control =
    t.setup.clock ?? (t.setup.days && { initial: t.setup.days * DAY_MS, increment: 0 });
  if (!control || !t.clocks) return null;
  const first = abortDeadline(t);
  return {
    initial: control.initial,
    increment: control.increment,
    ...(t.setup.days && { days: t.setup.days }),
    ...(t.setup.days && t.setup.weekendsOff && { weekendsOff: true as const }),
    white: Math.max(0, Math.round(timeLeft(t, 'white', now))),
    black: Math.max(0, Math.round(timeLeft(t, 'black', now))),
    running: runningClock(t) ?? null,
    ...(first !== undefined && { first: Math.max(0, Math.round(first - now)) }),
  };
}

/** The event as every client of the game is told it (the seat token stays on the server). */
export function publicEvent(e: GameEvent): PublicEvent {
  switch (e.kind) {
    case 'join':
      return { kind: 'join', seat: e.seat };
    case 'move':
      return { kind: 'move', seat: e.seat, move: e.move };
    case 'touch':
      return { kind: 'touch', seat: e.seat, cell: e.cell };
    case 'rematch':
      return { kind: 'rematch', seat: e.seat, next: e.next };
    case 'takeback-accept':
      return { kind: 'takeback-accept', seat: e.seat, undone: e.undone };
    case 'say':
      return { kind: 'say', seat: e.seat, message: e.message };
    case 'vacation':
      return { kind: 'vacation', seat: e.seat, until: e.until };
    default:
      return { kind: e.kind, seat: e.seat };
  }
}

/** Applies one event, already checked by the referee (or read back from storage). */
export function applyEvent(t: Table, e: GameEvent): void {
  t.version++;
  switch (e.kind) {
    case 'join':
      t.seats[e.seat] = e.token;
      break;
    case 'move': {
      const move = parseMoveText(e.move);
      const c = t.clocks;
      if (c && t.setup.clock && runningClock(t) === e.seat) {
        c[e.seat] += (t.berserk[e.seat] ? 0 : t.setup.clock.increment) - e.spent;
      }
      // Days per move: whoever moved has the whole of them again for their next move.
      if (c && t.setup.days) c[e.seat] = t.setup.days * DAY_MS;
      // Stored moves were legal when accepted, and the rules do not change under them.
      if (!move.ok || !t.game.play(move.value).ok) {
        throw new Error(`game ${t.id}: stored move ${e.move} does not replay`);
      }
      if (c) c.since = e.at;
      t.vacationCounted = 0;
      t.firstMoveAt ??= e.at;
      t.boardVersion = t.version;
      if (t.drawOffer === opposite(e.seat)) t.drawOffer = undefined;
      // The takeback asked for was of another board.
      t.takebackOffer = undefined;
      t.takebackDeclined = undefined;
      break;
    }
    case 'touch':
      // Checked by the referee when it was made, and the rules do not change under it.
      if (!t.game.touch(parseCell(e.cell)).ok) {
        throw new Error(`game ${t.id}: stored touch of ${e.cell} does not replay`);
      }
      break;
    case 'resign':
      chargeEnd(t, e.spent);
      t.game.resign(e.seat);
      break;
    case 'berserk':
      t.berserk[e.seat] = true;
      // Only before the seat's first move, so its clock still holds the whole initial time; a
      // turn already running keeps its start, and the thought spent so far counts against the half.
      if (t.clocks && t.setup.clock) t.clocks[e.seat] = t.setup.clock.initial / 2;
      break;
    case 'draw-offer':
      t.drawOffer = e.seat;
      break;
    case 'draw-accept':
      chargeEnd(t, e.spent);
      t.drawOffer = undefined;
      t.game.agreeDraw();
      break;
    case 'draw-decline':
      t.drawOffer = undefined;
      break;
    case 'timeout':
      if (t.clocks) t.clocks[e.seat] = 0;
      t.flagged = e.seat;
      break;
    case 'abort':
      chargeEnd(t, e.spent);
      t.aborted = e.seat;
      break;
    case 'rematch-offer':
      t.rematchOffer = e.seat;
      break;
    case 'rematch':
      t.rematchOffer = undefined;
      t.next = e.next;
      break;
    case 'takeback-offer':
      t.takebackOffer = e.seat;
      break;
    case 'takeback-decline':
      t.takebackOffer = undefined;
      t.takebackDeclined = opposite(e.seat);
      break;
    case 'takeback-accept':
      takeBack(t, e.undone, e.spent, e.at);
      break;
    case 'vacation': {
      const deadline = vacationDeadline(t, e.seat, e.from, e.until);
      // Kept as clock time: with weekends off, the weekdays up to the moved deadline.
      if (t.clocks && !Number.isNaN(deadline)) t.clocks[e.seat] = spentSince(t, deadline);
      t.vacationCounted = Math.max(t.vacationCounted, e.until);
      break;
    }
    case 'say':
      t.said.push({ seat: e.seat, message: e.message, at: e.at, version: t.version });
      if (t.said.length > SAID_KEPT) t.said.shift();
      break;
  }
  if (outcomeOf(t)) {
    t.drawOffer = undefined;
    t.takebackOffer = undefined;
  }
}

/** Charges the running clock the time it ran up to a resignation, a draw agreed or an abort. */
function chargeEnd(t: Table, spent: number | undefined): void {
  const running = runningClock(t);
  if (t.clocks && running && spent) t.clocks[running] -= spent;
}

/**
 * Takes the last `undone` moves back at `at`. No time is given back: the running clock is
 * charged what it ran up to the takeback (as a move would charge it, with no increment), and the
 * clock of whoever chooses next runs from then. A touch (R15) goes with the board it was made on.
 */
function takeBack(t: Table, undone: number, spent: number, at: number): void {
  const c = t.clocks;
  const running = runningClock(t);
  if (c && running) c[running] -= spent;
  for (let i = 0; i < undone; i++) {
    // Accepted only while the game goes on, so each undo is of a move (not of its end).
    if (!t.game.undo()) throw new Error(`game ${t.id}: stored takeback does not replay`);
  }
  if (c) c.since = at;
  t.vacationCounted = 0;
  t.boardVersion = t.version;
  t.takebackOffer = undefined;
  t.takebackDeclined = undefined;
}
