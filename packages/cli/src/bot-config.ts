// The settings of `agon bot`: which challenges it accepts, how many games it plays at once and
// how its engine searches. A small JSON file; every field may be left out for its default, and
// a field that is unknown or out of range is refused by name, so a typo never passes silently.

import { readFileSync } from 'node:fs';
import type { AgonError, Result } from '@agon/engine';
import { jsonObject } from './json-object.ts';

/** The most seconds a clock may start with or add, as a bound in the file (14 days). */
const MAX_SECONDS = 14 * 24 * 3600;

/** A range of whole seconds, both ends included. */
export interface SecondsRange {
  readonly min: number;
  readonly max: number;
}

/** Which challenges the bot accepts. */
export interface ChallengeRules {
  /** Games on a clock; false declines them all. */
  readonly clock: boolean;
  /** The clock's initial time, in seconds. */
  readonly initial: SecondsRange;
  /** The clock's increment per move, in seconds. */
  readonly increment: SecondsRange;
  /** Games of days per move. */
  readonly correspondence: boolean;
  readonly rated: boolean;
  readonly casual: boolean;
  /** The variant keys accepted (`standard`, `placement`), or every one. */
  readonly variants: readonly string[] | 'any';
  /** Games under R15, touch-move. */
  readonly touchMove: boolean;
  /** Games under R16, where the captor places a captured queen. */
  readonly captor: boolean;
  /** Challenges from bots. */
  readonly bots: boolean;
  /** Challenges from people. */
  readonly people: boolean;
}

/** How the engine searches each move. */
export interface EngineSettings {
  /** The engine's Level option, 1 to 10. */
  readonly level: number;
  /** The most time a move may take, in ms; a clock may allow less. */
  readonly movetime: number;
  /** A depth limit instead of a time of its own (the clock still bounds the time). */
  readonly depth: number | undefined;
}

/** Everything `agon bot --config` sets. */
export interface BotConfig {
  /** Games played at once; a challenge beyond them is declined as `later`. */
  readonly games: number;
  readonly challenges: ChallengeRules;
  readonly engine: EngineSettings;
}

/** What the bot does with no config file. */
export const DEFAULT_BOT_CONFIG: BotConfig = {
  games: 1,
  challenges: {
    clock: true,
    initial: { min: 0, max: MAX_SECONDS },
    increment: { min: 0, max: MAX_SECONDS },
    correspondence: true,
    rated: true,
    casual: true,
    variants: 'any',
    touchMove: true,
    captor: true,
    bots: true,
    people: true,
  },
  engine: { level: 10, movetime: 1000, depth: undefined },
};

/** A config that cannot be used, naming the field (dotted path) at fault. */
export interface BotConfigError extends AgonError {
  readonly code: 'bad-config';
  /** The field at fault, such as `challenges.initial.max`; empty for the file as a whole. */
  readonly field: string;
}

type Parsed<T> = Result<T, BotConfigError>;

function refuse(field: string, problem: string): { ok: false; error: BotConfigError } {
  const message = field ? `${field}: ${problem}` : problem;
  return { ok: false, error: { code: 'bad-config', field, message } };
}

// An object with only the keys named, or the error naming the first other key.
function objectAt(
  value: unknown,
  field: string,
  keys: readonly string[],
): Parsed<Record<string, unknown>> {
  const object = jsonObject(value);
  if (!object) return refuse(field, 'must be an object');
  const extra = Object.keys(object).find((k) => !keys.includes(k));
  if (extra !== undefined) {
    const where = field ? `${field}.${extra}` : extra;
    return refuse(where, `unknown field (known: ${keys.join(', ')})`);
  }
  return { ok: true, value: object };
}

function wholeAt(value: unknown, field: string, min: number, max: number): Parsed<number> {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return refuse(field, `must be a whole number from ${min} to ${max}`);
  }
  return { ok: true, value };
}

function booleanAt(value: unknown, field: string): Parsed<boolean> {
  if (typeof value !== 'boolean') return refuse(field, 'must be true or false');
  return { ok: true, value };
}

function rangeAt(value: unknown, field: string, fallback: SecondsRange): Parsed<SecondsRange> {
  const object = objectAt(value, field, ['min', 'max']);
  if (!object.ok) return object;
  const { min = fallback.min, max = fallback.max } = object.value;
  const low = wholeAt(min, `${field}.min`, 0, MAX_SECONDS);
  if (!low.ok) return low;
  const high = wholeAt(max, `${field}.max`, 0, MAX_SECONDS);
  if (!high.ok) return high;
  if (low.value > high.value)
    return refuse(field, `min (${low.value}) is above max (${high.value})`);
  return { ok: true, value: { min: low.value, max: high.value } };
}

