// A challenge as the event stream sends it (docs/bot-api.md), read for what `agon bot` decides
// on, and the decision: accept, or decline with one of lichess's reasons, which the server
// passes on to the challenger.

import type { AgonError, Result } from '@agon/engine';
import type { BotConfig } from './bot-config.ts';
import { jsonObject } from './json-object.ts';

/** A challenge's terms, as far as accepting it goes. */
export interface Challenge {
  readonly id: string;
  readonly status: string;
  /** `in` when made to this bot, `out` when made by it; absent when the server does not say. */
  readonly direction: 'in' | 'out' | undefined;
  readonly challenger: { readonly id: string; readonly name: string; readonly bot: boolean };
  readonly variant: string;
  /** R15 and R16, Agon's terms beyond lichess's. */
  readonly touchMove: boolean;
  readonly captorPlacesQueen: boolean;
  readonly rated: boolean;
  /** The clock in seconds, or undefined for a game of days per move. */
  readonly clock: { readonly limit: number; readonly increment: number } | undefined;
}

/** A message that is not a challenge as the contract has it. */
export interface ChallengeError extends AgonError {
  readonly code: 'bad-challenge';
}

function refuse(problem: string): { ok: false; error: ChallengeError } {
  return { ok: false, error: { code: 'bad-challenge', message: `bad challenge: ${problem}` } };
}

/** The challenge `C` of an event. */
export function parseChallenge(value: unknown): Result<Challenge, ChallengeError> {
  const c = jsonObject(value);
  if (!c) return refuse('not an object');
  const challenger = jsonObject(c.challenger);
  const variant = jsonObject(c.variant);
  const control = jsonObject(c.timeControl);
  if (typeof c.id !== 'string' || c.id === '') return refuse('no id');
  if (typeof c.status !== 'string') return refuse(`no status in ${c.id}`);
  if (!challenger || typeof challenger.id !== 'string') return refuse(`no challenger in ${c.id}`);
  if (!variant || typeof variant.key !== 'string') return refuse(`no variant key in ${c.id}`);
  if (typeof c.rated !== 'boolean') return refuse(`no rated in ${c.id}`);
  if (!control) return refuse(`no timeControl in ${c.id}`);
  let clock: Challenge['clock'];
  if (control.type === 'clock') {
    const { limit, increment } = control;
    if (typeof limit !== 'number' || typeof increment !== 'number') {
      return refuse(`the clock of ${c.id} has no limit or increment`);
    }
    clock = { limit, increment };
  }
  const direction = c.direction === 'in' || c.direction === 'out' ? c.direction : undefined;
  const name = typeof challenger.name === 'string' ? challenger.name : challenger.id;
  return {
    ok: true,
    value: {
      id: c.id,
      status: c.status,
      direction,
      challenger: { id: challenger.id, name, bot: challenger.title === 'BOT' },
      variant: variant.key,
      touchMove: c.touchMove === true,
      captorPlacesQueen: c.captorPlacesQueen === true,
      rated: c.rated,
      clock,
    },
  };
}

/** lichess's reasons for declining, which a challenger's page words. */
export const DECLINE_REASONS = [
  'generic',
  'later',
  'tooFast',
  'tooSlow',
  'timeControl',
  'rated',
  'casual',
  'variant',
  'noBot',
  'onlyBot',
] as const;
/** A reason for declining. */
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/**
 * Whether to accept `challenge` while `busy` games are going (or accepted and not yet started):
 * undefined to accept, else the reason to decline. A challenge the bot would never accept gets
 * that reason even when it is busy, so the challenger is not told to try later in vain.
 */
export function judgeChallenge(
  config: BotConfig,
  challenge: Challenge,
  busy: number,
): DeclineReason | undefined {
  const rules = config.challenges;
  if (rules.variants !== 'any' && !rules.variants.includes(challenge.variant)) return 'variant';
  // lichess has no words for house rules; they make another game, as a variant does.
  if (challenge.touchMove && !rules.touchMove) return 'variant';
  if (challenge.captorPlacesQueen && !rules.captor) return 'variant';
  const clock = challenge.clock;
  if (clock === undefined) {
    if (!rules.correspondence) return 'timeControl';
  } else {
    if (!rules.clock) return 'timeControl';
    if (clock.limit < rules.initial.min || clock.increment < rules.increment.min) return 'tooFast';
    if (clock.limit > rules.initial.max || clock.increment > rules.increment.max) return 'tooSlow';
  }
  // lichess's words: `casual` is "casual games only", `rated` is "rated games only".
  if (challenge.rated && !rules.rated) return 'casual';
  if (!challenge.rated && !rules.casual) return 'rated';
  if (challenge.challenger.bot && !rules.bots) return 'noBot';
  if (!challenge.challenger.bot && !rules.people) return 'onlyBot';
  return busy >= config.games ? 'later' : undefined;
}
