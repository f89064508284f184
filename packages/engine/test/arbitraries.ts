// fast-check generators shared by the property tests: valid positions built from the rules'
// validity conditions (NOTATION.md) and random legal games.

import fc from 'fast-check';
import { type Move, makeApn, PLACEMENT_APN, type Position, STANDARD_APN } from '../src/index.ts';
import { ALL_CELLS, apn, type Code, load, ringOf } from './helpers.ts';

// Crowding pieces into rings 0-3 makes captures, forbidden cells and blocked pieces common.
const INNER = ALL_CELLS.filter((c) => ringOf(c) <= 3);

const handCount = fc.oneof(
  { arbitrary: fc.constant(0), weight: 4 },
  { arbitrary: fc.integer({ min: 1, max: 6 }), weight: 1 },
);
const capturedFlag = fc.integer({ min: 0, max: 6 }).map((x) => x === 0);

/**
 * APN of an arbitrary valid position: one queen each, guards on board plus in hand = 6, no
 * guard on the throne; pieces anywhere, some captured, either side to move. Such positions
 * need not be reachable in play, but every rule applies to them all the same.
 */
export const arbPositionApn: fc.Arbitrary<string> = fc
  .tuple(
    fc
      .boolean()
      .chain((inner) =>
        fc.shuffledSubarray([...(inner ? INNER : ALL_CELLS)], { minLength: 14, maxLength: 14 }),
      ),
    handCount,
    handCount,
    fc.constantFrom<'w' | 'b'>('w', 'b'),
    fc.array(capturedFlag, { minLength: 14, maxLength: 14 }),
  )
  .map(([chosen, handW, handB, turn, captured]) => {
    const cells = [...chosen];
    // Only a queen may stand on the throne: hand it to White's queen when it was drawn.
    const t = cells.indexOf('f6');
    if (t > 1) [cells[0], cells[t]] = [cells[t]!, cells[0]!];
    const letters: string[] = ['Q', 'q'];
    for (let i = 0; i < 6 - handW; i++) letters.push('G');
    for (let i = 0; i < 6 - handB; i++) letters.push('g');
    const pieces: Record<string, Code> = {};
    letters.forEach((l, i) => {
      pieces[cells[i]!] = `${l}${captured[i] ? '*' : ''}` as Code;
    });
    return apn(pieces, turn, handW || handB ? `${handW}/${handB}` : '');
  });

/** Choices for a random game: each picks a move index (mod the number of legal moves). */
export const arbChoices = (maxLength: number): fc.Arbitrary<number[]> =>
  fc.array(fc.nat(), { maxLength, size: 'max' });

/** A start for a random game: either variant's start or an arbitrary position. */
export const arbStartApn: fc.Arbitrary<string> = fc.oneof(
  fc.constant(STANDARD_APN),
  fc.constant(PLACEMENT_APN),
  arbPositionApn,
);

/**
 * Plays the choices from a start until they run out or the game ends by R11/R12, calling
 * `visit` before each move with the position and the move about to be made.
 */
export function playRandom(
  startApn: string,
  choices: readonly number[],
  visit: (pos: Position, move: Move) => void = () => {},
): Position {
  const pos = load(startApn);
  for (const choice of choices) {
    if (pos.outcome()) break;
    const moves = pos.legalMoves();
    const move = moves[choice % moves.length]!;
    visit(pos, move);
    pos.make(move);
  }
  return pos;
}

/** APN of every position along a random game, the start included. */
export function apnsAlong(startApn: string, choices: readonly number[]): string[] {
  const out: string[] = [];
  const end = playRandom(startApn, choices, (pos) => out.push(makeApn(pos)));
  out.push(makeApn(end));
  return out;
}
