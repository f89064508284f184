// Colours and pieces (R3). Inside the engine a cell holds one byte: 0 when vacant, else the
// colour bit (WHITE_BIT or BLACK_BIT), QUEEN_BIT for the queen and CAPTURED_BIT while
// captured (R9). That byte also indexes the Zobrist table.

/** The two colours, White first (R5). */
export const COLOURS = ['white', 'black'] as const;
/** A colour by name. */
export type Colour = (typeof COLOURS)[number];
/** The two roles (R3). */
const ROLES = ['queen', 'guard'] as const;
/** A role by name. */
type Role = (typeof ROLES)[number];

/** Colour index of White in typed arrays. */
export const WHITE = 0;
/** Colour index of Black in typed arrays. */
export const BLACK = 1;

/** Cell byte bit: a White piece. */
export const WHITE_BIT = 1;
/** Cell byte bit: a Black piece. */
export const BLACK_BIT = 2;
/** Cell byte bit: the piece is a queen. */
export const QUEEN_BIT = 4;
/** Cell byte bit: the piece is captured and awaits relocation (R9, R10). */
export const CAPTURED_BIT = 8;

/** The cell-byte colour bit of a colour index: WHITE_BIT for 0, BLACK_BIT for 1. */
export function colourBit(colour: number): number {
  return 1 << colour;
}

/** A piece as plain data, for setups and callers outside the engine. */
export interface Piece {
  readonly colour: Colour;
  readonly role: Role;
  readonly captured: boolean;
}

/** The colour index (0 White, 1 Black) of a colour name. */
export function colourIndex(colour: Colour): 0 | 1 {
  return colour === 'white' ? 0 : 1;
}

/** The opposite colour. */
export function opposite(colour: Colour): Colour {
  return colour === 'white' ? 'black' : 'white';
}

/** Encodes a piece as its cell byte. */
export function pieceByte(piece: Piece): number {
  return (
    (piece.colour === 'white' ? WHITE_BIT : BLACK_BIT) |
    (piece.role === 'queen' ? QUEEN_BIT : 0) |
    (piece.captured ? CAPTURED_BIT : 0)
  );
}

/** Decodes a non-zero cell byte into a piece. */
export function pieceOf(byte: number): Piece {
  return {
    colour: byte & WHITE_BIT ? 'white' : 'black',
    role: byte & QUEEN_BIT ? 'queen' : 'guard',
    captured: (byte & CAPTURED_BIT) !== 0,
  };
}
