import {
  CELL_COUNT,
  explainIllegal,
  Game,
  makeMove,
  NO_CELL,
  PASS,
  PLACEMENT,
  PLACEMENT_APN,
  parseApn,
  parseCell,
  RELOCATION,
  STANDARD_APN,
  STEP,
  seededRandom,
} from '@agon/engine';
import { describe, expect, it } from 'vitest';
import { agnProblem, apnProblem } from '../src/app/record-problem.ts';
import { refusal } from '../src/app/refusal.ts';

const c = parseCell;

function position(apn: string) {
  const p = parseApn(apn);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

const rules = (text: string): string[] => [...new Set(text.match(/R\d+/g))].sort();

describe('refusal', () => {
  it('explains each refused move as the engine does, citing the same rules', () => {
    const random = seededRandom(2024);
    const pick = (n: number) => Math.floor(random() * n);
    let compared = 0;
    for (const start of [STANDARD_APN, PLACEMENT_APN]) {
      for (let g = 0; g < 12; g++) {
        const game = new Game(position(start));
        for (let ply = 0; ply < 40 && !game.outcome; ply++) {
          const pos = game.position;
          for (let k = 0; k < 40; k++) {
            const kind = [STEP, RELOCATION, PLACEMENT, PASS][pick(4)]!;
            const from = kind === PLACEMENT || kind === PASS ? NO_CELL : pick(CELL_COUNT);
            const to = kind === PASS ? NO_CELL : pick(CELL_COUNT);
            const move = makeMove(kind, from, to);
            const engine = explainIllegal(pos, move);
            const ours = refusal(pos, move);
            expect(ours === undefined).toBe(engine === undefined);
            if (engine && ours) {
              expect({ move, rules: rules(ours()) }).toEqual({
                move,
                rules: rules(engine.message),
              });
              compared++;
            }
          }
          const legal = game.legalMoves();
          game.play(legal[pick(legal.length)]!);
        }
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it('names the two enemy pieces that make a cell forbidden (R8)', () => {
    const pos = position('1g3G/6g/1G6/g7G/10/Q9q/10/7G1/1g5g/G6/1g2G1 w');
    expect(refusal(pos, makeMove(STEP, c('k1'), c('k2')))?.()).toBe(
      'k2 lies between two Black pieces, on l2 and i2: no step may end there (R8).',
    );
  });

  it('sends a captured guard to the outer ring, and the queen first (R10)', () => {
    const guard = position('1g4/1G1G3/8/7g1/Q1g5G*1/9q1/10/2g3G2/6g1/G1G4/1g4 w');
    expect(refusal(guard, makeMove(RELOCATION, c('e9'), c('e8')))?.()).toBe(
      'A captured guard goes to a vacant cell of the outer ring, and e8 is in ring 3 (R10).',
    );
    const both = position('1g4/1G1G3/8/7g1/Q*1g5G*1/9q1/10/2g3G2/6g1/G1G4/1g4 w');
    expect(refusal(both, makeMove(RELOCATION, c('e9'), c('f1')))?.()).toBe(
      'The captured queen on e1 is relocated before any guard (R10).',
    );
  });
});

describe('record problems', () => {
  it('names the illegal move of a record and why, in words of the app', () => {
    const text = '[Variant "Standard"]\n\n1. b1-c2 h1-g2 2. f1-f5 *';
    const problem = agnProblem(text, { code: 'agn-illegal', message: '' });
    expect(problem()).toBe(
      'That is not a valid game record (AGN): move 2 f1-f5 is illegal. f1 and f5 are not adjacent; a step goes to a neighbouring cell (R7).',
    );
    expect(agnProblem('1. b1-c2 h1-g2 2... x9', { code: 'agn-move', message: '' })()).toBe(
      'That is not a valid game record (AGN): move 2 “x9” is not a move.',
    );
    expect(agnProblem('', { code: 'agn-variant', message: '' })()).toMatch(/Variant/);
  });

  it('says what is wrong with a position by the engine’s code', () => {
    expect(apnProblem({ code: 'queen-count', message: '' })()).toBe(
      'That is not a valid position (APN): each player has exactly one queen (R3).',
    );
    expect(apnProblem({ code: 'something-new', message: '' })()).toBe(
      'That is not a valid position (APN).',
    );
  });
});
