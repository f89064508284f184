import { Game, parseApn, parseMoveText } from '@agon/engine';
import { describe, expect, it } from 'vitest';
import { LESSONS, type Lesson } from '../src/learn/lessons.ts';

function setUp(lesson: Lesson): Game {
  const p = parseApn(lesson.apn);
  if (!p.ok) throw new Error(p.error.message);
  return new Game(p.value);
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
};

describe('the tutorial lessons', () => {
  it('are eight valid positions, White to move, none of them over', () => {
    expect(LESSONS.map((l) => l.id)).toEqual(['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8']);
    for (const lesson of LESSONS) {
      const game = setUp(lesson);
      expect(game.position.turnColour).toBe('white');
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
});
