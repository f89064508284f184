// The Bot API over HTTP for `agon bot` (docs/bot-api.md): each request carries the bot's token;
// a 429 is answered by waiting what its retry-after says and asking again; a failure of the
// network or a 5xx is tried again a few times; a stream is read as NDJSON and given up when
// the server has been silent for three of its keep-alive intervals.

import type { AgonError, Result } from '@agon/engine';
import { Backoff, sleep } from './backoff.ts';
import { jsonObject } from './json-object.ts';
import { type NdjsonError, parseNdjson } from './ndjson.ts';

/** A request that failed: the server's refusal, or no answer (status 0). */
export interface ApiError extends AgonError {
  /** The HTTP status, or 0 when none came (network, stopped). */
  readonly status: number;
}

/** The lines of a stream, each a value or a line that was not JSON. */
export type Lines = AsyncGenerator<Result<unknown, NdjsonError>>;

// The contract promises a keep-alive at least every 7 s.
const SILENCE_MS = 21_000;
// A request that is not a stream is given up after this long.
const REQUEST_MS = 30_000;
// Tries of a request whose failure may pass (network, 5xx).
const TRIES = 3;
// lichess's advice when a 429 does not say how long: a minute.
const DEFAULT_RETRY_S = 60;
// An absurd retry-after is not waited out for longer than this.
const MAX_RETRY_S = 3600;

/** The seconds a `retry-after` header asks for: whole seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number {
  if (header === null) return DEFAULT_RETRY_S;
  const text = header.trim();
  const seconds = /^\d+$/.test(text) ? Number(text) : (Date.parse(text) - now) / 1000;
  if (Number.isNaN(seconds)) return DEFAULT_RETRY_S;
  return Math.min(MAX_RETRY_S, Math.max(0, Math.ceil(seconds)));
}

function failure(status: number, code: string, message: string): { ok: false; error: ApiError } {
  return { ok: false, error: { status, code, message } };
}

/** A client of one server's Bot API, as one bot. */
export class BotApi {
  private readonly base: URL;

  /** `server` is the site's address (its API under /api); `stop` ends every wait and stream. */
  constructor(
    server: URL,
    private readonly token: string,
    private readonly stop: AbortSignal,
    private readonly log: (line: string) => void,
  ) {
    this.base = new URL('api/', server.href.endsWith('/') ? server : `${server.href}/`);
  }

  /** A request answered by JSON (or nothing): its value. */
  async request(
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, unknown>,
  ): Promise<Result<unknown, ApiError>> {
    const signal = AbortSignal.any([this.stop, AbortSignal.timeout(REQUEST_MS)]);
    const response = await this.fetch(method, path, body, signal);
    if (!response.ok) return response;
    const text = await response.value.text().catch(() => '');
    try {
      return { ok: true, value: text === '' ? undefined : JSON.parse(text) };
    } catch {
      return failure(response.value.status, 'bad-answer', `${path} answered with no JSON`);
    }
  }

  /** Opens a stream: its lines until the server ends it, stops, or falls silent. */
  async stream(path: string): Promise<Result<Lines, ApiError>> {
    const silence = new AbortController();
    const signal = AbortSignal.any([this.stop, silence.signal]);
    const response = await this.fetch('GET', path, undefined, signal);
    if (!response.ok) return response;
    const body = response.value.body;
    if (!body) return failure(response.value.status, 'no-body', `${path} sent no stream`);
    return { ok: true, value: parseNdjson(watched(body, silence)) };
  }

  private async fetch(
    method: 'GET' | 'POST',
    path: string,
    body: Record<string, unknown> | undefined,
    signal: AbortSignal,
  ): Promise<Result<Response, ApiError>> {
    const url = new URL(path, this.base);
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (body) headers['content-type'] = 'application/json';
    const backoff = new Backoff();
    for (let tries = 1; ; tries++) {
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers,
          body: body && JSON.stringify(body),
          signal,
        });
      } catch (e) {
        if (this.stop.aborted) return failure(0, 'stopped', 'stopping');
        const why = (e as Error & { cause?: Error }).cause?.message ?? (e as Error).message;
        if (tries >= TRIES || signal.aborted) {
          return failure(0, 'network', `${method} ${url.pathname}: ${why}`);
        }
        await sleep(backoff.next(), this.stop);
        continue;
      }
      if (response.status === 429) {
        await response.body?.cancel();
        const wait = parseRetryAfter(response.headers.get('retry-after'));
        this.log(`429 on ${method} ${url.pathname}: waiting ${wait} s as retry-after asks`);
        if (!(await sleep(wait * 1000, this.stop))) return failure(0, 'stopped', 'stopping');
        continue;
      }
      if (response.status >= 500 && tries < TRIES) {
        await response.body?.cancel();
        await sleep(backoff.next(), this.stop);
        continue;
      }
      if (!response.ok) return refusal(response, `${method} ${url.pathname}`);
      return { ok: true, value: response };
    }
  }
}

// A refusal in the API's shape, {"error": {"code", "message"}}, or the bare status.
async function refusal(response: Response, what: string): Promise<{ ok: false; error: ApiError }> {
  const text = await response.text().catch(() => '');
  let error: Record<string, unknown> | undefined;
  try {
    error = jsonObject(jsonObject(JSON.parse(text))?.error);
  } catch {
    // Not the API's shape: the status says enough.
  }
  const code = typeof error?.code === 'string' ? error.code : `http-${response.status}`;
  const message = typeof error?.message === 'string' ? error.message : response.statusText;
  return failure(response.status, code, `${what}: ${response.status} ${code}: ${message}`);
}

// The body's chunks; a silence of the server longer than SILENCE_MS aborts the request, which
// ends them. Only the wait for the server counts, not the time the reader spends on a chunk.
async function* watched(
  body: AsyncIterable<Uint8Array>,
  silence: AbortController,
): AsyncGenerator<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]();
  try {
    for (;;) {
      const timer = setTimeout(
        () => silence.abort(new Error(`nothing from the server for ${SILENCE_MS / 1000} s`)),
        SILENCE_MS,
      );
      let next: IteratorResult<Uint8Array>;
      try {
        next = await chunks.next();
      } finally {
        clearTimeout(timer);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // A reader that stops early lets the connection go; one that failed has let it go already.
    await Promise.resolve(chunks.return?.()).catch(() => undefined);
  }
}
