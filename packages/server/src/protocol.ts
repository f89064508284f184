// The messages of online play, as they cross the wire, and the hand-written validators that
// turn untrusted JSON into them. docs/online.md describes the same protocol for people; the
// browser keeps its own copy of these types (packages/web/src/online/messages.ts).

import type { Colour } from '@agon/engine';

/** Which start a game uses (R4 or R14). */
export type Variant = 'standard' | 'placement';

/** A time control: milliseconds on each clock at the start, and added after each move. */
export interface TimeControl {
  readonly initial: number;
  readonly increment: number;
}

/** What the creator of a game asks for. */
export interface CreateRequest {
  readonly side: Colour | 'random';
  readonly variant: Variant;
  readonly clock: TimeControl | null;
}

/** What a client may send over its socket. */
export type ClientMessage =
  | { readonly t: 'hello'; readonly token?: string }
  | { readonly t: 'move'; readonly seat: Colour; readonly move: string; readonly version: number }
  | { readonly t: 'resign'; readonly seat: Colour }
  | { readonly t: 'draw'; readonly seat: Colour; readonly action: DrawAction }
  | { readonly t: 'rematch'; readonly seat: Colour }
  | { readonly t: 'sync' }
  | { readonly t: 'ping' };

/** The three answers of the draw protocol. */
export type DrawAction = 'offer' | 'accept' | 'decline';

/** Every refusal the server sends, each with a message for people. */
export type ErrorCode =
  | 'bad-json'
  | 'bad-message'
  | 'rate-limited'
  | 'hello-first'
  | 'no-such-game'
  | 'spectator'
  | 'not-your-seat'
  | 'waiting-for-opponent'
  | 'stale'
  | 'game-over'
  | 'not-your-turn'
  | 'illegal-move'
  | 'no-draw-offer'
  | 'already-offered'
  | 'game-not-over'
  | 'seats-taken'
  | 'no-flag'
  | 'server-error';

/** A refusal: a stable code for programs and a sentence for people. */
export interface Refusal {
  readonly code: ErrorCode;
  readonly message: string;
}

/** How a game ended: the engine's reasons, or a clock that ran out. */
export interface OutcomeView {
  readonly winner: Colour | null;
  readonly reason:
    | 'throne-ring'
    | 'no-moves'
    | 'repetition'
    | 'resignation'
    | 'agreement'
    | 'timeout';
}

/** The clocks as the server saw them when it sent the message. */
export interface ClockView {
  readonly initial: number;
  readonly increment: number;
  readonly white: number;
  readonly black: number;
  /** The side whose clock is running, or null when none is. */
  readonly running: Colour | null;
}

/** A change to a game, as every client of that game is told it. */
export type PublicEvent =
  | { readonly kind: 'join'; readonly seat: Colour }
  | { readonly kind: 'move'; readonly seat: Colour; readonly move: string }
  | { readonly kind: 'resign'; readonly seat: Colour }
  | { readonly kind: 'draw-offer' | 'draw-accept' | 'draw-decline'; readonly seat: Colour }
  | { readonly kind: 'timeout'; readonly seat: Colour }
  | { readonly kind: 'rematch-offer'; readonly seat: Colour }
  | { readonly kind: 'rematch'; readonly seat: Colour; readonly next: string };

/** Who is connected, per seat, and how many watch. */
export interface Presence {
  readonly online: { readonly white: boolean; readonly black: boolean };
  readonly watchers: number;
}

/** The whole of a game as one client sees it. */
export interface GameView extends Presence {
  readonly id: string;
  readonly variant: Variant;
  /** How many changes the game has had; every event adds one. */
  readonly version: number;
  readonly moves: readonly string[];
  /** Which seats are taken. */
  readonly seats: { readonly white: boolean; readonly black: boolean };
  readonly clock: ClockView | null;
  readonly drawOffer: Colour | null;
  readonly rematchOffer: Colour | null;
  readonly outcome: OutcomeView | null;
  /** The rematch's game id, once both agreed to one. */
  readonly next: string | null;
}

/** What the server sends over a socket. */
export type ServerMessage =
  | {
      readonly t: 'state';
      readonly game: GameView;
      readonly you: Colour | null;
      /** Only when this connection was just given its seat: the secret to keep. */
      readonly token?: string;
    }
  | {
      readonly t: 'event';
      readonly version: number;
      readonly event: PublicEvent;
      readonly clock: ClockView | null;
      readonly outcome: OutcomeView | null;
    }
  | ({ readonly t: 'presence' } & Presence)
  | ({ readonly t: 'error' } & Refusal)
  | { readonly t: 'pong' };

/** Game ids: ten characters of a 32-letter alphabet without look-alikes (0/o, 1/l). */
export const GAME_ID = /^[a-km-np-z2-9]{10}$/;
/** Seat tokens: 32 random bytes in base64url. */
export const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Move text is short; anything longer is not a move (NOTATION.md). */
const MAX_MOVE_TEXT = 8;
/** Clock limits: up to three hours, up to three minutes' increment. */
const MAX_INITIAL_MS = 3 * 60 * 60_000;
const MAX_INCREMENT_MS = 3 * 60_000;

