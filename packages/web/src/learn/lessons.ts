// The tutorial's lessons: a position, and a judge of the learner's legal moves. An illegal
// move never reaches the judge: the board refuses it and the rules say why (R7-R10).

import {
  cellName,
  type Move,
  moveFrom,
  moveTo,
  type Position,
  parseCell,
  ring,
} from '@agon/engine';
import type { PlainLearnKey } from './words.ts';

/** One lesson of the tutorial. */
export interface Lesson {
  /** The prefix of its words: `l1.title`, `l1.task`, `l1.success`. */
  readonly id: 'l1' | 'l2' | 'l3' | 'l4' | 'l5' | 'l6' | 'l7' | 'l8' | 'l9';
  /** The position, the learner's (White's) choice to make (APN). */
  readonly apn: string;
  /** R16: the captor chooses a captured queen's cell, so White may choose Black's turn. */
  readonly captorPlacesQueen?: boolean;
  /** The cells the task speaks of, marked on the board: the pieces to move, the cells to reach. */
  readonly marks: readonly number[];
  /** Judges a legal move: undefined when it is the one asked for, else what to say instead. */
  readonly judge: (move: Move, before: Position, after: Position) => PlainLearnKey | undefined;
}

const cells = (names: string): number[] => names.split(' ').map(parseCell);

const at = (move: Move): [string, string] => [cellName(moveFrom(move)), cellName(moveTo(move))];

/** The lessons, in order. */
export const LESSONS: readonly Lesson[] = [
  {
    id: 'l1',
    marks: cells('b1'),
    apn: '1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 w',
    judge: (move) => {
      const from = moveFrom(move);
      if (from !== parseCell('b1')) return 'l1.otherPiece';
      return ring[moveTo(move)]! < ring[from]! ? undefined : 'l1.sideways';
    },
  },
  {
    id: 'l2',
    marks: cells('e5 f6'),
    apn: '1g2G1/G5g/8/g7G/4Q5/10q/4G5/g8/8/G5g/1g2G1 w',
    judge: (move) => (at(move).join('-') === 'e5-f6' ? undefined : 'l2.other'),
  },
  {
    id: 'l3',
    marks: cells('k1 k2'),
    apn: '1g3G/6g/1G6/g7G/10/Q9q/10/7G1/1g5g/G6/1g2G1 w',
    judge: (move) => (at(move)[0] === 'k1' ? undefined : 'l3.otherPiece'),
  },
  {
    id: 'l4',
    marks: cells('c7'),
    apn: '4G1/G6/3g2g1/g6G1/10/11/Q8q/g7G/8/1G4g/1g2G1 w',
    judge: (move, before) =>
      before.capturedBy(move).includes(parseCell('c7')) ? undefined : 'l4.noCapture',
  },
  {
    id: 'l5',
    marks: cells('e9'),
    apn: '1g4/1G1G3/8/7g1/Q1g5G*1/9q1/10/2g3G2/6g1/G1G4/1g4 w',
    judge: () => undefined,
  },
  {
    id: 'l6',
    marks: cells('e1 e9'),
    apn: '1g4/1G1G3/8/7g1/Q*1g5G*1/9q1/10/2g3G2/6g1/G1G4/1g4 w',
    judge: () => undefined,
  },
  // Five White guards around the throne and g6 open; the queen on the throne, a guard on h6.
  {
    id: 'l7',
    marks: cells('e5 e6 f5 f7 g5 g6'),
    apn: '1g4/6g/8/g8/4GG4/4GQG3q/4G5/g4G3/8/6g/1g4 w',
    judge: (move, _, after) => {
      if (after.outcome()?.winner === 'white') return undefined;
      return at(move)[1] === 'g6' ? 'l7.gap' : 'l7.other';
    },
  },
  // The same ring around an empty throne; the queen on h6 and a guard on h5 both touch g6.
  {
    id: 'l8',
    marks: cells('h6 g6'),
    apn: '1g4/6g/8/g8/4GG4/4G1G3q/4G5/g3GQ3/8/6g/1g4 w',
    judge: (move, _, after) => {
      if (at(move).join('-') === 'h6-g6') return undefined;
      return after.outcome() ? 'l8.closes' : 'l8.other';
    },
  },
  // R16: White captured Black's queen on d4 and chooses her cell; g6, the gap in White's
  // ring, is where her owner would put her under R10.
  {
    id: 'l9',
    marks: cells('d4 g6 h5'),
    apn: '3g2/7/7g/3q*5/4GG3g/4GQG4/4G3g1/g3G4/7g/7/6 b',
    captorPlacesQueen: true,
    judge: (move) => (at(move)[1] === 'g6' ? 'l9.gap' : undefined),
  },
];
