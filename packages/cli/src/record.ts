// Game records on disk, shared by `play --load` and the `load` command inside a game.

import { readFileSync } from 'node:fs';
import { type AgnRecord, err, parseAgn, type Result } from '@agon/engine';

/** Reads and replays an AGN file; the error names the file and what is wrong with it. */
export function readRecord(file: string): Result<AgnRecord> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return err('agn-read', `cannot read ${file}: ${(e as Error).message}`);
  }
  const record = parseAgn(text);
  return record.ok
    ? record
    : err(record.error.code, `cannot load ${file}: ${record.error.message}`);
}
