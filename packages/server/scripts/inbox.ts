// What a test's or load script's socket has been sent, kept until taken: a wait for the first
// message that passes a test, failing when the socket closes or the time runs out. Shared by
// the game sockets of the tests (test/harness.ts) and the lobby's (lobby-client.ts).

/** Messages kept in arrival order until taken. */
export class Inbox<M extends { readonly t: string }> {
  private readonly kept: M[] = [];
  private waiting: (() => void) | undefined;
  /** The socket's close code, once closed. */
  closed: number | undefined;

  /** Keeps a message that arrived. */
  push(message: M): void {
    this.kept.push(message);
    this.waiting?.();
  }

  /** Notes that the socket closed with `code`; a wait under way fails. */
  close(code: number): void {
    this.closed = code;
    this.waiting?.();
  }

  /** How many kept messages pass `test`. */
  count(test: (m: M) => boolean): number {
    return this.kept.filter(test).length;
  }

  /** Waits for the first message that passes `test` (`what` names it), dropping those before it. */
  async take<T extends M>(test: (m: M) => m is T, what: string, timeout: number): Promise<T> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const i = this.kept.findIndex(test);
      if (i >= 0) return this.kept.splice(0, i + 1).at(-1) as T;
      if (this.closed !== undefined) throw new Error(`closed (${this.closed}) waiting for ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} message within ${timeout} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiting = undefined;
    }
  }
}
