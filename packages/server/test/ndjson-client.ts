// A client of the Bot API for the tests: its requests (a form or JSON), and its NDJSON streams,
// each line kept until a test takes it, the bare keep-alive lines counted, and the end of the
// stream noted, so a test waits for the line it expects rather than for a time.

import type { Identity } from '@agon/protocol';
import { Inbox } from '../scripts/inbox.ts';
import { newPlayer } from '../scripts/lobby-client.ts';

/** An answer of the API: its status, headers and JSON. */
export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: the answers' shapes are what the tests check
  readonly json: any;
}

/**
 * Sends a request to the API of the server at `url` with `token`; a string body goes as a form,
 * any other as JSON.
 */
export async function botCall(
  url: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (typeof body === 'string') headers['content-type'] = 'application/x-www-form-urlencoded';
  else if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${url}api/${path}`, {
    method,
    headers,
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text ? JSON.parse(text) : null,
  };
}

/** A new identity of the server at `url`, from `address`, made a bot. */
export async function newBot(url: string, address: string): Promise<Identity> {
  const bot = await newPlayer(url, 'en', address);
  const made = await botCall(url, 'POST', 'bot/account/upgrade', bot.token);
  if (made.status !== 200) throw new Error(`not made a bot: ${JSON.stringify(made.json)}`);
  return bot;
}

/** Opens the stream at `path` of the server at `url`, which must open. */
export async function openStream(url: string, path: string, token: string): Promise<NdjsonClient> {
  const opened = await NdjsonClient.open(`${url}api/${path}`, token);
  if (!(opened instanceof NdjsonClient)) throw new Error(`refused: ${JSON.stringify(opened.json)}`);
  return opened;
}

/** A line of a stream, with its type as the inbox keys it. */
type Line = { readonly t: string; readonly line: Record<string, unknown> };

/** One open stream of the Bot API. */
export class NdjsonClient {
  private readonly inbox = new Inbox<Line>();
  /** Bare newlines received: the stream's keep-alives. */
  keepAlives = 0;
  /** Lines received of each type, taken or not. */
  private readonly seen = new Map<string, number>();

  private constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {}

  /**
   * Opens the stream at `url` with `token`; answers the client, or the refused answer's status
   * and JSON when the server does not open it.
   */
  static async open(
    url: string,
    token: string,
  ): Promise<NdjsonClient | { status: number; json: unknown; headers: Headers }> {
    const abort = new AbortController();
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    if (response.status !== 200) {
      return { status: response.status, json: await response.json(), headers: response.headers };
    }
    const client = new NdjsonClient(response, abort);
    client.read().catch(() => client.inbox.close(-1));
    return client;
  }

  private async read(): Promise<void> {
    const reader = this.response.body!.getReader();
    const decoder = new TextDecoder();
    let held = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      held += decoder.decode(value, { stream: true });
      let end = held.indexOf('\n');
      while (end >= 0) {
        const text = held.slice(0, end);
        held = held.slice(end + 1);
        if (text === '') this.keepAlives++;
        else {
          const line = JSON.parse(text) as Record<string, unknown>;
          const t = String(line.type);
          this.seen.set(t, (this.seen.get(t) ?? 0) + 1);
          this.inbox.push({ t, line });
        }
        end = held.indexOf('\n');
      }
    }
    this.inbox.close(0);
  }

  /** Waits for the next line of `type` that passes `test`, dropping the lines before it. */
  async next(
    type: string,
    test: (line: Record<string, unknown>) => boolean = () => true,
    timeout = 15_000,
  ): Promise<Record<string, unknown>> {
    const found = await this.inbox.take(
      (m): m is Line => m.t === type && test(m.line),
      type,
      timeout,
    );
    return found.line;
  }

  /** Waits for the next line, whatever its type. */
  async any(timeout = 15_000): Promise<Record<string, unknown>> {
    return (await this.inbox.take((_m): _m is Line => true, 'any', timeout)).line;
  }

  /** How many lines of `type` have arrived, taken or not. */
  received(type: string): number {
    return this.seen.get(type) ?? 0;
  }

  /** Whether the server ended the stream (0) or it failed (-1); undefined while open. */
  get ended(): number | undefined {
    return this.inbox.closed;
  }

  /** Closes the stream from this side. */
  close(): void {
    this.abort.abort();
  }
}
