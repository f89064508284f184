import { describe, expect, it } from 'vitest';
import {
  explainIllegal,
  Game,
  makeApn,
  makeMoveText,
  parseCell,
  STANDARD_APN,
} from '../src/index.ts';
import { load, mv, scene } from './helpers.ts';

describe('Game', () => {
  it('plays legal moves and records them', () => {
    const game = new Game(load(STANDARD_APN));
    expect(game.play(mv('b1-c1'))).toEqual({ ok: true, value: undefined });
    expect(game.play(mv('h1-i1')).ok).toBe(true);
    expect(game.moves.map(makeMoveText)).toEqual(['b1-c1', 'h1-i1']);
    expect(game.position.turnColour).toBe('white');
    expect(game.resultText).toBe('*');
  });

  it('refuses an illegal move with the explanation, changing nothing', () => {
    const game = new Game(load(STANDARD_APN));
    const r = game.play(mv('b1-b3'));
    expect(r.ok).toBe(false);
    expect(r.ok || r.error).toEqual(explainIllegal(load(STANDARD_APN), mv('b1-b3')));
    expect(game.moves).toEqual([]);
    expect(makeApn(game.position)).toBe(STANDARD_APN);
  });

  it('copies its start position in and out', () => {
    const start = load(STANDARD_APN);
    const game = new Game(start);
    start.make(start.legalMoves()[0]!);
    expect(makeApn(game.position)).toBe(STANDARD_APN);
    game.play(mv('b1-c1'));
    const initial = game.initial;
    initial.make(initial.legalMoves()[0]!);
    expect(makeApn(game.initial)).toBe(STANDARD_APN);
  });

  it('takes moves back, the result with them', () => {
    const game = new Game(
      load(scene({ f6: 'Q', e5: 'G', e6: 'G', f5: 'G', f7: 'G', g5: 'G', h5: 'G' })),
    );
    const before = makeApn(game.position);
    game.play(mv('h5-g6'));
    expect(game.outcome?.winner).toBe('white');
    expect(game.undo()).toBe(true);
    expect(game.outcome).toBeUndefined();
    expect(makeApn(game.position)).toBe(before);
    expect(game.moves).toEqual([]);
    expect(game.undo()).toBe(false);
  });

  it('ends by resignation or agreement, and plays nothing after', () => {
    const resigned = new Game(load(STANDARD_APN));
    resigned.resign('white');
    expect(resigned.outcome).toEqual({ winner: 'black', reason: 'resignation' });
    expect(resigned.resultText).toBe('0-1');
    expect(resigned.legalMoves()).toEqual([]);
    const r = resigned.play(mv('b1-c1'));
    expect(r.ok || r.error.code).toBe('game-over');
    // A finished game stays finished the way it ended.
    resigned.agreeDraw();
    expect(resigned.outcome?.reason).toBe('resignation');

    const drawn = new Game(load(STANDARD_APN));
    drawn.agreeDraw();
    expect(drawn.outcome).toEqual({ winner: undefined, reason: 'agreement' });
    expect(drawn.resultText).toBe('1/2-1/2');
  });

  it('clears the touched piece when a move is taken back', () => {
    const game = new Game(load(STANDARD_APN), { touchMove: true });
    game.play(mv('b1-c1'));
    game.touch(parseCell('h1'));
    expect(game.undo()).toBe(true);
    expect(game.touched).toBe(-1);
    expect(game.legalMoves()).toHaveLength(27);
  });
});
