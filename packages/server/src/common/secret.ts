// Random game and player ids, seat and player tokens, transfer codes, and the hash under which a token is stored: the database
// never holds a secret that would let its reader move for a player.

import { createHash, randomBytes, randomInt } from 'node:crypto';

const ID_LETTERS = 'abcdefghijkmnpqrstuvwxyz23456789';

/** `length` random letters of the id alphabet (5 random bits each). */
function letters(length: number): string {
  let id = '';
  for (let i = 0; i < length; i++) id += ID_LETTERS[randomInt(ID_LETTERS.length)];
  return id;
}

/** A new game id: ten letters of a 32-letter alphabet (50 random bits). */
export function newGameId(): string {
  return letters(10);
}

/** A new id of a challenge or a tournament: eight letters (40 random bits). */
export function newShortId(): string {
  return letters(8);
}

/** A new player id: ten letters, like a game id. */
export function newPlayerId(): string {
  return letters(10);
}

/** A new transfer code: twelve letters (60 random bits), stored only as its hash. */
export function newTransferCode(): string {
  return letters(12);
}

/** A new seat token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
