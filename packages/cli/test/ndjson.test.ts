// The reader of the Bot API's NDJSON streams: lines split across network chunks anywhere,
// keep-alives, and lines that are not JSON.

import { describe, expect, it } from 'vitest';
import { makeNdjsonLine, parseNdjson, parseNdjsonLine } from '../src/ndjson.ts';

const encoder = new TextEncoder();

async function* chunks(parts: readonly (string | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield typeof part === 'string' ? encoder.encode(part) : part;
}

async function read(parts: readonly (string | Uint8Array)[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const line of parseNdjson(chunks(parts))) out.push(line.ok ? line.value : line.error);
  return out;
}

// Every way of cutting `bytes` in two.
function cuts(bytes: Uint8Array): Uint8Array[][] {
  return Array.from({ length: bytes.length + 1 }, (_, i) => [bytes.slice(0, i), bytes.slice(i)]);
}

const EVENTS = [
  { type: 'gameStart', game: { id: 'g1' } },
  { type: 'challenge', challenge: { id: 'c1', challenger: { name: 'Ärtig Hämähäkki' } } },
  { type: 'gameState', moves: 'f1-f2 e5@a3', wtime: 1000 },
];

describe('parseNdjson', () => {
  it('gives each line of one chunk in order', async () => {
    expect(await read([EVENTS.map(makeNdjsonLine).join('')])).toEqual(EVENTS);
  });

  it('gives the same values however the bytes are cut, inside a line, a character or a break', async () => {
    const bytes = encoder.encode(EVENTS.map(makeNdjsonLine).join(''));
    for (const parts of cuts(bytes)) expect(await read(parts)).toEqual(EVENTS);
  });

  it('gives the same values when every byte is a chunk of its own', async () => {
    const bytes = encoder.encode(EVENTS.map(makeNdjsonLine).join('\n'));
    expect(await read(Array.from(bytes, (b) => Uint8Array.of(b)))).toEqual(EVENTS);
  });

  it('skips keep-alives: bare line breaks, alone, between lines and at the start', async () => {
    const [a, b] = EVENTS.map(makeNdjsonLine);
    expect(await read(['\n', '\n\n', a!, '\n', '\r\n', b!, '\n'])).toEqual(EVENTS.slice(0, 2));
  });

  it('gives nothing for a stream of keep-alives only, or an empty one', async () => {
    expect(await read(['\n', '\n', '\n'])).toEqual([]);
    expect(await read([])).toEqual([]);
  });

  it('waits for a line break before parsing, so half a line is not an error', async () => {
    const line = makeNdjsonLine(EVENTS[0]);
    const lines = parseNdjson(chunks([line.slice(0, 5), line.slice(5, 12), line.slice(12)]));
    expect(await lines.next()).toEqual({ done: false, value: { ok: true, value: EVENTS[0] } });
    expect((await lines.next()).done).toBe(true);
  });

  it('gives a last line that the stream ended without its break', async () => {
    expect(await read([JSON.stringify(EVENTS[0])])).toEqual([EVENTS[0]]);
  });

  it('reads CRLF line ends', async () => {
    expect(
      await read([`${JSON.stringify(EVENTS[0])}\r\n${JSON.stringify(EVENTS[1])}\r\n`]),
    ).toEqual(EVENTS.slice(0, 2));
  });

  it('reports a line that is not JSON as bad-json, quoting it, and reads on', async () => {
    const out = await read(['{"type":', '"gameStart"}\n', 'not json\n', makeNdjsonLine(EVENTS[1])]);
    expect(out[0]).toEqual({ type: 'gameStart' });
    expect(out[1]).toMatchObject({ code: 'bad-json', line: 'not json' });
    expect((out[1] as { message: string }).message).toContain('not json');
    expect(out[2]).toEqual(EVENTS[1]);
  });

  it('cuts a long bad line in its error', async () => {
    const out = await read([`${'x'.repeat(10_000)}\n`]);
    expect((out[0] as { line: string }).line.length).toBeLessThan(100);
  });
});

describe('parseNdjsonLine and makeNdjsonLine', () => {
  it('read back what they write, one line with its break', () => {
    for (const value of [...EVENTS, 'text', 3, null, [1, { a: 'b\nc' }]]) {
      const line = makeNdjsonLine(value);
      expect(line.indexOf('\n')).toBe(line.length - 1);
      expect(parseNdjsonLine(line.slice(0, -1))).toEqual({ ok: true, value });
    }
  });

  it('take a blank line for a keep-alive', () => {
    expect(parseNdjsonLine('')).toBeUndefined();
    expect(parseNdjsonLine('  \r')).toBeUndefined();
  });
});