function variantsAt(value: unknown, field: string): Parsed<readonly string[] | 'any'> {
  if (value === 'any') return { ok: true, value };
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    value.some((v) => typeof v !== 'string' || !/^[a-z][a-z+-]*$/.test(v))
  ) {
    return refuse(field, 'must be "any" or a list of variant keys such as ["standard"]');
  }
  return { ok: true, value: [...new Set(value as string[])] };
}

const CHALLENGE_KEYS = [
  'clock',
  'initial',
  'increment',
  'correspondence',
  'rated',
  'casual',
  'variants',
  'touchMove',
  'captor',
  'bots',
  'people',
] as const;

// The yes-or-no fields of `challenges`.
const FLAGS = [
  'clock',
  'correspondence',
  'rated',
  'casual',
  'touchMove',
  'captor',
  'bots',
  'people',
] as const;
type Flag = (typeof FLAGS)[number];

function challengesAt(value: unknown): Parsed<ChallengeRules> {
  const fallback = DEFAULT_BOT_CONFIG.challenges;
  const object = objectAt(value, 'challenges', CHALLENGE_KEYS);
  if (!object.ok) return object;
  const given = object.value;
  const flags = {} as Record<Flag, boolean>;
  for (const key of FLAGS) {
    const flag = booleanAt(given[key] ?? fallback[key], `challenges.${key}`);
    if (!flag.ok) return flag;
    flags[key] = flag.value;
  }
  const initial = rangeAt(
    given.initial ?? fallback.initial,
    'challenges.initial',
    fallback.initial,
  );
  if (!initial.ok) return initial;
  const increment = rangeAt(
    given.increment ?? fallback.increment,
    'challenges.increment',
    fallback.increment,
  );
  if (!increment.ok) return increment;
  const variants = variantsAt(given.variants ?? fallback.variants, 'challenges.variants');
  if (!variants.ok) return variants;
  if (!flags.rated && !flags.casual) {
    return refuse('challenges', 'rated and casual are both false: no challenge could be accepted');
  }
  if (!flags.bots && !flags.people) {
    return refuse('challenges', 'bots and people are both false: no challenge could be accepted');
  }
  return {
    ok: true,
    value: {
      ...fallback,
      ...flags,
      initial: initial.value,
      increment: increment.value,
      variants: variants.value,
    },
  };
}

function engineAt(value: unknown): Parsed<EngineSettings> {
  const fallback = DEFAULT_BOT_CONFIG.engine;
  const object = objectAt(value, 'engine', ['level', 'movetime', 'depth']);
  if (!object.ok) return object;
  const given = object.value;
  const level = wholeAt(given.level ?? fallback.level, 'engine.level', 1, 10);
  if (!level.ok) return level;
  const movetime = wholeAt(given.movetime ?? fallback.movetime, 'engine.movetime', 1, 600_000);
  if (!movetime.ok) return movetime;
  if (given.depth === undefined) {
    return { ok: true, value: { level: level.value, movetime: movetime.value, depth: undefined } };
  }
  const depth = wholeAt(given.depth, 'engine.depth', 1, 100);
  if (!depth.ok) return depth;
  return { ok: true, value: { level: level.value, movetime: movetime.value, depth: depth.value } };
}

/** The config a parsed JSON value describes, every missing field at its default. */
export function parseBotConfig(value: unknown): Parsed<BotConfig> {
  const object = objectAt(value, '', ['games', 'challenges', 'engine']);
  if (!object.ok) return object;
  const given = object.value;
  const games = wholeAt(given.games ?? DEFAULT_BOT_CONFIG.games, 'games', 1, 100);
  if (!games.ok) return games;
  const challenges = challengesAt(given.challenges ?? {});
  if (!challenges.ok) return challenges;
  const engine = engineAt(given.engine ?? {});
  if (!engine.ok) return engine;
  return {
    ok: true,
    value: { games: games.value, challenges: challenges.value, engine: engine.value },
  };
}

/** The config as the JSON value parseBotConfig reads back: every field written out. */
export function makeBotConfig(config: BotConfig): unknown {
  const { depth, ...engine } = config.engine;
  return {
    games: config.games,
    challenges: config.challenges,
    engine: depth === undefined ? engine : { ...engine, depth },
  };
}

/** The config in a JSON file. */
export function readBotConfig(path: string): Parsed<BotConfig> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return refuse('', `cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return refuse('', `${path} is not JSON: ${(e as Error).message}`);
  }
  return parseBotConfig(value);
}
