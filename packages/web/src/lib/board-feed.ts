// Between the engine's game and the board, both ways: the one place that turns a position and
// its legal turns into what the board shows and allows, and a tap on the board back into a
// legal turn (the roles chessops' `chessgroundDests` and compat.ts play for chessground). The
// local game, the tutorial, the analysis board and online play all go through here, so they
// cannot drift apart.

import {
  CELL_COUNT,
  type Move,
  makeMove,
  moveFrom,
  moveKind,
  moveTo,
  NO_CELL,
  PASS_MOVE,
  PLACEMENT,
  type Position,
} from '@agon/engine';
import type { BoardConfig, Movable } from '../board/config.ts';
import { owedCell } from './taps.ts';

/** What a board is fed: a position, the turn that led to it, and what may be played now. */
interface Feed {
  /** The position to show. */
  readonly position: Position;
  /** The turn that led to it, marked on the board. */
  readonly lastMove?: Move | undefined;
  /** The legal turns, when the person at this board may play them now; otherwise view only. */
  readonly legal?: readonly Move[] | undefined;
  /** The cell of the piece touch-move binds (R15), or -1. */
  readonly touched?: number;
}

/** The cells a turn marks: from and to, just to for a placement, none for a pass. */
export function moveCells(move: Move | undefined): number[] {
  if (move === undefined || move === PASS_MOVE) return [];
  return moveKind(move) === PLACEMENT ? [moveTo(move)] : [moveFrom(move), moveTo(move)];
}

/** What may be moved, by piece: legal destinations, placements and the R8-forbidden cells. */
function movableOf(pos: Position, legal: readonly Move[], touched: number): Movable {
  const dests = new Map<number, number[]>();
  const placements: number[] = [];
  for (const m of legal) {
    if (m === PASS_MOVE) continue;
    if (moveKind(m) === PLACEMENT) placements.push(moveTo(m));
    else {
      const list = dests.get(moveFrom(m)) ?? [];
      list.push(moveTo(m));
      dests.set(moveFrom(m), list);
    }
  }
  const blocked = new Map<number, number[]>();
  for (const from of dests.keys()) {
    const cells = pos.forbiddenSteps(from);
    if (cells.length) blocked.set(from, cells);
  }
  // A relocation must be made and a touched piece must move: putting it down would only
  // lead to a refusal at the next tap.
  return { dests, placements, blocked, locked: pos.relocating || touched >= 0 };
}

/** The board's config for a feed; the piece a turn must move comes picked up already. */
export function boardConfigOf(feed: Feed): BoardConfig {
  const pos = feed.position;
  const touched = feed.touched ?? -1;
  const movable = feed.legal ? movableOf(pos, feed.legal, touched) : undefined;
  const config: BoardConfig = {
    pieces: Array.from({ length: CELL_COUNT }, (_, c) => pos.pieceAt(c)),
    lastMove: moveCells(feed.lastMove),
    movable,
  };
  if (!movable) return config;
  if (touched >= 0 && movable.dests.has(touched)) return { ...config, selected: touched };
  // R10: the queen first; of several captured guards, the first is offered.
  const owed = pos.relocating ? owedCell(pos) : -1;
  return movable.dests.has(owed) ? { ...config, selected: owed } : config;
}

/**
 * The legal turn a tap makes, the reverse of `boardConfigOf`: the step or relocation from
 * `from` to `to`, or with no piece picked up (`from` undefined) a placement on `to`; undefined
 * when `legal` holds no such turn.
 */
export function moveOfTap(
  legal: readonly Move[],
  from: number | undefined,
  to: number,
): Move | undefined {
  if (from === undefined) {
    const placement = makeMove(PLACEMENT, NO_CELL, to);
    return legal.includes(placement) ? placement : undefined;
  }
  return legal.find((m) => moveFrom(m) === from && moveTo(m) === to);
}

/**
 * Why the side to move has no legal turn: the pieces that cannot step, and the cells they
 * could reach but may not enter, lying between two enemy pieces (R8). When no piece is kept
 * out by R8 (every neighbour taken or farther from the throne), every piece of the side is
 * stuck and no cell is forbidden.
 */
export function stuckOf(pos: Position): { pieces: number[]; forbidden: number[] } {
  const own: number[] = [];
  const pieces: number[] = [];
  const forbidden = new Set<number>();
  for (let c = 0; c < CELL_COUNT; c++) {
    const piece = pos.pieceAt(c);
    if (piece?.colour !== pos.turnColour || piece.captured) continue;
    own.push(c);
    const cells = pos.forbiddenSteps(c);
    if (cells.length) pieces.push(c);
    for (const f of cells) forbidden.add(f);
  }
  return pieces.length ? { pieces, forbidden: [...forbidden] } : { pieces: own, forbidden: [] };
}

/** The marks that explain a game lost for want of a legal turn: the stuck pieces, the R8 cells. */
export function stuckMarks(pos: Position): Pick<BoardConfig, 'highlight' | 'forbidden'> {
  const stuck = stuckOf(pos);
  return { highlight: stuck.pieces, forbidden: stuck.forbidden };
}
