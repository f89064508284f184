// The server's authority over a game, as a pure function in the manner of boardgame.io's
// master: given the table and one command, either the event it causes or the refusal, with a
// code. Nothing here stores, sends or reads the time: the caller passes `now`, commits the
// event, then applies it (table.ts). Each check cites what it protects.

import {
  type Colour,
  captorChooses,
  explainIllegal,
  makeMoveText,
  opposite,
  parseCell,
  parseMoveText,
} from '@agon/engine';
import {
  DRAW_AFTER_MOVES,
  type DrawAction,
  type ErrorCode,
  QUICK_MESSAGE_GAP_MS,
  QUICK_MESSAGES_PER_MINUTE,
  type QuickMessage,
  type Refusal,
} from '@agon/protocol';
import type { GameEvent } from './store.ts';
import {
  abortDeadline,
  outcomeOf,
  runningClock,
  seated,
  spentSince,
  type Table,
  timeLeft,
} from './table.ts';

/** What a connection asks of a game; `by` is the seat its token proved, null for a watcher. */
export type Command =
  | { readonly t: 'join'; readonly token: string }
  | {
      readonly t: 'move';
      readonly by: Colour | null;
      readonly seat: Colour;
      readonly move: string;
      readonly version: number;
    }
  | {
      readonly t: 'touch';
      readonly by: Colour | null;
      readonly seat: Colour;
      readonly cell: string;
      readonly version: number;
    }
  | { readonly t: 'resign'; readonly by: Colour | null; readonly seat: Colour }
  | { readonly t: 'berserk'; readonly by: Colour | null; readonly seat: Colour }
  | {
      readonly t: 'draw';
      readonly by: Colour | null;
      readonly seat: Colour;
      readonly action: DrawAction;
    }
  /** `next`: the id the rematch gets if this command agrees to one (ids are drawn outside). */
  | {
      readonly t: 'rematch';
      readonly by: Colour | null;
      readonly seat: Colour;
      readonly next: string;
    }
  | {
      readonly t: 'takeback';
      readonly by: Colour | null;
      readonly seat: Colour;
      readonly action: DrawAction;
    }
  | {
      readonly t: 'say';
      readonly by: Colour | null;
      readonly seat: Colour;
      readonly message: QuickMessage;
    }
  /** The clock's alarm: ends the game if the side to move is out of time. */
  | { readonly t: 'flag' }
  /** The first-move alarm of a lobby game: calls it off if the side to move has not moved. */
  | { readonly t: 'abort' };

/** The referee's answer: the event to commit, or a refusal. */
type Ruling =
  | { readonly ok: true; readonly event: GameEvent }
  | { readonly ok: false; readonly error: Refusal };

/**
 * Whether a lobby game can only be called off, not won, lost or drawn: until both sides have
 * moved, a resignation or a draw agreement aborts it, as on lichess, and it counts for nobody.
 */
function abortable(t: Table): boolean {
  return t.setup.players !== undefined && t.game.moves.length < 2;
}

/**
 * The time the running clock is charged when a resignation, a draw or an abort ends the game at
 * `now`, as a move would charge it: the final clocks show what each side really had left.
 */
function charged(t: Table, now: number): { readonly spent?: number } {
  const spent = runningClock(t) ? spentSince(t, now) : 0;
  return spent > 0 ? { spent } : {};
}

const refuse = (code: ErrorCode, message: string): Ruling => ({
  ok: false,
  error: { code, message },
});
const allow = (event: GameEvent): Ruling => ({ ok: true, event });
const name = (c: Colour): string => (c === 'white' ? 'White' : 'Black');

/**
 * How many moves a takeback asked for by `seat` undoes: back to before the last turn `seat`
 * chose, so the opponent's reply since goes too, and `seat` chooses again. Under R16 the
 * captor's placing of a captured queen is the captor's turn like any other. 0: nothing of
 * `seat`'s to take back.
 */
function takebackLength(t: Table, seat: Colour): number {
  const choosers = t.game.choosers();
  const last = choosers.lastIndexOf(seat);
  return last < 0 ? 0 : choosers.length - last;
}

/** Refuses a command from someone who does not hold the seat it is for. */
function checkSeat(by: Colour | null, seat: Colour): Ruling | undefined {
  if (by === null) return refuse('spectator', 'you are watching this game, not playing in it');
  if (by !== seat) return refuse('not-your-seat', `you play ${name(by)}, not ${name(seat)}`);
  return undefined;
}

/**
 * Refuses a move or touch (`what`) unless it is from the seat that chooses the next turn (the
 * seat to move, or the captor placing a captured queen under R16), both seats are taken, the
 * game goes on and it was made on the board as it is (later events but moves are fine).
 */
