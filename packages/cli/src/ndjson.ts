// Newline-delimited JSON, the Bot API's streams: one JSON value a line. A bare line break is a
// keep-alive and carries nothing. Network chunks split lines (and UTF-8 characters) anywhere,
// so bytes are decoded as a stream and a line is parsed only once its break has arrived.

import type { AgonError, Result } from '@agon/engine';

/** A line of the stream that is not JSON. */
export interface NdjsonError extends AgonError {
  readonly code: 'bad-json';
  /** The line as received, cut to a length fit for a log. */
  readonly line: string;
}

// A log line quotes this much of a bad line.
const QUOTED = 80;

/** One line (without its break) as a value; a blank line is a keep-alive: undefined. */
export function parseNdjsonLine(line: string): Result<unknown, NdjsonError> | undefined {
  const text = line.trim();
  if (text === '') return undefined;
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const quoted = text.length > QUOTED ? `${text.slice(0, QUOTED)}…` : text;
    const message = `not a JSON line (${(e as Error).message}): ${quoted}`;
    return { ok: false, error: { code: 'bad-json', message, line: quoted } };
  }
}

/** A value as one line of the stream, with its break. */
export function makeNdjsonLine(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}

/**
 * The values of a byte stream, one per complete line, in order; keep-alives are skipped. A last
 * line without its break counts too: a server may close right after it.
 */
export async function* parseNdjson(
  chunks: AsyncIterable<Uint8Array>,
): AsyncGenerator<Result<unknown, NdjsonError>> {
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of chunks) {
    pending += decoder.decode(chunk, { stream: true });
    let end = pending.indexOf('\n');
    while (end >= 0) {
      const parsed = parseNdjsonLine(pending.slice(0, end));
      pending = pending.slice(end + 1);
      if (parsed) yield parsed;
      end = pending.indexOf('\n');
    }
  }
  const parsed = parseNdjsonLine(pending + decoder.decode());
  if (parsed) yield parsed;
}
