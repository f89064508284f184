// How names are compared: by what they look like, not by their code points, so that nobody
// takes a name that reads as another player's or as the computer's. This module carries
// Unicode's table of confusable characters (~100 KB), so it is a subpath of its own
// (`@agon/protocol/name-key`) that only the server loads: the index, which the browser
// bundles, never imports it.

import unhomoglyph from 'unhomoglyph';
import { checkName, RESERVED_WORDS, refuseName } from './player.ts';
import type { Checked } from './refusal.ts';

/**
 * TR39's skeleton: NFD, each character replaced by its prototype in confusables.txt
 * (unhomoglyph's table), NFD again. Cyrillic "е" and Latin "e" have the same skeleton.
 */
function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/** Characters that show nothing: the name rules refuse them, and the key does not see them. */
function visible(text: string): string {
  return text.replace(/\p{Default_Ignorable_Code_Point}+/gu, '');
}

/**
 * The skeleton folded further, separators left as they are. Case first, to capitals: Cyrillic
 * "б" and "Б" have skeletons of their own, and capitals are where Cyrillic and Greek look most
 * like Latin ("ВОТ", "BOT"). Then the skeleton of the lower case, where Latin looks like
 * itself ("rn" and "m"), and "i" made "l" as the skeleton makes "I" and "1": the four are
 * easily taken for one another in a sans-serif face.
 */
function folded(text: string): string {
  return skeleton(skeleton(visible(text).toUpperCase()).toLowerCase()).replace(/i/g, 'l');
}

/** Runs of spaces, "_" and "-" as one space, and none at the ends. */
const spaced = (text: string): string => text.replace(/[\s_-]+/g, ' ').trim();

/**
 * The key a name is unique by: its skeleton, case folded, "i", "l", "I" and "1" alike, runs
 * of spaces, "_" and "-" one space. "Swift Heron 42" has the key of "swift_heron 42", of
 * "Swlft Heron 42" and of the name with a Cyrillic "е" in it.
 */
export function nameKey(name: string): string {
  return spaced(folded(name));
}

/** The key with digits left as they are (the skeleton makes 0 "O" and 1 "l"). */
function digitsKept(name: string): string {
  return spaced(name.replace(/\P{Nd}+/gu, folded));
}

/** Text matched as itself in a regular expression. */
const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The reserved words as keys. */
const COMPUTER = RESERVED_WORDS.computer.map(nameKey);
const PROGRAM = RESERVED_WORDS.program.map(nameKey);
/**
 * A level word followed by a number, on the key with digits kept: a letter of the word may
 * be the digit it looks like ("Leve1 5"), and the number a word of look-alikes ("Level lO").
 */
const LEVEL = new RegExp(
  `(?:^| )(?:${RESERVED_WORDS.level
    .map((w) => literal(nameKey(w)).replace(/l/g, '[l1]').replace(/o/g, '[o0]'))
    .join('|')}) ?(?:\\p{Nd}|[\\p{Nd}lo]+(?: |$))`,
  'u',
);

/**
 * Whether a name reads as the computer, one of its levels or a program, by its skeleton: the
 * rules of nameProblem applied to what the name looks like ("C0mputer", Greek "ΒΟΤ").
 */
export function passesForComputer(name: string): boolean {
  const words = nameKey(name).split(' ');
  const compact = words.join('');
  return (
    COMPUTER.some((w) => compact.includes(w)) ||
    PROGRAM.some((w) => words.includes(w)) ||
    LEVEL.test(digitsKept(name))
  );
}

/**
 * The name rules as the server applies them: checkName's, then the reserved words looked for
 * in the name's skeleton, refused with the computer rule's sentence.
 */
export function checkNameStrictly(text: unknown): Checked<string> {
  const checked = checkName(text);
  if (!checked.ok) return checked;
  return passesForComputer(checked.value) ? refuseName('computer') : checked;
}
