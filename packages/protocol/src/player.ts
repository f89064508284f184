// Players without accounts: a generated name, a secret token kept by the browser (the server
// keeps its hash), Glicko-2 ratings (rating.ts). The name rules live here so the settings form
// and the server refuse the same names with the same words.

import type { Colour } from '@agon/engine';
import type { RatingClass, RatingView, RuleSet } from './rating.ts';
import type { Checked, Refusal } from './refusal.ts';
import type { PlayedTournament } from './tournament.ts';

/** Player ids: the same alphabet and length as game ids. */
export const PLAYER_ID = /^[a-km-np-z2-9]{10}$/;
/**
 * A transfer code: twelve characters of the same alphabet, shown in groups of four. It stands
 * for a player's token for ten minutes, once, so an identity can move to another device.
 */
export const TRANSFER_CODE = /^[a-km-np-z2-9]{12}$/;
/** How long a transfer code can be used. */
export const TRANSFER_MS = 10 * 60_000;

/** A player as anyone may see them. */
export interface PlayerView {
  readonly id: string;
  readonly name: string;
  /** A computer player (docs/bot-api.md). */
  readonly bot?: true;
  /** The standard rules' rating of each class. */
  readonly ratings: { readonly [C in RatingClass]: RatingView };
  /** The ratings under house rules (R14, R15, R16) of the categories played, if any. */
  readonly others: readonly {
    readonly class: RatingClass;
    readonly rules: RuleSet;
    readonly rating: RatingView;
  }[];
}

/** The languages a generated name can be in. */
export const NAME_LANGUAGES = ['en', 'fi', 'ru', 'hi'] as const;
/** A language of generated names. */
export type NameLanguage = (typeof NAME_LANGUAGES)[number];

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
  /** `bot`: the opponent is a computer player. */
  readonly opponent: { readonly id: string; readonly name: string; readonly bot?: true };
  readonly class: RatingClass;
  /** The rule set it was played under: its rating is that rule set's. */
  readonly rules: RuleSet;
  readonly rated: boolean;
  /** From this player's side; null while the game goes on. */
  readonly result: 'win' | 'loss' | 'draw' | 'aborted' | null;
  /** The rating before and after a settled rated game. */
  readonly ratingBefore: number | null;
  readonly ratingAfter: number | null;
  readonly at: number;
}

/** A house bot: a computer player of the server's own (docs/bot-api.md, "House bots"). */
export interface HouseBotView {
  readonly id: string;
  readonly name: string;
  /** The engine's level it plays at, 1 to 10. */
  readonly level: number;
  /** Its rating in standard blitz. */
  readonly rating: RatingView;
}

/** The house bots anyone may challenge (GET /api/bot/house), weakest first. */
export interface HouseBots {
  readonly bots: readonly HouseBotView[];
}

/** A player's page (GET /api/players/<id>). */
export interface PlayerPage extends PlayerView {
  readonly createdAt: number;
  readonly games: readonly PlayerGame[];
  /** The tournaments joined, the latest first. */
  readonly tournaments: readonly PlayedTournament[];
}

/** The shortest and longest names, counted in characters after spaces are tidied. */
export const NAME_MIN = 3;
export const NAME_MAX = 20;

/**
 * The words no name may pass for, so nobody impersonates the computer player: what it is called
 * in the four languages (refused anywhere in a name, even run together: "Computer3"), words
 * that also name a program (whole words only: "Bottle" is a fine name), and how its levels
 * are shown (a level word followed by a number: "Level 5"). The server also looks for them in
 * a name's look-alike skeleton (name-key.ts), where the browser's check cannot see.
 */
export const RESERVED_WORDS = {
  computer: ['computer', 'tietokone', 'компьютер', 'कंप्यूटर'],
  program: ['bot', 'engine', 'ai'],
  level: ['level', 'lvl', 'taso', 'уровень', 'स्तर'],
} as const;

/** A level word and a number, on the folded name. */
const LEVEL = new RegExp(`(^| )(${RESERVED_WORDS.level.join('|')}) ?\\p{Nd}`, 'u');

/** A name folded for the reserved words: lower case in any script, separators made one space. */
function foldName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

