// The Bot API's streams as HTTP answers: NDJSON, one JSON object a line, a bare newline every
// few seconds so that the client (and any proxy between) knows the server is there, ended
// cleanly by either side. `Streams` holds every open stream of the process, counts them per
// player against a cap, and ends them all when the server closes.

import type { FastifyReply } from 'fastify';
import { refusal } from '../common/http-errors.ts';

/** How often a stream with nothing to say sends a bare newline (the contract says every 7 s). */
export const KEEP_ALIVE_MS = 6000;

/** One open stream: lines out, and a word when it ends, by either side. */
export class NdjsonStream {
  private ended = false;
  private readonly timer: NodeJS.Timeout;
  private readonly endings: (() => void)[] = [];

  constructor(private readonly reply: FastifyReply) {
    // The answer is written here, not by Fastify: it stays open for as long as the stream.
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'application/x-ndjson',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    // Headers now, so that the client knows at once that the stream is open.
    reply.raw.flushHeaders();
    this.timer = setInterval(() => this.write('\n'), KEEP_ALIVE_MS);
    reply.raw.on('close', () => this.end());
  }

  /** Whether the stream is still open. */
  get open(): boolean {
    return !this.ended;
  }

  /** Sends one line. */
  line(value: object): void {
    this.write(`${JSON.stringify(value)}\n`);
  }

  /** Calls `ending` once the stream ends, whoever ends it. */
  onEnd(ending: () => void): void {
    if (this.ended) ending();
    else this.endings.push(ending);
  }

  /** Ends the stream cleanly: what was written arrives, then the answer ends. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.timer);
    if (!this.reply.raw.writableEnded) this.reply.raw.end();
    for (const ending of this.endings.splice(0)) ending();
  }

  private write(text: string): void {
    if (!this.ended && !this.reply.raw.writableEnded) this.reply.raw.write(text);
  }
}

/** The open streams of the process, counted per player. */
export class Streams {
  private readonly open = new Set<NdjsonStream>();
  private readonly counts = new Map<string, number>();
  private closing = false;

  /** `cap`: the most streams one player may hold open at once on this process. */
  constructor(private readonly cap: number) {}

  /**
   * Opens a stream on `reply` for `player`; or, if they hold `cap` open already or the server
   * is closing, refuses the request and answers undefined.
   */
  start(player: string, reply: FastifyReply): NdjsonStream | undefined {
    const held = this.counts.get(player) ?? 0;
    if (this.closing) {
      reply.status(503).send(refusal('unavailable', 'the server is closing; try again shortly'));
      return undefined;
    }
    if (held >= this.cap) {
      const why = `you have ${this.cap} streams open, as many as a player may; close one`;
      reply.status(429).header('retry-after', '10').send(refusal('too-many-streams', why));
      return undefined;
    }
    const stream = new NdjsonStream(reply);
    this.open.add(stream);
    this.counts.set(player, held + 1);
    stream.onEnd(() => {
      this.open.delete(stream);
      const left = (this.counts.get(player) ?? 1) - 1;
      if (left > 0) this.counts.set(player, left);
      else this.counts.delete(player);
    });
    return stream;
  }

  /** Ends every stream (the server is closing), and opens none after. */
  close(): void {
    this.closing = true;
    for (const stream of [...this.open]) stream.end();
  }
}
