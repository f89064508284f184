// Ratings: Glicko-2, and what each is kept for, a class of time control and a rule set. Games under
// the house rules (R14 placement, R15 touch-move, R16 the captor's choice) are other games than
// the standard one, so each rule set has ratings of its own, as lichess keeps one per variant.

/** The classes of time control that each have their own rating, shortest first. */
export const RATING_CLASSES = ['bullet', 'blitz', 'rapid', 'classical', 'correspondence'] as const;
/** A class of time control. */
export type RatingClass = (typeof RATING_CLASSES)[number];

/**
 * The class of a pace: correspondence for days per move; for a clock, by its expected length,
 * initial + 40 increments (as lichess counts): under 3 minutes bullet, under 8 blitz, under 25
 * rapid, else classical.
 */
export function ratingClass(
  pace: { readonly initial: number; readonly increment: number } | { readonly days: number },
): RatingClass {
  if ('days' in pace) return 'correspondence';
  const seconds = (pace.initial + 40 * pace.increment) / 1000;
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

/** The house rules that make a rule set, in the order a rule set's name joins them. */
const HOUSE_RULES = ['placement', 'touch-move', 'captor'] as const;
/** A house rule: R14's placement start, R15's touch-move, R16's captor placing a queen. */
export type HouseRule = (typeof HOUSE_RULES)[number];

/** Every rule set: the standard rules, or the house rules in force joined by '+'. */
export const RULE_SETS = [
  'standard',
  'placement',
  'touch-move',
  'captor',
  'placement+touch-move',
  'placement+captor',
  'touch-move+captor',
  'placement+touch-move+captor',
] as const;
/** A rule set. */
export type RuleSet = (typeof RULE_SETS)[number];

/** The terms that decide a game's rule set. */
interface RuleTerms {
  readonly variant: 'standard' | 'placement';
  readonly touchMove?: boolean;
  readonly captorPlacesQueen?: boolean;
}

/** The rule set of a game played on `terms`. */
function ruleSet(terms: RuleTerms): RuleSet {
  const rules = [
    terms.variant === 'placement' && 'placement',
    terms.touchMove === true && 'touch-move',
    terms.captorPlacesQueen === true && 'captor',
  ].filter((r): r is HouseRule => r !== false);
  return rules.length === 0 ? 'standard' : (rules.join('+') as RuleSet);
}

/** What one rating is kept for. */
export interface RatingCategory {
  readonly class: RatingClass;
  readonly rules: RuleSet;
}

/** The category of a game at `pace` played on `terms`. */
export function categoryOf(
  pace: Parameters<typeof ratingClass>[0],
  terms: RuleTerms,
): RatingCategory {
  return { class: ratingClass(pace), rules: ruleSet(terms) };
}

/** A category as stored: the class alone for the standard rules, else `class/rules`. */
export function categoryKey(c: RatingCategory): string {
  return c.rules === 'standard' ? c.class : `${c.class}/${c.rules}`;
}

/** The category of a stored key, or undefined for one that is none. */
export function parseCategoryKey(key: string): RatingCategory | undefined {
  const [cls, rules = 'standard', more] = key.split('/');
  const found = RULE_SETS.find((r) => r === rules);
  const known = RATING_CLASSES.some((c) => c === cls);
  if (!found || !known || more !== undefined || (rules === 'standard' && key.includes('/'))) {
    return undefined;
  }
  return { class: cls as RatingClass, rules: found };
}