/** A name tidied as it is kept: NFC, outer spaces gone, inner runs made one. */
export function tidyName(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** The name rules, each of which a name can break, in the order they are checked. */
export const NAME_RULES = [
  'text',
  'invisible',
  'short',
  'long',
  'characters',
  'compatibility',
  'letter',
  'script',
  'digits',
  'mark',
  'computer',
] as const;
/** A name rule. */
export type NameRule = (typeof NAME_RULES)[number];

/** What each rule says when broken, in English (the app words it in the player's language). */
export const NAME_RULE_TEXT: { readonly [R in NameRule]: string } = {
  text: 'a name is text',
  invisible: 'a name has no invisible characters',
  short: `a name has at least ${NAME_MIN} characters`,
  long: `a name has at most ${NAME_MAX} characters`,
  characters: 'a name has only letters, digits, spaces, "-" and "_"',
  compatibility: 'a name has plain letters and digits, not fullwidth or mathematical ones',
  letter: 'a name has at least one letter',
  script:
    'a name is written in one script (Latin may go with Chinese, Japanese or Korean characters)',
  digits: 'the digits of a name are all of one system',
  mark: 'a name has accents and other marks only on letters of their own script',
  computer: 'a name may not pass for the computer or one of its levels',
};

/**
 * The rule whose sentence a refusal carries: the server may refuse for a reason the browser's
 * own check cannot see (a look-alike of "Computer"), and the page still words it.
 */
export function nameRuleOf(sentence: string): NameRule | undefined {
  return NAME_RULES.find((rule) => NAME_RULE_TEXT[rule] === sentence);
}

/** The refusal of a name that breaks `rule`. */
export function refuseName(rule: NameRule): { readonly ok: false; readonly error: Refusal } {
  return { ok: false, error: { code: 'bad-name', message: NAME_RULE_TEXT[rule] } };
}

// Unicode's scripts by their ISO 15924 codes (Common and Inherited go with any script). Each is
// tried in a regular expression of its own: a browser older than a script refuses its name,
// and then a letter of it belongs to no script here, which the script rule refuses.
const SCRIPTS = (
  'Adlm Aghb Ahom Arab Armi Armn Avst Bali Bamu Bass Batk Beng Berf Bhks Bopo Brah Brai Bugi ' +
  'Buhd Cakm Cans Cari Cham Cher Chrs Copt Cpmn Cprt Cyrl Deva Diak Dogr Dsrt Dupl Egyp Elba ' +
  'Elym Ethi Gara Geor Glag Gong Gonm Goth Gran Grek Gujr Gukh Guru Hang Hani Hano Hatr Hebr ' +
  'Hira Hluw Hmng Hmnp Hung Ital Java Kali Kana Kawi Khar Khmr Khoj Kits Knda Krai Kthi Lana ' +
  'Laoo Latn Lepc Limb Lina Linb Lisu Lyci Lydi Mahj Maka Mand Mani Marc Medf Mend Merc Mero ' +
  'Mlym Modi Mong Mroo Mtei Mult Mymr Nagm Nand Narb Nbat Newa Nkoo Nshu Ogam Olck Onao Orkh ' +
  'Orya Osge Osma Ougr Palm Pauc Perm Phag Phli Phlp Phnx Plrd Prti Rjng Rohg Runr Samr Sarb ' +
  'Saur Sgnw Shaw Shrd Sidd Sidt Sind Sinh Sogd Sogo Sora Soyo Sund Sunu Sylo Syrc Tagb Takr ' +
  'Tale Talu Taml Tang Tavt Tayo Telu Tfng Tglg Thaa Thai Tibt Tirh Tnsa Todr Tols Toto Tutg ' +
  'Ugar Vaii Vith Wara Wcho Xpeo Xsux Yezi Yiii Zanb'
).split(' ');

let scriptTests: readonly (readonly [string, RegExp])[] | undefined;
/** The test of each script this engine knows, made on first use. */
function knownScripts(): readonly (readonly [string, RegExp])[] {
  scriptTests ??= SCRIPTS.flatMap((script) => {
    try {
      return [[script, new RegExp(`^\\p{scx=${script}}$`, 'u')] as const];
    } catch {
      return [];
    }
  });
  return scriptTests;
}

/** A character that goes with any script: Common (digits, space, "-", "_") or Inherited. */
const ANY_SCRIPT = /^[\p{scx=Zyyy}\p{scx=Zinh}]$/u;
/** TR39's extra scripts of Han, kana, Hangul and Bopomofo: the writing systems they make up. */
const AUGMENTED: Readonly<Record<string, readonly string[]>> = {
  Hani: ['Hanb', 'Jpan', 'Kore'],
  Hira: ['Jpan'],
  Kana: ['Jpan'],
  Hang: ['Kore'],
  Bopo: ['Hanb'],
};

const scriptCache = new Map<string, ReadonlySet<string> | 'any'>();
/** A character's scripts (its Script_Extensions), or 'any' for Common and Inherited. */
function scriptsOf(char: string): ReadonlySet<string> | 'any' {
  let scripts = scriptCache.get(char);
  if (scripts === undefined) {
    scripts = ANY_SCRIPT.test(char)
      ? 'any'
      : new Set(
          knownScripts()
            .filter(([, test]) => test.test(char))
            .map(([script]) => script),
        );
    // Names are short and their letters repeat; a stranger's noise must not grow it for ever.
    if (scriptCache.size > 4096) scriptCache.clear();
    scriptCache.set(char, scripts);
  }
  return scripts;
}

/** A character's scripts with the writing systems they make up, as TR39 augments them. */
function writingSystems(scripts: ReadonlySet<string>): ReadonlySet<string> {
  return new Set([...scripts].flatMap((s) => [s, ...(AUGMENTED[s] ?? [])]));
}

/** The scripts every set shares (all of them, for no sets at all). */
function shared(sets: readonly ReadonlySet<string>[]): ReadonlySet<string> | 'all' {
  const [first, ...rest] = sets;
  return first ? new Set([...first].filter((s) => rest.every((set) => set.has(s)))) : 'all';
}

/**
 * Whether a name keeps to one script, as TR39's "highly restrictive" level has it: one script,
 * or Latin beside Han and kana (Japanese), Han and Bopomofo (Chinese) or Han and Hangul (Korean).
 */
function oneScript(name: string): boolean {
  const sets = [...name].flatMap((c) => {
    const scripts = scriptsOf(c);
    return scripts === 'any' ? [] : [writingSystems(scripts)];
  });
  const all = shared(sets);
  if (all === 'all' || all.size > 0) return true;
  const besideLatin = shared(sets.filter((s) => !s.has('Latn')));
  return besideLatin !== 'all' && ['Jpan', 'Hanb', 'Kore'].some((s) => besideLatin.has(s));
}

const DIGIT = /^\p{Nd}$/u;
/**
 * The zero of a decimal digit's system. Unicode keeps each system's ten digits together, from
 * 0 to 9, so a run of digits is whole systems from its first code point on.
 */
function digitZero(digit: number): number {
  let first = digit;
  while (DIGIT.test(String.fromCodePoint(first - 1))) first--;
  return first + Math.floor((digit - first) / 10) * 10;
}

const MARK = /^\p{M}$/u;
/**
 * A mark of no script of its own (Script=Inherited: accents, Arabic vowel marks, the kana
 * voicing marks), left over because NFC had no letter for it. By Script, not
 * Script_Extensions: the latter gives accents scripts since Unicode 16, so browsers of
 * different ages would disagree.
 */
const FREE_MARK = /^\p{sc=Zinh}$/u;
const LETTER = /^\p{L}$/u;

/**
 * Whether each mark belongs to the letter before it: a mark of that letter's own script (a
 * Devanagari vowel sign or nukta), never a free accent, nor a mark on a digit, a space or
 * nothing.
 */
function marksOnLetters(name: string): boolean {
  let base: string | undefined;
  for (const char of name) {
    if (!MARK.test(char)) {
      base = char;
      continue;
    }
    if (FREE_MARK.test(char) || base === undefined || !LETTER.test(base)) return false;
    const own = scriptsOf(base);
    const mark = scriptsOf(char);
    if (own !== 'any' && mark !== 'any' && ![...mark].some((s) => own.has(s))) return false;
  }
  return true;
}

/**
 * Whether a name has no compatibility characters: fullwidth and mathematical letters and
 * digits are the plain ones in another dress, which NFKC takes off. Thai and Lao write the
 * vowel "am" as one character that NFKC makes two: the usual spelling, not a disguise.
 */
function plainForms(name: string): boolean {
  const rest = name.replace(/[\u0E33\u0EB3]/g, '');
  return rest.normalize('NFKC') === rest;
}

/** The first name rule `text` breaks, or undefined for a good name. */
export function nameProblem(text: unknown): NameRule | undefined {
  if (typeof text !== 'string') return 'text';
  const name = tidyName(text);
  if (/[\p{Default_Ignorable_Code_Point}\p{Cf}]/u.test(name)) return 'invisible';
  const length = [...name].length;
  if (length < NAME_MIN) return 'short';
  if (length > NAME_MAX) return 'long';
  if (!/^[\p{L}\p{M}\p{Nd} _-]+$/u.test(name)) return 'characters';
  if (!plainForms(name)) return 'compatibility';
  if (!/\p{L}/u.test(name)) return 'letter';
  if (!oneScript(name)) return 'script';
  const zeros = new Set(
    [...name].filter((c) => DIGIT.test(c)).map((c) => digitZero(c.codePointAt(0)!)),
  );
  if (zeros.size > 1) return 'digits';
  if (!marksOnLetters(name)) return 'mark';
  const key = foldName(name);
  const words = key.split(' ');
  const compact = words.join('');
  if (
    RESERVED_WORDS.computer.some((w) => compact.includes(w)) ||
    RESERVED_WORDS.program.some((w) => words.includes(w)) ||
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
  if (problem) return refuseName(problem);
  return { ok: true, value: tidyName(text as string) };
}
