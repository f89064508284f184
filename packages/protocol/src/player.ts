// Players without accounts: a generated name, a secret token kept by the browser (the server
// keeps its hash), one Glicko-2 rating per class of time control. The name rules live here so
// the settings form and the server refuse the same names with the same words.

import type { Colour } from '@agon/engine';
import type { Checked } from './validate.ts';

/** Player ids: the same alphabet and length as game ids. */
export const PLAYER_ID = /^[a-km-np-z2-9]{10}$/;
/**
 * A transfer code: twelve characters of the same alphabet, shown in groups of four. It stands
 * for a player's token for ten minutes, once, so an identity can move to another device.
 */
export const TRANSFER_CODE = /^[a-km-np-z2-9]{12}$/;
/** How long a transfer code can be used. */
export const TRANSFER_MS = 10 * 60_000;

/** The classes of time control that each have their own rating, shortest first. */
export const RATING_CLASSES = ['bullet', 'blitz', 'rapid', 'classical'] as const;
/** A class of time control. */
export type RatingClass = (typeof RATING_CLASSES)[number];

/**
 * The class of a time control by its expected length, initial + 40 increments (as lichess
 * counts): under 3 minutes bullet, under 8 blitz, under 25 rapid, else classical.
 */
export function ratingClass(clock: {
  readonly initial: number;
  readonly increment: number;
}): RatingClass {
  const seconds = (clock.initial + 40 * clock.increment) / 1000;
  return seconds < 180
    ? 'bullet'
    : seconds < 480
      ? 'blitz'
      : seconds < 1500
        ? 'rapid'
        : 'classical';
}

/** A Glicko-2 rating: the estimate, its deviation and its volatility. */
export interface Rating {
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
}

/** Where every player starts, in online play and in puzzles alike. */
export const START_RATING: Rating = { rating: 1500, rd: 350, vol: 0.06 };

/** Glicko-2's system constant (how fast volatility may change), lichess's choice. */
export const GLICKO_TAU = 0.75;

/** A rating as shown: rounded, and provisional ("1500?") while its deviation is high. */
export interface RatingView {
  readonly rating: number;
  readonly provisional: boolean;
  readonly games: number;
}

/** A player as anyone may see them. */
export interface PlayerView {
  readonly id: string;
  readonly name: string;
  readonly ratings: { readonly [C in RatingClass]: RatingView };
}

/** A player beside a board or in a list: the name and the rating that counts there. */
export interface PlayerBrief {
  readonly id: string;
  readonly name: string;
  readonly rating: RatingView;
}

/** The answer that makes a device a player (POST /api/players, or a transfer code taken). */
export interface Identity {
  readonly id: string;
  readonly name: string;
  /** The secret that is the identity: kept by the browser, never sent again. */
  readonly token: string;
}

/** One game in a player's history, as the player page lists it. */
export interface PlayerGame {
  readonly game: string;
  readonly colour: Colour;
  readonly opponent: { readonly id: string; readonly name: string };
  readonly class: RatingClass;
  readonly rated: boolean;
  /** From this player's side; null while the game goes on. */
  readonly result: 'win' | 'loss' | 'draw' | 'aborted' | null;
  /** The rating before and after a settled rated game. */
  readonly ratingBefore: number | null;
  readonly ratingAfter: number | null;
  readonly at: number;
}

/** A player's page (GET /api/players/<id>). */
export interface PlayerPage extends PlayerView {
  readonly createdAt: number;
  readonly games: readonly PlayerGame[];
}

/** The shortest and longest names, counted in characters after spaces are tidied. */
export const NAME_MIN = 3;
export const NAME_MAX = 20;

/**
 * What the computer player is called in the four languages: no name contains it, even run
 * together with other words ("Computer3"), so nobody passes for it.
 */
const COMPUTER = ['computer', 'tietokone', 'компьютер', 'कंप्यूटर'];
/** Words that also name a program, refused as whole words only ("Bottle" is a fine name). */
const PROGRAM_WORDS = ['bot', 'engine', 'ai'];
/** "Level 5" and the like: how the computer's levels are shown, in the four languages. */
const LEVEL = /(^|\s)(level|lvl|taso|уровень|स्तर)[\s_-]*\d/u;

/** A name as compared for uniqueness: case and width folded, spaces collapsed. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLocaleLowerCase('und').replace(/\s+/g, ' ').trim();
}

/** A name tidied as it is kept: NFC, outer spaces gone, inner runs made one. */
export function tidyName(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** The name rules, each of which a name can break. */
export const NAME_RULES = ['text', 'short', 'long', 'characters', 'letter', 'computer'] as const;
/** A name rule. */
export type NameRule = (typeof NAME_RULES)[number];

/** What each rule says when broken, in English (the app words it in the player's language). */
const NAME_RULE_TEXT: { readonly [R in NameRule]: string } = {
  text: 'a name is text',
  short: `a name has at least ${NAME_MIN} characters`,
  long: `a name has at most ${NAME_MAX} characters`,
  characters: 'a name has only letters, digits, spaces, "-" and "_"',
  letter: 'a name has at least one letter',
  computer: 'a name may not pass for the computer or one of its levels',
};

/** The first name rule `text` breaks, or undefined for a good name. */
export function nameProblem(text: unknown): NameRule | undefined {
  if (typeof text !== 'string') return 'text';
  const name = tidyName(text);
  const length = [...name].length;
  if (length < NAME_MIN) return 'short';
  if (length > NAME_MAX) return 'long';
  if (!/^[\p{L}\p{M}\p{Nd} _-]+$/u.test(name)) return 'characters';
  if (!/[\p{L}]/u.test(name)) return 'letter';
  const key = nameKey(name);
  const words = key.split(/[\s_-]+/);
  const compact = words.join('');
  if (
    COMPUTER.some((w) => compact.includes(w)) ||
    PROGRAM_WORDS.some((w) => words.includes(w)) ||
    LEVEL.test(key)
  ) {
    return 'computer';
  }
  return undefined;
}

/**
 * Checks a display name: 3–20 letters, digits, spaces, `-` or `_`, and nothing that passes for
 * the computer. Answers the name tidied, or a refusal saying which rule it breaks.
 */
export function checkName(text: unknown): Checked<string> {
  const problem = nameProblem(text);
  if (problem) return { ok: false, error: { code: 'bad-name', message: NAME_RULE_TEXT[problem] } };
  return { ok: true, value: tidyName(text as string) };
}
