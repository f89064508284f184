// The players' HTTP API as the pages use it, and this browser's player: made on the first visit
// of an online page, checked with the server once a page load, and made anew when the server no
// longer knows it.

import type {
  ErrorCode,
  Failure,
  HouseBots,
  Identity,
  OngoingGames,
  PlayerPage,
  PlayerView,
  Refusal,
} from '@agon/protocol';
import { signal } from '@preact/signals';
import { language } from '../i18n/translations.ts';
import { keepIdentity, keptIdentity } from '../lib/identity.ts';
import { ot } from './text.ts';

/**
 * A refusal as the API sends it: the server's own failures (5xx, `server-error`) also carry the
 * id its log knows the request by.
 */
export type ApiRefusal = Refusal & Partial<Pick<Failure, 'request'>>;

/**
 * A failed answer in the app's own words (the server's sentence is in the language the browser
 * asks for, which need not be the app's): for the server's own failure, that it could not, with
 * the request's id from the answer or its header, so a player can report it.
 */
export function failureText(
  status: number,
  refusal: ApiRefusal | undefined,
  requestHeader: string | null,
): string {
  if (status === 429) return ot('net.tooMany');
  if (status >= 500 || refusal?.code === 'server-error') {
    const request = refusal?.request ?? requestHeader;
    return request ? ot('net.server', { request }) : ot('net.status', { status });
  }
  return refusal?.message ?? ot('net.status', { status });
}

/** A request the server refused or never answered; `message` is already in the player's words. */
export class ApiFailure extends Error {
  /** `code` is the server's, or undefined when no answer came. */
  constructor(
    readonly refusal: Refusal | undefined,
    message: string,
  ) {
    super(message);
  }
  /** Whether the server refused with `code`. */
  is(code: ErrorCode): boolean {
    return this.refusal?.code === code;
  }
}

/** What went wrong, as a page says it: an ApiFailure is in the player's words already. */
export const problemText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Calls the API: JSON in and out, the player's token when `token` is given. */
export async function call<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  options: { readonly body?: unknown; readonly token?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  // fetch rejects only when no answer came at all: offline, or the server unreachable.
  const response = await fetch(path, {
    method,
    headers,
    body: options.body === undefined ? null : JSON.stringify(options.body),
  }).catch(() => {
    throw new ApiFailure(
      undefined,
      ot(navigator.onLine === false ? 'net.offline' : 'net.unreachable'),
    );
  });
  const body = (await response.json().catch(() => undefined)) as
    | (T & { readonly error?: ApiRefusal })
    | undefined;
  if (response.ok && body !== undefined) return body;
  const refusal = body?.error;
  throw new ApiFailure(
    refusal,
    failureText(response.status, refusal, response.headers.get('x-request-id')),
  );
}

/** This browser's player, once known. */
export const me = signal<Identity | undefined>(keptIdentity());
/** Why this browser has no player (the server could not make one), in words. */
export const identityProblem = signal<string | undefined>(undefined);
/** Said once: the server no longer knew this browser's player, so a new one was made. */
export const identityLost = signal<string | undefined>(undefined);

/** Makes `identity` this browser's player. */
function become(identity: Identity): void {
  keepIdentity(identity);
  me.value = identity;
}

async function create(): Promise<Identity> {
  const made = await call<Identity>('POST', '/api/players', {
    body: { language: language.value },
  });
  become(made);
  return made;
}

async function check(kept: Identity): Promise<Identity> {
  try {
    const view = await call<PlayerView>('GET', '/api/me', { token: kept.token });
    // Renamed on another device: take the server's name.
    if (view.name !== kept.name) become({ ...kept, name: view.name });
    return me.value ?? kept;
  } catch (e) {
    if (!(e instanceof ApiFailure && e.is('unknown-player'))) return kept; // offline: go on
    const made = await create();
    identityLost.value = ot('identity.lost', { name: made.name });
    return made;
  }
}

let ensured: Promise<Identity> | undefined;

/** This browser's player: made if there is none, checked once a page load; rejects in words. */
export function ensureIdentity(): Promise<Identity> {
  ensured ??= (async () => {
    const kept = me.value;
    return kept ? check(kept) : create();
  })().catch((e: unknown) => {
    ensured = undefined;
    const why = e instanceof Error ? e.message : String(e);
    identityProblem.value = ot('identity.failed', { why });
    throw e;
  });
  return ensured;
}

/** The server no longer knows this browser's player (the lobby said so): make a new one. */
export function identityGone(): Promise<Identity> {
  const gone = me.value;
  ensured = create().then((made) => {
    if (gone) identityLost.value = ot('identity.lost', { name: made.name });
    return made;
  });
  return ensured;
}

/** A player's page. */
export function fetchPlayer(id: string): Promise<PlayerPage> {
  return call<PlayerPage>('GET', `/api/players/${id}`);
}

/** Renames this browser's player; the server's refusal is an ApiFailure with its code. */
export async function rename(name: string): Promise<PlayerView> {
  const identity = await ensureIdentity();
  const view = await call<PlayerView>('PATCH', '/api/me', {
    body: { name },
    token: identity.token,
  });
  become({ ...identity, name: view.name });
  return view;
}

/** A transfer code for this browser's player, and when it stops working. */
export async function transferCode(): Promise<{
  readonly code: string;
  readonly expiresAt: number;
}> {
  const identity = await ensureIdentity();
  return call('POST', '/api/me/transfer', { token: identity.token });
}

/** Takes the player a transfer code stands for, replacing this browser's own. */
export async function useTransferCode(code: string): Promise<Identity> {
  const identity = await call<Identity>('POST', '/api/players/transfer', { body: { code } });
  become(identity);
  ensured = Promise.resolve(identity);
  return identity;
}

/** The house bots anyone may challenge, weakest first. */
export function houseBots(): Promise<HouseBots> {
  return call<HouseBots>('GET', '/api/bot/house');
}

/** The games in play of the player whose token is `token`, their turn first. */
export function ongoingGames(token: string): Promise<OngoingGames> {
  return call<OngoingGames>('GET', '/api/me/games', { token });
}
