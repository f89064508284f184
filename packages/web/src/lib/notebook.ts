// A player's own pages of an online game on the server (docs/notebook.md): their notes and the
// analysis kept (GET and PATCH /api/games/<id>/notes), and their conditional moves in a game
// of days (GET and PUT /api/games/<id>/conditional). Free of any page's words, so that the game
// page and the analysis board both use it.

import type { ConditionalLines, Notebook, Refusal } from '@agon/protocol';

/** A request the server refused: its sentence, or the status when it sent none. */
export class NotebookFailure extends Error {
  constructor(
    readonly status: number,
    readonly refusal: Refusal | undefined,
  ) {
    super(refusal?.message ?? `error ${status}`);
  }
}

/** Calls the API at /api/games/`path` with the player's token; rejects with what went wrong. */
async function call<T>(
  token: string,
  method: 'GET' | 'PATCH' | 'PUT',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`/api/games/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => undefined)) as
    | (T & { readonly error?: Refusal })
    | undefined;
  if (!response.ok || answer === undefined)
    throw new NotebookFailure(response.status, answer?.error);
  return answer;
}

/** The player's notebook of `game`. */
export const readNotebook = (token: string, game: string): Promise<Notebook> =>
  call(token, 'GET', `${game}/notes`);

/** Replaces the parts of the notebook of `game` given; answers the whole notebook as kept. */
export const changeNotebook = (
  token: string,
  game: string,
  change: Partial<Notebook>,
): Promise<Notebook> => call(token, 'PATCH', `${game}/notes`, change);

/** The player's conditional moves in `game` that the game is still on. */
export const readConditional = (token: string, game: string): Promise<ConditionalLines> =>
  call(token, 'GET', `${game}/conditional`);

/** Replaces the player's conditional moves in `game`; answers them as kept. */
export const saveConditional = (
  token: string,
  game: string,
  lines: ConditionalLines,
): Promise<ConditionalLines> => call(token, 'PUT', `${game}/conditional`, lines);
