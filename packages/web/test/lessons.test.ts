import { CELL_COUNT, cellName, Game, parseApn, parseCell, parseMoveText } from '@agon/engine';
import { describe, expect, it } from 'vitest';
import { DIAGRAMS, lineThrough } from '../src/learn/diagrams.ts';
import { LessonGame } from '../src/learn/lesson-game.ts';
import { LESSONS, type Lesson } from '../src/learn/lessons.ts';
import { en } from '../src/learn/text/en.ts';

function setUp(lesson: Lesson): Game {
  const p = parseApn(lesson.apn);
  if (!p.ok) throw new Error(p.error.message);
  return new Game(p.value, { captorPlacesQueen: lesson.captorPlacesQueen ?? false });
}

/** What the lesson says to a legal move given as text: undefined when it is the one asked. */
function verdict(lesson: Lesson, text: string): string | undefined {
  const game = setUp(lesson);
  const parsed = parseMoveText(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  expect(game.legalMoves()).toContain(parsed.value);
  const before = game.position.clone();
  const after = before.clone();
  after.make(parsed.value);
  return lesson.judge(parsed.value, before, after);
}

/** For each lesson: moves it accepts, and legal moves it turns down with what it says. */
const CASES: Record<string, { accept: string[]; refuse: [string, string][] }> = {
  l1: {
    accept: ['b1-b2', 'b1-c2'],
    refuse: [
      ['b1-a1', 'l1.sideways'],
      ['k1-k2', 'l1.otherPiece'],
    ],
  },
  l2: { accept: ['e5-f6'], refuse: [['g5-g6', 'l2.other']] },
  l3: { accept: ['k1-l1', 'k1-i1'], refuse: [['c2-c3', 'l3.otherPiece']] },
  l4: { accept: ['a5-b6'], refuse: [['b1-b2', 'l4.noCapture']] },
  l5: { accept: ['e9@f1', 'e9@a1'], refuse: [] },
  l6: { accept: ['e1@f6', 'e1@a1'], refuse: [] },
  l7: {
    accept: ['h6-g6'],
    refuse: [
      ['g5-g6', 'l7.gap'],
      ['h6-h5', 'l7.other'],
    ],
  },
  l8: {
    accept: ['h6-g6'],
    refuse: [
      ['h5-g6', 'l8.closes'],
      ['h5-h4', 'l8.other'],
    ],
  },
  // R16: any cell but g6, where the owner would put her.
  l9: { accept: ['d4@a1', 'd4@l1', 'd4@f11'], refuse: [['d4@g6', 'l9.gap']] },
};

describe('the tutorial lessons', () => {
  it('are nine valid positions, White to choose, none of them over', () => {
    expect(LESSONS.map((l) => l.id)).toEqual([
      'l1',
      'l2',
      'l3',
      'l4',
      'l5',
      'l6',
      'l7',
      'l8',
      'l9',
    ]);
    for (const lesson of LESSONS) {
      const game = setUp(lesson);
      // In l9 it is Black's turn, but by R16 White, the captor, chooses it.
      expect(game.chooser).toBe('white');
      expect(game.outcome).toBeUndefined();
    }
  });

  it.each(LESSONS.map((l) => [l.id, l] as const))(
    '%s accepts the move it asks for and explains the others',
    (id, lesson) => {
      const { accept, refuse } = CASES[id]!;
      for (const text of accept) expect(verdict(lesson, text)).toBeUndefined();
      for (const [text, why] of refuse) expect(verdict(lesson, text)).toBe(why);
    },
  );

  it.each(LESSONS.map((l) => [l.id, l] as const))(
    '%s marks every cell its task names, and only cells of the board',
    (id, lesson) => {
      const named = en[`${id}.task`].match(/\b[a-l]\d{1,2}\b/g) ?? [];
      const marked = lesson.marks.map(cellName);
      for (const cell of named) expect(marked).toContain(cell);
      expect(lesson.marks.length).toBeGreaterThan(0);
      for (const c of lesson.marks) expect(c >= 0 && c < CELL_COUNT).toBe(true);
    },
  );
});

describe('a lesson on the board', () => {
  const lesson = (id: Lesson['id']): Lesson => LESSONS.find((l) => l.id === id)!;

  it('says where a piece picked up may go, and why a tap is refused', () => {
    const game = new LessonGame(lesson('l3').apn);
    expect(game.pickedUp(parseCell('k1'))()).toBe('Guard on k1 picked up: 2 legal destinations.');
    expect(game.refused(parseCell('k1'), parseCell('k2'))()).toBe(
      'k2 lies between two Black pieces, on l2 and i2: no step may end there.',
    );
    expect(game.boardConfig.value.movable?.blocked?.get(parseCell('k1'))).toEqual([
      parseCell('k2'),
    ]);
  });

  it('plays a tapped move and shows it, the piece owed picked up already', () => {
    const game = new LessonGame(lesson('l4').apn);
    const move = game.legalMove(parseCell('a5'), parseCell('b6'));
    expect(move).toBeDefined();
    expect(game.legalMove(parseCell('a5'), parseCell('a7'))).toBeUndefined();
    game.play(move!);
    const config = game.boardConfig.value;
    expect(config.lastMove?.map(cellName)).toEqual(['a5', 'b6']);
    expect(config.selected).toBe(parseCell('c7'));
    expect(game.pickedUp(parseCell('c7'))()).toMatch(/^Black’s guard on c7 was captured/);
  });
});

describe('the captor’s lesson (R16)', () => {
  it('has White pick up Black’s captured queen and says whose choice it is', () => {
    const l9 = LESSONS.find((l) => l.id === 'l9')!;
    const game = new LessonGame(l9.apn, l9.captorPlacesQueen);
    const config = game.boardConfig.value;
    expect(config.selected).toBe(parseCell('d4'));
    expect(config.movable?.dests.get(parseCell('d4'))).toContain(parseCell('g6'));
    expect(game.pickedUp(parseCell('d4'))()).toMatch(/^White captured Black’s queen: White, /);
  });
});

describe('the lines of R2 on the rules page', () => {
  it('are the three lines through d5, each edge to edge through two opposite neighbours', () => {
    const lines = (DIAGRAMS.lines.lines ?? []).map((l) => l.map(cellName).join(' '));
    expect(lines).toEqual([
      'd1 d2 d3 d4 d5 d6 d7 d8 d9',
      'a5 b5 c5 d5 e5 f5 g4 h3 i2 k1',
      'a2 b3 c4 d5 e6 f7 g7 h7 i7 k7',
    ]);
  });

  it('never have a corner cell between two cells of the line', () => {
    for (const corner of ['a1', 'a6', 'f11', 'l6', 'l1', 'f1'].map(parseCell)) {
      for (let d = 0; d < 3; d++) {
        const line = lineThrough(corner, d);
        expect([line[0], line.at(-1)]).toContain(corner);
      }
    }
  });
});
