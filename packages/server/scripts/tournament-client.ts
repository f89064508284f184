// A client of the tournaments' HTTP API and of their games, for the tests and the benchmark:
// make an event, act on it, read it or follow it on its socket, and play a paired game to an
// end over its socket.

import type { Colour } from '@agon/engine';
import type {
  Refusal,
  TournamentAction,
  TournamentClientMessage,
  TournamentList,
  TournamentRequest,
  TournamentServerMessage,
  TournamentTerms,
  TournamentView,
} from '@agon/protocol';
import WebSocket from 'ws';
import { fromAddress } from './lobby-client.ts';

/** An answer of the API: its status and its body, a value or a refusal. */
export interface Answer<T> {
  readonly status: number;
  readonly body: T | { readonly error: Refusal };
}

async function call<T>(
  url: string,
  path: string,
  options: { token?: string; address?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${url}api/${path}`, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
      ...(options.token !== undefined && { authorization: `Bearer ${options.token}` }),
      ...fromAddress(options.address),
    },
    ...(options.body !== undefined && {
      body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** The value of an answer, or an error naming its refusal. */
export function answered<T>(answer: Answer<T>): T {
  const body = answer.body;
  if (typeof body === 'object' && body !== null && 'error' in body) {
    throw new Error(`HTTP ${answer.status} ${body.error.code}: ${body.error.message}`);
  }
  return body as T;
}

/** A rated arena of 1+0 on the standard board, without berserk, unless `terms` say otherwise. */
export const arenaTerms = (
  terms: Pick<TournamentTerms, 'name' | 'startsAt' | 'minutes'> & Partial<TournamentTerms>,
): TournamentTerms => ({
  kind: 'arena',
  clock: { initial: 60_000, increment: 0 },
  variant: 'standard',
  touchMove: false,
  captorPlacesQueen: false,
  rated: true,
  berserk: false,
  ...terms,
});

/** Makes an event as the player with `token` (raw `body` text is sent as it is). */
export const makeEvent = (
  url: string,
  token: string | undefined,
  body: TournamentRequest | Record<string, unknown> | string,
  address?: string,
) => call<{ id: string }>(url, 'tournaments', { token, address, body });

/** Acts on event `id` as the player with `token`. */
export const act = (
  url: string,
  token: string | undefined,
  id: string,
  action: TournamentAction | Record<string, unknown> | string,
  address?: string,
) => call<TournamentView>(url, `tournaments/${id}/me`, { token, address, body: action });

/** Reads event `id` (as the player with `token`, if given). */
export const readEvent = (url: string, id: string, token?: string, page = 1) =>
  call<TournamentView>(url, `tournaments/${id}?page=${page}`, { token });

/** Reads the list of events. */
export const listEvents = (url: string) => call<TournamentList>(url, 'tournaments');

/** The seat of `player` in a game of `view`'s event, from their own view. */
export const seatOf = (white: string, player: string): Colour =>
  white === player ? 'white' : 'black';

/**
 * Event `id` followed on its socket as the page does (as the player with `token`, if given):
 * each view it is sent goes to `take`, the first at once; `failed` hears of a refusal or an
 * error. Answers the socket, to close.
 */
export function followEvent(
  url: string,
  id: string,
  take: (view: TournamentView) => void,
  options: { token?: string; address?: string; failed?: (why: string) => void } = {},
): WebSocket {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}api/tournaments/${id}/socket`, {
    headers: fromAddress(options.address),
  });
  const hello: TournamentClientMessage = {
    t: 'hello',
    page: 1,
    ...(options.token !== undefined && { token: options.token }),
  };
  ws.on('open', () => ws.send(JSON.stringify(hello)));
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as TournamentServerMessage;
    if (m.t === 'view') take(m.view);
    else if (m.t === 'error') options.failed?.(`${m.code}: ${m.message}`);
  });
  ws.on('error', (e) => options.failed?.(e.message));
  return ws;
}
