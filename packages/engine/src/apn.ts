// APN, the one-line position text of NOTATION.md: `<board> <to-move> [<in-hand>]`.

import { CELL_COUNT, FILES, fileLength, fileStart } from './hex.ts';
import type { Piece } from './piece.ts';
import { Position } from './position.ts';
import { err, ok, type Result } from './result.ts';
import type { Setup } from './setup.ts';

/** APN of the standard start (R4). */
export const STANDARD_APN = '1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 w';
/** APN of the placement variant's start (R14). */
export const PLACEMENT_APN = '6/7/8/9/10/Q9q/10/9/8/7/6 w 6/6';

/** The two ways to begin a game: every piece on the board (R4), or guards in hand (R14). */
const VARIANTS = ['standard', 'placement'] as const;
/** One of `VARIANTS`. */
export type Variant = (typeof VARIANTS)[number];

/** A fresh start position of `variant`. */
export function startPosition(variant: Variant = 'standard'): Position {
  const parsed = parseApn(variant === 'placement' ? PLACEMENT_APN : STANDARD_APN);
  if (!parsed.ok) throw new Error(parsed.error.message); // unreachable: the constants are valid
  return parsed.value;
}

/** The variant a game starting from `pos` is played as: placement when guards are in hand. */
export function variantOf(pos: Position): Variant {
  return pos.hand[0]! > 0 || pos.hand[1]! > 0 ? 'placement' : 'standard';
}

const LETTERS: Record<string, Omit<Piece, 'captured'>> = {
  Q: { colour: 'white', role: 'queen' },
  G: { colour: 'white', role: 'guard' },
  q: { colour: 'black', role: 'queen' },
  g: { colour: 'black', role: 'guard' },
};

/** Reads APN text into a setup, naming the first thing wrong; does not validate piece counts. */
export function parseApnSetup(text: string): Result<Setup> {
  const fields = text.trim().split(' ');
  if (fields.length < 2 || fields.length > 3 || fields.some((f) => f === '')) {
    return err(
      'apn-fields',
      `an APN has a board, the side to move and optionally guards in hand, separated by single spaces; got "${text.trim()}"`,
    );
  }
  const [boardText, turnText, handText] = fields as [string, string, string | undefined];
  const files = boardText.split('/');
  if (files.length !== FILES.length) {
    return err(
      'apn-files',
      `the board field has ${files.length} files; it needs ${FILES.length}, a to l`,
    );
  }
  const board: (Piece | undefined)[] = new Array(CELL_COUNT).fill(undefined);
  for (let f = 0; f < FILES.length; f++) {
    const fileText = files[f]!;
    const name = FILES[f]!;
    const length = fileLength[f]!;
    let rank = 0;
    for (let i = 0; i < fileText.length; i++) {
      const ch = fileText[i]!;
      if (ch >= '0' && ch <= '9') {
        let j = i;
        while (j + 1 < fileText.length && fileText[j + 1]! >= '0' && fileText[j + 1]! <= '9') j++;
        const runText = fileText.slice(i, j + 1);
        if (runText.startsWith('0')) {
          return err(
            'apn-char',
            `file ${name}: "${runText}" is not a count of vacant cells (1 or more, no leading 0)`,
          );
        }
        const run = Number(runText);
        rank += run;
        i = j;
      } else {
        const piece = LETTERS[ch];
        if (!piece) {
          return err('apn-char', `file ${name}: "${ch}" is not a piece (Q G q g), a * or a number`);
        }
        const captured = fileText[i + 1] === '*';
        if (captured) i++;
        rank++;
        if (rank <= length) board[fileStart[f]! + rank - 1] = { ...piece, captured };
      }
      if (rank > length) {
        return err(
          'apn-file-length',
          `file ${name} has ${length} cells, but "${fileText}" describes more`,
        );
      }
    }
    if (rank !== length) {
      return err(
        'apn-file-length',
        `file ${name} has ${length} cells, but "${fileText}" adds up to ${rank}`,
      );
    }
  }
  if (turnText !== 'w' && turnText !== 'b') {
    return err('apn-turn', `the side to move is "w" or "b", not "${turnText}"`);
  }
  let hand = { white: 0, black: 0 };
  if (handText !== undefined) {
    const m = /^([0-6])\/([0-6])$/.exec(handText);
    if (!m) {
      return err(
        'apn-hand',
        `guards in hand are written as White's and Black's counts 0-6, like 6/6; got "${handText}"`,
      );
    }
    hand = { white: Number(m[1]), black: Number(m[2]) };
  }
  return ok({ board, turn: turnText === 'w' ? 'white' : 'black', hand });
}

/** Reads APN text into a valid position. */
export function parseApn(text: string): Result<Position> {
  const setup = parseApnSetup(text);
  return setup.ok ? Position.fromSetup(setup.value) : setup;
}

/** A piece's APN letter: `Q` `G` White's queen and guard, `q` `g` Black's; no captured mark. */
export function pieceLetter(piece: Piece): string {
  const letter = piece.role === 'queen' ? 'Q' : 'G';
  return piece.colour === 'white' ? letter : letter.toLowerCase();
}

/** Writes a setup or position as APN; the in-hand field appears only while guards remain. */
export function makeApn(pos: Setup | Position): string {
  const setup = pos instanceof Position ? pos.toSetup() : pos;
  const files: string[] = [];
  for (let f = 0; f < FILES.length; f++) {
    let s = '';
    let vacant = 0;
    for (let c = fileStart[f]!; c < fileStart[f + 1]!; c++) {
      const p = setup.board[c];
      if (!p) {
        vacant++;
        continue;
      }
      if (vacant) s += vacant;
      vacant = 0;
      s += pieceLetter(p) + (p.captured ? '*' : '');
    }
    if (vacant) s += vacant;
    files.push(s);
  }
  const hand =
    setup.hand.white || setup.hand.black ? ` ${setup.hand.white}/${setup.hand.black}` : '';
  return `${files.join('/')} ${setup.turn === 'white' ? 'w' : 'b'}${hand}`;
}
