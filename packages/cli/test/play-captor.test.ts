// `agon play` under R16: the captor chooses a captured queen's cell on the owner's turn, at
// the terminal as in the app, against the computer in both roles and from a saved record.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agon } from './agon.ts';

/** White to move captures Black's queen with d9-e9: she is taken on f9. */
const WHITE_CAPTURES = '1g1G2/G5g/8/g7G/Q9/8q2/7G2/g3g4/8/G4g1/2G3 w';
/** White's queen was captured on g2 and White, to move, owes her relocation. */
const WHITE_OWES = 'g5/5Gg/1G6/6G2/7q2/2g8/1Q*6G1/g8/8/G5g/2g2G w';

describe('agon play --queen-placement captor (R16)', () => {
  it('has the player who captured the computer’s queen choose her cell, then move again', async () => {
    const { status, stdout } = await agon(
      ['play', '--level', '1', '--queen-placement', 'captor', '--apn', WHITE_CAPTURES],
      'd9-e9\nf9@a1\nundo\nf9@f6\n',
    );
    expect(status).toBe(0);
    expect(stdout).toContain(
      "White captured Black's queen and chooses her cell (R16): type <from>@<to>, or moves.",
    );
    expect(stdout).toContain("White places Black's queen> f9@a1\nWhite plays f9@a1.");
    // The placement was Black's turn, chosen by White: White moves next, the computer waits.
    expect(stdout).toMatch(
      /White plays f9@a1\.\n[\s\S]*White to move> undo\nTook back the last turn\./,
    );
    expect(stdout).toContain("White places Black's queen> f9@f6\nWhite plays f9@f6.");
    expect(stdout).not.toContain('(computer) plays');
  });

  it('has the computer choose the cell of the player’s queen, then play its own turn', async () => {
    const { status, stdout } = await agon(
      ['play', '--level', '1', '--queen-placement', 'captor', '--apn', WHITE_OWES],
      'undo\n',
    );
    expect(status).toBe(0);
    expect(stdout).toMatch(/^Black \(computer\) plays g2@[a-l]\d+\.\nBlack \(computer\) plays /m);
    // Both were the computer's choices: there is no turn of the player's to take back.
    expect(stdout).toContain('White to move> undo\nNothing to undo.');
  });

  it('under R10 leaves the queen’s cell to her owner', async () => {
    const { stdout } = await agon(['play', '--apn', WHITE_CAPTURES], 'd9-e9\nboard\n');
    expect(stdout).toContain('Black to move>');
    expect(stdout).toContain('Black must relocate a captured piece (R10)');
  });

  it('saves the rule in the record, and a loaded record brings it back', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'agon-')), 'r16.agn');
    await agon(
      ['play', '--queen-placement', 'captor', '--apn', WHITE_CAPTURES],
      `d9-e9\nsave ${file}\n`,
    );
    expect(readFileSync(file, 'utf8')).toContain('[QueenPlacement "Captor"]');
    const loaded = await agon(['play', '--load', file], 'board\n');
    expect(loaded.stdout).toContain("White places Black's queen> board");
  });

  it('refuses an unknown placement, and a flag that a loaded record would override', async () => {
    const bad = await agon(['play', '--queen-placement', 'winner']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(
      'unknown queen placement "winner": it is owner (R10) or captor (R16)',
    );
    const both = await agon(['play', '--load', 'x.agn', '--queen-placement', 'captor']);
    expect(both.status).toBe(2);
    expect(both.stderr).toContain("the record's tags decide");
  });
});
