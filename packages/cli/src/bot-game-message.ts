// The messages of the Bot API's game stream (GET /api/bot/game/stream/{id}, docs/bot-api.md):
// `gameFull` once, then a `gameState` after every move or change. Read for what `agon bot`
// plays by; other types (chat, the opponent gone) are kept by name, to be logged.

import type { AgonError, Colour, Result } from '@agon/engine';
import { jsonObject } from './json-object.ts';

/** Where the game stands: its moves, clocks and draw offers. */
export interface GameState {
  /** Move text (NOTATION.md), from the start. */
  readonly moves: readonly string[];
  /** Time left and increment, in ms, for each side. */
  readonly wtime: number;
  readonly btime: number;
  readonly winc: number;
  readonly binc: number;
  /** `started` while the game goes on (also `created` before the first move). */
  readonly status: string;
  readonly winner: Colour | undefined;
  /** Whether each side offers a draw now. */
  readonly wdraw: boolean;
  readonly bdraw: boolean;
}

/** The game as it is sent first. */
export interface GameFull {
  readonly id: string;
  readonly variant: string;
  readonly white: { readonly id: string; readonly name: string };
  readonly black: { readonly id: string; readonly name: string };
  /** `startpos` for the variant's start, or an APN. */
  readonly initialFen: string;
  /** Whether a clock runs (false: days per move). */
  readonly clocked: boolean;
  /** R15 and R16 (absent from the message: off). */
  readonly touchMove: boolean;
  readonly captorPlacesQueen: boolean;
  readonly state: GameState;
}

/** One message of the game stream. */
export type GameMessage =
  | ({ readonly type: 'gameFull' } & GameFull)
  | ({ readonly type: 'gameState' } & GameState)
  | { readonly type: 'other'; readonly name: string };

/** A message of the game stream that breaks the contract. */
export interface GameMessageError extends AgonError {
  readonly code: 'bad-game-message';
}

type Parsed<T> = Result<T, GameMessageError>;

function refuse(problem: string): { ok: false; error: GameMessageError } {
  return {
    ok: false,
    error: { code: 'bad-game-message', message: `bad game message: ${problem}` },
  };
}

// Statuses that mean the game has not ended.
const GOING = ['created', 'started'] as const;

/** Whether a game's status says it goes on. */
export function isGoing(status: string): boolean {
  return (GOING as readonly string[]).includes(status);
}

function parseState(value: unknown): Parsed<GameState> {
  const s = jsonObject(value);
  if (!s) return refuse('no state');
  if (typeof s.moves !== 'string') return refuse('the state has no moves');
  if (typeof s.status !== 'string') return refuse('the state has no status');
  const ms = (key: string): number => {
    const v = s[key];
    return typeof v === 'number' && Number.isFinite(v) ? Math.max(0, v) : 0;
  };
  const winner = s.winner === 'white' || s.winner === 'black' ? s.winner : undefined;
  return {
    ok: true,
    value: {
      moves: s.moves.split(' ').filter((m) => m !== ''),
      wtime: ms('wtime'),
      btime: ms('btime'),
      winc: ms('winc'),
      binc: ms('binc'),
      status: s.status,
      winner,
      wdraw: s.wdraw === true,
      bdraw: s.bdraw === true,
    },
  };
}

function parseSeat(value: unknown, colour: Colour): Parsed<{ id: string; name: string }> {
  const seat = jsonObject(value);
  if (!seat || typeof seat.id !== 'string') return refuse(`no ${colour} player`);
  return { ok: true, value: { id: seat.id, name: String(seat.name ?? seat.id) } };
}

/** One line of the game stream, parsed. */
export function parseGameMessage(value: unknown): Parsed<GameMessage> {
  const message = jsonObject(value);
  if (!message || typeof message.type !== 'string') return refuse('no type');
  if (message.type === 'gameState') {
    const state = parseState(message);
    return state.ok ? { ok: true, value: { type: 'gameState', ...state.value } } : state;
  }
  if (message.type !== 'gameFull')
    return { ok: true, value: { type: 'other', name: message.type } };
  const variant = jsonObject(message.variant);
  if (typeof message.id !== 'string') return refuse('gameFull without an id');
  if (typeof variant?.key !== 'string') return refuse('gameFull without a variant key');
  const white = parseSeat(message.white, 'white');
  if (!white.ok) return white;
  const black = parseSeat(message.black, 'black');
  if (!black.ok) return black;
  const state = parseState(message.state);
  if (!state.ok) return state;
  return {
    ok: true,
    value: {
      type: 'gameFull',
      id: message.id,
      variant: variant.key,
      white: white.value,
      black: black.value,
      initialFen: typeof message.initialFen === 'string' ? message.initialFen : 'startpos',
      clocked: jsonObject(message.clock) !== undefined,
      touchMove: message.touchMove === true,
      captorPlacesQueen: message.captorPlacesQueen === true,
      state: state.value,
    },
  };
}
