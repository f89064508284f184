// The messages of the Bot API's event stream (GET /api/stream/event, docs/bot-api.md), read
// for what `agon bot` acts on; a type it does not know is kept by name, to be logged.

import type { AgonError, Result } from '@agon/engine';
import { type Challenge, parseChallenge } from './bot-challenge.ts';
import { jsonObject } from './json-object.ts';

/** A game as `gameStart` and `gameFinish` name it. */
export interface EventGame {
  readonly id: string;
  /** The opponent's name, for the log. */
  readonly opponent: string;
}

/** One message of the event stream. */
export type BotEvent =
  | {
      readonly type: 'challenge' | 'challengeCanceled' | 'challengeDeclined';
      readonly challenge: Challenge;
    }
  | { readonly type: 'gameStart' | 'gameFinish'; readonly game: EventGame }
  | { readonly type: 'other'; readonly name: string };

/** A message of the event stream that breaks the contract. */
export interface BotEventError extends AgonError {
  readonly code: 'bad-event';
}

function refuse(problem: string): { ok: false; error: BotEventError } {
  return { ok: false, error: { code: 'bad-event', message: `bad event: ${problem}` } };
}

/** One line of the event stream, parsed. */
export function parseBotEvent(value: unknown): Result<BotEvent, BotEventError> {
  const event = jsonObject(value);
  if (!event || typeof event.type !== 'string') return refuse('no type');
  const type = event.type;
  switch (type) {
    case 'challenge':
    case 'challengeCanceled':
    case 'challengeDeclined': {
      const challenge = parseChallenge(event.challenge);
      if (!challenge.ok) return refuse(`${type}: ${challenge.error.message}`);
      return { ok: true, value: { type, challenge: challenge.value } };
    }
    case 'gameStart':
    case 'gameFinish': {
      const game = jsonObject(event.game);
      // lichess sends both; the contract has both, equal.
      const id = game?.gameId ?? game?.id;
      if (typeof id !== 'string' || id === '') return refuse(`${type} without a game id`);
      const opponent = jsonObject(game?.opponent);
      const name = opponent?.username ?? opponent?.id;
      return { ok: true, value: { type, game: { id, opponent: String(name ?? '?') } } };
    }
    default:
      return { ok: true, value: { type: 'other', name: type } };
  }
}
