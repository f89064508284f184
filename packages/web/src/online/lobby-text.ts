// The lobby's and player pages' figures as people read them: a wait, a time control, a rating
// and its change, a rule set, a game's terms, a transfer code, and a refused name or a lobby's
// refusal in the player's own words.

import {
  DAY_MS,
  type GameView,
  type HouseRule,
  isCorrespondence,
  NAME_MAX,
  NAME_MIN,
  type NameRule,
  nameProblem,
  nameRuleOf,
  type Pace,
  paceOf,
  type RatingView,
  type Refusal,
  type RuleSet,
  ratingClass,
  type TimeControl,
} from '@agon/protocol';
import { language } from '../i18n/translations.ts';
import { words } from './strings.ts';
import { ot } from './text.ts';

/** The lobby's refusals, in words; the rest are the game's (strings.ts). */
const REFUSALS = {
  busy: 'refusal.busy',
  'no-such-challenge': 'refusal.noSuchChallenge',
  'own-challenge': 'refusal.ownChallenge',
  'challenges-closed': 'refusal.challengesClosed',
  'too-many-challenges': 'refusal.tooManyChallenges',
  'no-such-player': 'refusal.noSuchPlayer',
} as const;

/** A refusal of the lobby's, in words. */
export function lobbyRefusalText(m: Refusal): string {
  return Object.hasOwn(REFUSALS, m.code)
    ? ot(REFUSALS[m.code as keyof typeof REFUSALS])
    : words.refusal(m.code, m.message);
}

/** A wait so far: `0:07`, `1:23`, `12:05`. */
export function elapsedText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const FRACTIONS: Readonly<Record<number, string>> = { 0.25: '¼', 0.5: '½', 0.75: '¾' };

/** A time control as lichess writes it, minutes + seconds: `3+2`, `½+0`, `1½+1`. */
export function timeControlText(clock: TimeControl): string {
  const minutes = clock.initial / 60_000;
  const whole = Math.floor(minutes);
  const part = FRACTIONS[minutes - whole];
  const shown = part ? `${whole || ''}${part}` : String(Math.round(minutes * 10) / 10);
  return `${shown}+${Math.round(clock.increment / 1000)}`;
}

/** A pace as shown: a time control (`5+3`), or days per move (`3 days`). */
export function paceText(pace: Pace): string {
  return isCorrespondence(pace) ? ot('pace.days', { count: pace.days }) : timeControlText(pace);
}

/**
 * A correspondence player's time left, to the hour, as its days and its hours (`2 d`, `05 h`),
 * which a seat's clock stacks to leave the name its room; nothing under a day.
 */
export function daysLeftParts(ms: number): readonly [string, string] | undefined {
  if (ms < DAY_MS) return undefined;
  const hours = Math.floor(ms / 3_600_000);
  return [
    ot('pace.leftDays', { days: Math.floor(hours / 24) }),
    ot('pace.leftHours', { hours: String(hours % 24).padStart(2, '0') }),
  ];
}

/** A correspondence player's time left, to the hour: `2 d 05 h`; under a day, as a clock. */
export function daysLeftText(ms: number, clock: (ms: number) => string): string {
  return daysLeftParts(ms)?.join(' ') ?? clock(ms);
}

/** A correspondence deadline as a date and time in the player's language: `5 Dec 2026, 14:03`. */
export function deadlineText(at: number): string {
  return new Intl.DateTimeFormat(language.value, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);
}

/** A rating as shown: `1500`, or `1500?` while provisional. */
export function ratingText(r: Pick<RatingView, 'rating' | 'provisional'>): string {
  return `${Math.round(r.rating)}${r.provisional ? '?' : ''}`;
}

/** A rating's change by `d` points: `+12`, `−8` (a true minus sign), `±0`. */
export function signedChange(d: number): string {
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '±0';
}

/** The class a change is coloured by: up green, down red, none left plain. */
export function changeClass(d: number): 'up' | 'down' | 'level' {
  return d > 0 ? 'up' : d < 0 ? 'down' : 'level';
}

/** A rating's change over a game, as shown (each rounded first); undefined when unrated. */
export function ratingDelta(before: number | null, after: number | null): number | undefined {
  return before === null || after === null ? undefined : Math.round(after) - Math.round(before);
}

/** Each house rule's name, as the lobby's terms say it. */
const HOUSE_RULE_WORDS: { readonly [R in HouseRule]: () => string } = {
  placement: () => ot('variant.placement'),
  'touch-move': () => ot('touchMove'),
  captor: () => ot('captorPlacesQueen'),
};

/** A rule set in words: `Standard`, or its house rules, `Placement · Touch-move`. */
export function ruleSetText(rules: RuleSet): string {
  if (rules === 'standard') return ot('variant.standard');
  return rules
    .split('+')
    .map((rule) => HOUSE_RULE_WORDS[rule as HouseRule]())
    .join(' · ');
}

/**
 * A lobby game's clock, class and whether it is rated: `5+3 Blitz · Rated`; a game agreed as
 * rated and played unrated says why.
 */
export function gameModeText(v: Pick<GameView, 'clock' | 'rated' | 'unrated'>): string {
  const mode =
    v.unrated === 'same-network'
      ? ot('game.sameNetwork')
      : ot(v.rated ? 'mode.rated' : 'mode.casual');
  if (!v.clock) return mode;
  const pace = paceOf(v.clock);
  const weekends = v.clock.weekendsOff ? ` · ${ot('weekendsOff')}` : '';
  return `${paceText(pace)} ${ot(`class.${ratingClass(pace)}`)}${weekends} · ${mode}`;
}

/** A transfer code in three groups of four, as it is read aloud or typed: `abcd efgh jkmn`. */
export function transferGroups(code: string): string {
  return code.match(/.{1,4}/g)?.join(' ') ?? '';
}

/** Each name rule, broken, in the player's language. */
const NAME_RULE_WORDS: { readonly [R in NameRule]: () => string } = {
  text: () => ot('name.text'),
  invisible: () => ot('name.invisible'),
  short: () => ot('name.short', { count: NAME_MIN }),
  long: () => ot('name.long', { count: NAME_MAX }),
  characters: () => ot('name.characters'),
  compatibility: () => ot('name.compatibility'),
  letter: () => ot('name.letter'),
  script: () => ot('name.script'),
  digits: () => ot('name.digits'),
  mark: () => ot('name.mark'),
  computer: () => ot('name.computer'),
};

/** The name rule `rule` in words: what a name must be, or must not. */
export function nameRuleText(rule: NameRule): string {
  return NAME_RULE_WORDS[rule]();
}

/**
 * The server's refusal of the name `sent` in words. The rule is read from the server's
 * sentence, as the server also sees what the browser's check cannot (a name that looks like
 * "Computer"); a sentence from another version of the server is matched by checking `sent`.
 */
export function nameRefusal(sent: string, error: Refusal): string {
  if (error.code === 'name-taken') return ot('name.taken');
  const rule =
    error.code === 'bad-name' ? (nameRuleOf(error.message) ?? nameProblem(sent)) : undefined;
  return rule ? nameRuleText(rule) : words.refusal(error.code, error.message);
}