function checkTurn(
  t: Table,
  c: { readonly by: Colour | null; readonly seat: Colour; readonly version: number },
  what: string,
): Ruling | undefined {
  const bad = checkSeat(c.by, c.seat);
  if (bad) return bad;
  if (!seated(t)) return refuse('waiting-for-opponent', 'your opponent has not joined yet');
  if (c.version < t.boardVersion || c.version > t.version) {
    return refuse(
      'stale',
      `the ${what} was made on version ${c.version}, but the board is at version ${t.version}`,
    );
  }
  if (outcomeOf(t)) return refuse('game-over', 'the game is over');
  if (t.game.chooser === c.seat) return undefined;
  // R16: the owner's turn, but the captor places her queen; the owner may not do it for them.
  if (captorChooses(t.game.position, t.game.captorPlacesQueen)) {
    return refuse(
      'captor-chooses',
      `${name(opposite(c.seat))} captured your queen and chooses where she goes (R16)`,
    );
  }
  return refuse('not-your-turn', `it is ${name(opposite(c.seat))}'s turn`);
}

/** Rules on one command at time `now`. */
export function decide(t: Table, c: Command, now: number): Ruling {
  switch (c.t) {
    case 'join': {
      const seat: Colour | undefined =
        t.seats.white === undefined ? 'white' : t.seats.black === undefined ? 'black' : undefined;
      if (seat === undefined) return refuse('seats-taken', 'both seats are taken');
      return allow({ kind: 'join', seat, token: c.token, at: now });
    }
    case 'move': {
      const bad = checkTurn(t, c, 'move');
      if (bad) return bad;
      const move = parseMoveText(c.move);
      if (!move.ok) return refuse('illegal-move', move.error.message);
      if (!t.game.legalMoves().includes(move.value)) {
        const why = explainIllegal(t.game.position, move.value);
        return refuse('illegal-move', why?.message ?? `${c.move} is not a legal move now`);
      }
      const running = runningClock(t) === c.seat && t.clocks;
      const spent = running ? spentSince(t, now) : 0;
      // The canonical text, not what was sent: clients and the log see one spelling of a move.
      const text = makeMoveText(move.value);
      return allow({ kind: 'move', seat: c.seat, move: text, spent, at: now });
    }
    case 'touch': {
      const bad = checkTurn(t, c, 'touch');
      if (bad) return bad;
      const cell = parseCell(c.cell);
      if (cell < 0) return refuse('illegal-move', `${c.cell} is not a cell of the board`);
      // R15: once a piece is touched, touching it again changes nothing, and no other may be.
      if (t.game.touched === cell) return refuse('illegal-move', `${c.cell} is touched already`);
      const allowed = t.game.canTouch(cell);
      if (!allowed.ok) return refuse('illegal-move', allowed.error.message);
      return allow({ kind: 'touch', seat: c.seat, cell: c.cell, at: now });
    }
    case 'resign': {
      const bad = checkSeat(c.by, c.seat);
      if (bad) return bad;
      if (outcomeOf(t)) return refuse('game-over', 'the game is over');
      const kind = abortable(t) ? 'abort' : 'resign';
      return allow({ kind, seat: c.seat, at: now, ...charged(t, now) });
    }
    case 'berserk':
      return berserk(t, c, now);
    case 'draw': {
      const bad = checkSeat(c.by, c.seat);
      if (bad) return bad;
      if (outcomeOf(t)) return refuse('game-over', 'the game is over');
      if (!seated(t)) return refuse('waiting-for-opponent', 'your opponent has not joined yet');
      const theirs = t.drawOffer === opposite(c.seat);
      // An agreement before both sides have moved calls the game off instead.
      const agree = (): Ruling =>
        allow({
          kind: abortable(t) ? 'abort' : 'draw-accept',
          seat: c.seat,
          at: now,
          ...charged(t, now),
        });
      if (c.action === 'offer') {
        if (t.drawOffer === c.seat) return refuse('already-offered', 'you have offered a draw');
        if (!theirs && t.setup.rated && t.game.moves.length < 2 * DRAW_AFTER_MOVES) {
          return refuse(
            'too-early',
            `a draw can be offered in a rated game once each side has made ${DRAW_AFTER_MOVES} moves`,
          );
        }
        // Offering when the opponent already has is agreeing.
        return theirs ? agree() : allow({ kind: 'draw-offer', seat: c.seat, at: now });
      }
      if (!theirs) return refuse('no-draw-offer', 'your opponent has not offered a draw');
      return c.action === 'accept'
        ? agree()
        : allow({ kind: 'draw-decline', seat: c.seat, at: now });
    }
    case 'rematch': {
      const bad = checkSeat(c.by, c.seat);
      if (bad) return bad;
      if (!outcomeOf(t)) return refuse('game-not-over', 'a rematch follows a finished game');
      if (!seated(t)) return refuse('waiting-for-opponent', 'nobody took the other seat');
      if (t.next !== undefined || t.rematchOffer === c.seat) {
        return refuse('already-offered', 'the rematch is already asked for');
      }
      if (t.rematchOffer === opposite(c.seat)) {
        return allow({ kind: 'rematch', seat: c.seat, next: c.next, at: now });
      }
      return allow({ kind: 'rematch-offer', seat: c.seat, at: now });
    }
    case 'takeback':
      return takeback(t, c, now);
    case 'say': {
      const bad = checkSeat(c.by, c.seat);
      if (bad) return bad;
      // Fixed phrases cannot insult, but a flood of them would still drown the page and the log.
      const mine = t.said.filter((s) => s.seat === c.seat);
      const last = mine.at(-1);
      if (
        (last && now - last.at < QUICK_MESSAGE_GAP_MS) ||
        mine.filter((s) => now - s.at < 60_000).length >= QUICK_MESSAGES_PER_MINUTE
      ) {
        return refuse(
          'too-many-messages',
          `at most one quick message every ${QUICK_MESSAGE_GAP_MS / 1000} s and ${QUICK_MESSAGES_PER_MINUTE} a minute`,
        );
      }
      return allow({ kind: 'say', seat: c.seat, message: c.message, at: now });
    }
    case 'flag': {
      const side = runningClock(t);
      if (side === undefined || timeLeft(t, side, now) > 0) {
        return refuse('no-flag', 'no clock has run out');
      }
      return allow({ kind: 'timeout', seat: side, at: now });
    }
    case 'abort': {
      const deadline = abortDeadline(t);
      if (deadline === undefined || now < deadline) {
        return refuse('no-flag', 'no first move is overdue');
      }
      return allow({
        kind: 'abort',
        seat: t.game.position.turnColour,
        at: now,
        ...charged(t, now),
      });
    }
  }
}

