import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Game,
  makeAgn,
  makeApn,
  makeMoveText,
  PASS_MOVE,
  PLACEMENT_APN,
  parseAgn,
  parseCell,
  STANDARD_APN,
} from '../src/index.ts';
import { arbChoices, arbStartApn } from './arbitraries.ts';
import { load, mv, scene } from './helpers.ts';

/** The record of a parse that must succeed. */
function parsed(text: string) {
  const r = parseAgn(text);
  if (!r.ok) throw new Error(`expected a valid record: ${r.error.code} ${r.error.message}`);
  return r.value;
}

/** The error of a parse that must fail. */
function failure(text: string): { code: string; message: string } {
  const r = parseAgn(text);
  if (r.ok) throw new Error(`expected the record to be rejected:\n${text}`);
  return r.error;
}

const texts = (game: Game): string[] => game.moves.map(makeMoveText);

// The R12 scene of rules.test.ts: Black to move; c1-b1 leaves White without a legal turn.
const BLOCKED = scene(
  {
    ...{ f6: 'Q', e5: 'G', e6: 'G', f5: 'G', f7: 'G', g5: 'G', a1: 'G' },
    ...{ g6: 'g', a2: 'g', b3: 'g', c1: 'g' },
  },
  'b',
);

describe('AGN round trip', () => {
  it('writes and reads back random games: start, moves, result and tags', () => {
    const ending = fc.constantFrom('none', 'white resigns', 'black resigns', 'draw agreed');
    fc.assert(
      fc.property(arbStartApn, arbChoices(120), ending, (start, choices, end) => {
        const game = new Game(load(start));
        for (const c of choices) {
          const moves = game.legalMoves();
          if (moves.length === 0) break;
          expect(game.play(moves[c % moves.length]!).ok).toBe(true);
        }
        if (end === 'white resigns') game.resign('white');
        if (end === 'black resigns') game.resign('black');
        if (end === 'draw agreed') game.agreeDraw();
        const tags = new Map([
          ['Event', 'Round "trip" \\ test'],
          ['White', 'Ada'],
          ['Annotator', 'fast-check'],
        ]);
        const text = makeAgn(game, tags);
        const back = parsed(text);
        expect(makeApn(back.game.initial)).toBe(makeApn(game.initial));
        expect(texts(back.game)).toEqual(texts(game));
        expect(back.game.resultText).toBe(game.resultText);
        expect(back.game.outcome?.winner).toBe(game.outcome?.winner);
        expect(back.tags.get('Event')).toBe('Round "trip" \\ test');
        expect(back.tags.get('Annotator')).toBe('fast-check');
        expect(makeAgn(back.game, back.tags)).toBe(text);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps the reason when the moves themselves end the game', () => {
    const game = new Game(load(BLOCKED));
    game.play(mv('c1-b1'));
    const back = parsed(makeAgn(game));
    expect(back.game.outcome).toEqual({ winner: 'black', reason: 'no-moves' });
  });

  it('round-trips a touch-move game with a pass', () => {
    // White's queen on the throne has no step, so touching it leaves only pass (R15).
    const start = load(scene({ f6: 'Q', a1: 'G', a2: 'g', b1: 'g' }));
    const game = new Game(start, { touchMove: true });
    expect(game.touch(parseCell('f6')).ok).toBe(true);
    expect(game.play(PASS_MOVE).ok).toBe(true);
    const text = makeAgn(game);
    expect(text).toContain('[TouchMove "On"]');
    expect(text).toMatch(/1\. pass \*/);
    const back = parsed(text);
    expect(back.game.touchMove).toBe(true);
    expect(texts(back.game)).toEqual(['pass']);
    // Without the tag the same moves are illegal.
    const e = failure(text.replace('[TouchMove "On"]\n', ''));
    expect(e.code).toBe('agn-illegal');
    expect(e.message).toMatch(/pass/);
  });
});

describe('AGN QueenPlacement (R16)', () => {
  // White's f4-f5 captures Black's queen on the throne; under R16 White chose f6@a1.
  const r16Game = (): Game => {
    const game = new Game(load(scene({ f4: 'G', f7: 'G', f6: 'q' })), { captorPlacesQueen: true });
    for (const t of ['f4-f5', 'f6@a1', 'f5-e5']) expect(game.play(mv(t)).ok).toBe(true);
    return game;
  };

  it('round-trips a game under R16: the tag is written and the replay is under R16', () => {
    const text = makeAgn(r16Game());
    expect(text).toContain('[QueenPlacement "Captor"]');
    const back = parsed(text);
    expect(back.game.captorPlacesQueen).toBe(true);
    expect(texts(back.game)).toEqual(['f4-f5', 'f6@a1', 'f5-e5']);
    expect(makeAgn(back.game, back.tags)).toBe(text);
  });

  it('reads an absent tag or Owner as R10, and writes no tag for R10', () => {
    const text = makeAgn(r16Game());
    const absent = parsed(text.replace('[QueenPlacement "Captor"]\n', ''));
    expect(absent.game.captorPlacesQueen).toBe(false);
    const owner = parsed(text.replace('"Captor"', '"Owner"'));
    expect(owner.game.captorPlacesQueen).toBe(false);
    expect(makeAgn(owner.game, owner.tags)).not.toContain('QueenPlacement');
  });

  it('replays side lines under the record’s rule', () => {
    const text = makeAgn(r16Game(), new Map(), [{ at: 1, moves: [mv('f6@b1')] }]);
    const back = parsed(text);
    expect(back.variations).toHaveLength(1);
    expect(back.game.captorPlacesQueen).toBe(true);
  });

  it('refuses an unknown value, naming the tag', () => {
    const e = failure(makeAgn(r16Game()).replace('"Captor"', '"Opponent"'));
    expect(e.code).toBe('agn-queen-placement');
    expect(e.message).toMatch(/QueenPlacement "Opponent"/);
  });
});

describe('AGN side lines (an extension the reader may skip)', () => {
  const record = [
    '[Variant "Standard"]',
    '',
    '1. b1-c2 {a comment} h1-g2 (1... a2-b2 2. c2-c3 (2. f1-f2) b2-b3) 2. c2-c3 *',
  ].join('\n');

  it('reads side lines, each replayed from the move it replaces; a line inside one is read past', () => {
    const r = parsed(record);
    expect(texts(r.game)).toEqual(['b1-c2', 'h1-g2', 'c2-c3']);
    expect(r.variations.map((v) => [v.at, v.moves.map(makeMoveText)])).toEqual([
      [1, ['a2-b2', 'c2-c3', 'b2-b3']],
    ]);
  });

  it('writes side lines after the move they replace and reads them back the same', () => {
    const r = parsed(record);
    const written = makeAgn(r.game, new Map(), r.variations);
    expect(written).toContain('1. b1-c2 h1-g2 (1... a2-b2 2. c2-c3 b2-b3) 2. c2-c3 *');
    const again = parsed(written);
    expect(texts(again.game)).toEqual(texts(r.game));
    expect(again.variations).toEqual(r.variations);
  });

  it('names an illegal move of a side line, and unbalanced brackets', () => {
    expect(failure('1. b1-c2 (1. b1-b3) *')).toMatchObject({ code: 'agn-illegal' });
    expect(failure('1. b1-c2 (1. a2-b2) *').message).toMatch(/side line, move 1 a2-b2/);
    expect(failure('1. b1-c2 (1. f1-f2 *').code).toBe('agn-variation');
    expect(failure('1. b1-c2 ) *').code).toBe('agn-variation');
    expect(failure('( 1. b1-c2 ) *').code).toBe('agn-variation');
  });
});

describe('AGN reading', () => {
  it('reads the example layout of NOTATION.md', () => {
    const rec = parsed(
      [
        '[Event "Casual game"]',
        '[Date "2026.11.29"]',
        '[White "Ada"]',
        '[Black "Computer (level 4)"]',
        '[Variant "Standard"]',
        '[Result "*"]',
        '',
        '1. b1-c1 h1-g2 2. c1-b1 *',
      ].join('\n'),
    );
    expect(rec.tags.get('Black')).toBe('Computer (level 4)');
    expect(texts(rec.game)).toEqual(['b1-c1', 'h1-g2', 'c1-b1']);
    expect(rec.game.outcome).toBeUndefined();
  });

  it('rejects a record at its first illegal move, naming that move', () => {
    // c1-c3 is no step: c3 is not next to c1 (R7).
    const white = failure('1. b1-c1 h1-i1 2. c1-c3 i1-h1 *');
    expect(white.code).toBe('agn-illegal');
    expect(white.message).toMatch(/move 2 c1-c3/);
    expect(white.message).toMatch(/R7/);
    const black = failure('1. b1-c1 h1-h3 *');
    expect(black.code).toBe('agn-illegal');
    expect(black.message).toMatch(/move 1\.\.\. h1-h3/);
    const unreadable = failure('1. b1-c1 h1-zz *');
    expect(unreadable.code).toBe('agn-move');
    expect(unreadable.message).toMatch(/h1-zz/);
  });

  it('ignores comments, also those spanning lines or holding move text', () => {
    const rec = parsed('{before} 1. b1-c1 {White opens;\n 2. c1-b1? no} h1-i1 {}\n2. c1-b1 *');
    expect(texts(rec.game)).toEqual(['b1-c1', 'h1-i1', 'c1-b1']);
    expect(failure('1. b1-c1 {open').code).toBe('agn-comment');
    expect(failure('1. b1-c1 close} h1-i1').code).toBe('agn-comment');
  });

  it('starts a Placement game from the placement start', () => {
    const rec = parsed('[Variant "Placement"]\n\n1. @e5 @a1 2. @e6 *');
    expect(makeApn(rec.game.initial)).toBe(PLACEMENT_APN);
    expect(texts(rec.game)).toEqual(['@e5', '@a1', '@e6']);
    const game = new Game(load(PLACEMENT_APN));
    game.play(mv('@e5'));
    const text = makeAgn(game);
    expect(text).toContain('[Variant "Placement"]');
    expect(text).not.toContain('[Position');
    expect(failure('1. @e5 *').code).toBe('agn-illegal');
  });

  it('starts from a Position tag, numbering a Black first move 1...', () => {
    const rec = parsed(`[Position "${BLOCKED}"]\n\n1... c1-b1 0-1`);
    expect(makeApn(rec.game.initial)).toBe(BLOCKED);
    expect(rec.game.outcome).toEqual({ winner: 'black', reason: 'no-moves' });

    const game = new Game(load(scene({}, 'b')));
    for (const t of ['h9-g9', 'l1-k2', 'g9-f9', 'k2-k3']) expect(game.play(mv(t)).ok, t).toBe(true);
    const text = makeAgn(game);
    expect(text).toContain(`[Position "${scene({}, 'b')}"]`);
    expect(text).toMatch(/\n1\.\.\. h9-g9 2\. l1-k2 g9-f9 3\. k2-k3 \*\n$/);
    expect(texts(parsed(text).game)).toEqual(['h9-g9', 'l1-k2', 'g9-f9', 'k2-k3']);
  });

  it('rejects a result that contradicts the moves, in the tag or the movetext', () => {
    const body = '1... c1-b1';
    const header = `[Position "${BLOCKED}"]`;
    expect(parsed(`${header}\n[Result "0-1"]\n\n${body} 0-1`).game.resultText).toBe('0-1');
    for (const [tag, token] of [
      ['1-0', ''],
      ['', '1-0'],
      ['', '1/2-1/2'],
      ['', '*'],
      ['*', ''],
    ]) {
      const text = `${header}\n${tag ? `[Result "${tag}"]` : ''}\n\n${body} ${token}`;
      const e = failure(text);
      expect(e.code, `${tag}|${token}`).toBe('agn-result');
      expect(e.message).toMatch(/0-1/);
    }
    expect(failure('[Result "2-0"]\n\n1. b1-c1').code).toBe('agn-result');
  });

  // docs/decisions.md: a record that contradicts itself is rejected, not guessed at.
  it('rejects a Result tag that disagrees with the result token', () => {
    expect(failure('[Result "1-0"]\n\n1. b1-c1 0-1').code).toBe('agn-result');
  });

  it('reads a result the moves do not reach as resignation or agreement', () => {
    expect(parsed('1. b1-c1 0-1').game.outcome).toEqual({
      winner: 'black',
      reason: 'resignation',
    });
    expect(parsed('1. b1-c1 h1-i1 1-0').game.outcome).toEqual({
      winner: 'white',
      reason: 'resignation',
    });
    expect(parsed('1. b1-c1 1/2-1/2').game.outcome).toEqual({
      winner: undefined,
      reason: 'agreement',
    });
  });

  it('rejects moves after the end of the game', () => {
    expect(failure('1. b1-c1 0-1 h1-i1').code).toBe('agn-after-result');
    const e = failure(`[Position "${BLOCKED}"]\n\n1... c1-b1 2. a1-b2`);
    expect(e.code).toBe('agn-illegal');
    expect(e.message).toMatch(/a1-b2/);
  });

  it('rejects bad tags, variants and positions', () => {
    expect(failure('[Event Casual]\n\n1. b1-c1').code).toBe('agn-tag');
    expect(failure('[Variant "Hexapawn"]\n\n*').code).toBe('agn-variant');
    const pos = failure('[Position "6/7/8 w"]\n\n*');
    expect(pos.code).toBe('agn-position');
    expect(pos.message).toMatch(/files/);
  });

  it('reads an empty record as a game from the standard start', () => {
    const rec = parsed('');
    expect(makeApn(rec.game.initial)).toBe(STANDARD_APN);
    expect(rec.game.moves).toEqual([]);
  });

  it('never throws on arbitrary text', () => {
    const token = fc.constantFrom(
      '[Event "x"]',
      '[Variant "Placement"]',
      `[Position "${STANDARD_APN}"]`,
      '[Result "1-0"]',
      '[',
      ']',
      '"',
      '1.',
      '1...',
      'b1-c1',
      'h1-i1',
      'c1-b1',
      '@e5',
      'pass',
      '{',
      '}',
      '1-0',
      '*',
      '\n',
      ' ',
    );
    const check = (text: string) => {
      const r = parseAgn(text);
      if (!r.ok) {
        expect(r.error.code).toMatch(/^agn-/);
        expect(r.error.message.length).toBeGreaterThan(0);
      }
    };
    fc.assert(fc.property(fc.string(), check), { numRuns: 300 });
    fc.assert(
      fc.property(fc.array(token, { maxLength: 30 }), (parts) => check(parts.join(' '))),
      { numRuns: 500 },
    );
  });
});
