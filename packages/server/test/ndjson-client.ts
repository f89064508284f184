// A client of the Bot API's NDJSON streams for the tests: each line kept until a test takes it,
// the bare keep-alive lines counted, and the end of the stream noted, so a test waits for the
// line it expects rather than for a time.

import { Inbox } from '../scripts/inbox.ts';

/** A line of a stream, with its type as the inbox keys it. */
type Line = { readonly t: string; readonly line: Record<string, unknown> };

/** One open stream of the Bot API. */
export class NdjsonClient {
  private readonly inbox = new Inbox<Line>();
  /** Bare newlines received: the stream's keep-alives. */
  keepAlives = 0;

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
          this.inbox.push({ t: String(line.type), line });
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

  /** How many lines kept and not yet taken are of `type`. */
  count(type: string): number {
    return this.inbox.count((m) => m.t === type);
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