/**
 * Rules on an arena's berserk: allowed once per seat, by its player, before that seat's first
 * move (for Black, even after White's), while the game goes on, on a live clock only. Every
 * refusal has the one code, so a page can tell its player berserk is not to be had here.
 */
function berserk(t: Table, c: Extract<Command, { t: 'berserk' }>, now: number): Ruling {
  const no = (why: string): Ruling => refuse('no-berserk', why);
  if (!t.setup.tournament?.berserk || !t.setup.clock) {
    return no('berserk is only for the games of an arena that allows it');
  }
  if (c.by === null) return no('you are watching this game, not playing in it');
  if (c.by !== c.seat) return no(`you play ${name(c.by)}, not ${name(c.seat)}`);
  if (outcomeOf(t)) return no('the game is over');
  if (t.berserk[c.seat]) return no('you have berserked already');
  if (t.game.choosers().includes(c.seat)) return no('berserk is only before your first move');
  return allow({ kind: 'berserk', seat: c.seat, at: now });
}

/** Rules on asking for, accepting or declining a takeback. */
function takeback(t: Table, c: Extract<Command, { t: 'takeback' }>, now: number): Ruling {
  const bad = checkSeat(c.by, c.seat);
  if (bad) return bad;
  if (outcomeOf(t)) return refuse('game-over', 'the game is over');
  if (!seated(t)) return refuse('waiting-for-opponent', 'your opponent has not joined yet');
  // A rating must rest on moves played for good.
  if (t.setup.rated) return refuse('rated-game', 'moves cannot be taken back in a rated game');
  const them = opposite(c.seat);
  if (c.action !== 'offer') {
    if (t.takebackOffer !== them) {
      return refuse('no-takeback-offer', 'your opponent has not asked for a takeback');
    }
    if (c.action === 'decline') return allow({ kind: 'takeback-decline', seat: c.seat, at: now });
    const running = runningClock(t);
    const spent = running ? spentSince(t, now) : 0;
    const undone = takebackLength(t, them);
    return allow({ kind: 'takeback-accept', seat: c.seat, undone, spent, at: now });
  }
  if (t.takebackOffer === c.seat) return refuse('already-offered', 'you have asked already');
  if (t.takebackOffer === them) {
    return refuse('already-offered', 'your opponent has asked for a takeback: answer it first');
  }
  if (t.takebackDeclined === c.seat) {
    return refuse('no-takeback', 'your opponent declined; you may ask again after the next move');
  }
  const undone = takebackLength(t, c.seat);
  if (undone === 0) return refuse('no-takeback', 'you have no move to take back');
  // Back before both first moves, a lobby game's first-move deadline would call it off at once.
  if (t.setup.players && t.game.moves.length - undone < 2) {
    return refuse('no-takeback', 'the first moves of a lobby game cannot be taken back');
  }
  return allow({ kind: 'takeback-offer', seat: c.seat, at: now });
}