/** A validated value, or the reason it was refused. */
export type Checked<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: Refusal };

const refuse = (
  code: ErrorCode,
  message: string,
): { readonly ok: false; readonly error: Refusal } => ({
  ok: false,
  error: { code, message },
});

type Fields = Readonly<Record<string, unknown>>;

const isObject = (v: unknown): v is Fields =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isSeat = (v: unknown): v is Colour => v === 'white' || v === 'black';
const isVersion = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** Names the first key of `o` outside `allowed`, so typos and extras are refused, not ignored. */
function extraKey(o: Fields, allowed: readonly string[]): string | undefined {
  return Object.keys(o).find((k) => !allowed.includes(k));
}

function shape(o: Fields, allowed: readonly string[]): Refusal | undefined {
  const extra = extraKey(o, allowed);
  return extra === undefined
    ? undefined
    : {
        code: 'bad-message',
        message: `"${extra.slice(0, 20)}" is not a field of a ${String(o.t).slice(0, 20)} message`,
      };
}

/** Reads one socket message; anything but a well-formed message of the protocol is refused. */
export function parseClientMessage(text: string): Checked<ClientMessage> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return refuse('bad-json', 'the message is not JSON');
  }
  if (!isObject(data)) return refuse('bad-message', 'a message is a JSON object with a field t');
  const seatless = (t: 'sync' | 'ping'): Checked<ClientMessage> => {
    const bad = shape(data, ['t']);
    return bad ? { ok: false, error: bad } : { ok: true, value: { t } };
  };
  const withSeat = (allowed: readonly string[]): Refusal | undefined =>
    shape(data, ['t', 'seat', ...allowed]) ??
    (isSeat(data.seat)
      ? undefined
      : { code: 'bad-message', message: 'seat must be "white" or "black"' });
  switch (data.t) {
    case 'hello': {
      const bad = shape(data, ['t', 'token']);
      if (bad) return { ok: false, error: bad };
      if (data.token === undefined) return { ok: true, value: { t: 'hello' } };
      if (typeof data.token !== 'string' || !TOKEN.test(data.token)) {
        return refuse('bad-message', 'token must be the 43-character secret the server gave');
      }
      return { ok: true, value: { t: 'hello', token: data.token } };
    }
    case 'move': {
      const bad = withSeat(['move', 'version']);
      if (bad) return { ok: false, error: bad };
      if (
        typeof data.move !== 'string' ||
        data.move.length === 0 ||
        data.move.length > MAX_MOVE_TEXT
      ) {
        return refuse('bad-message', 'move must be move text such as "f1-f2"');
      }
      if (!isVersion(data.version)) {
        return refuse('bad-message', 'version must be the game version the move was made in');
      }
      return {
        ok: true,
        value: { t: 'move', seat: data.seat as Colour, move: data.move, version: data.version },
      };
    }
    case 'resign':
    case 'rematch': {
      const bad = withSeat([]);
      return bad
        ? { ok: false, error: bad }
        : { ok: true, value: { t: data.t, seat: data.seat as Colour } };
    }
    case 'draw': {
      const bad = withSeat(['action']);
      if (bad) return { ok: false, error: bad };
      if (data.action !== 'offer' && data.action !== 'accept' && data.action !== 'decline') {
        return refuse('bad-message', 'action must be "offer", "accept" or "decline"');
      }
      return { ok: true, value: { t: 'draw', seat: data.seat as Colour, action: data.action } };
    }
    case 'sync':
    case 'ping':
      return seatless(data.t);
    default:
      return refuse('bad-message', 'unknown message type');
  }
}

/** Reads the body of a request to create a game. */
export function parseCreateRequest(body: unknown): Checked<CreateRequest> {
  if (!isObject(body)) return refuse('bad-message', 'the request is a JSON object');
  const extra = extraKey(body, ['side', 'variant', 'clock']);
  if (extra !== undefined) return refuse('bad-message', `"${extra.slice(0, 20)}" is not an option`);
  const side = body.side ?? 'random';
  if (side !== 'random' && !isSeat(side)) {
    return refuse('bad-message', 'side must be "white", "black" or "random"');
  }
  const variant = body.variant ?? 'standard';
  if (variant !== 'standard' && variant !== 'placement') {
    return refuse('bad-message', 'variant must be "standard" or "placement"');
  }
  const clock = body.clock ?? null;
  if (clock !== null) {
    const ms = (v: unknown, max: number, min: number): v is number =>
      typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;
    if (
      !isObject(clock) ||
      extraKey(clock, ['initial', 'increment']) !== undefined ||
      !ms(clock.initial, MAX_INITIAL_MS, 1000) ||
      !ms(clock.increment, MAX_INCREMENT_MS, 0)
    ) {
      return refuse(
        'bad-message',
        'clock must be null or { initial, increment } in milliseconds: 1 s to 3 h, and 0 to 3 min',
      );
    }
    return {
      ok: true,
      value: { side, variant, clock: { initial: clock.initial, increment: clock.increment } },
    };
  }
  return { ok: true, value: { side, variant, clock: null } };
}
