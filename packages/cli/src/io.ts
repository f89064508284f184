// Standard input and output for commands that stream: batch jobs feed thousands of lines
// through here, so output is gathered into large writes and respects back-pressure.

import { once } from 'node:events';
import { createInterface } from 'node:readline';

const CHUNK = 1 << 16;

/** Buffered line output to a stream, written in large chunks. */
export class Output {
  private buffer = '';

  /** Writes to `stream`, standard output by default. */
  constructor(private readonly stream: NodeJS.WritableStream = process.stdout) {}

  /** Queues one line; waits only when a full chunk had to wait for the stream to drain. */
  async line(text: string): Promise<void> {
    this.buffer += `${text}\n`;
    if (this.buffer.length >= CHUNK) await this.flush();
  }

  /** Writes whatever is queued. */
  async flush(): Promise<void> {
    if (this.buffer === '') return;
    const drained = this.stream.write(this.buffer);
    this.buffer = '';
    if (!drained) await once(this.stream, 'drain');
  }
}

/** The lines of standard input, without their line endings, as they arrive. */
export function inputLines(): AsyncIterable<string> {
  return createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
}
