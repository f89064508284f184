// The built-in players of `agon match`.

import {
  Game,
  makeMoveText,
  parseApn,
  parseCell,
  ring,
  STANDARD_APN,
  seededRandom,
} from '@agon/engine';
import { describe, expect, it } from 'vitest';
import { BuiltInMover } from '../src/builtin-mover.ts';

function game(apn: string): Game {
  const pos = parseApn(apn);
  if (!pos.ok) throw new Error(pos.error.message);
  return new Game(pos.value);
}

describe('the novice player', () => {
  it('completes its throne ring when it can (R11)', async () => {
    const novice = new BuiltInMover('novice', 1);
    // White's queen is on the throne with five guards round it; h5-g6 closes the ring.
    await novice.newGame(3);
    expect(await novice.move(game('gggggg/7/8/9/4GG4/4GQG3q/4G5/4G4/8/7/6 w'))).toBe('h5-g6');
  });

  it('captures when it can (R9), whatever the seed', async () => {
    // The first position of a seeded random game where White can capture.
    const g = game(STANDARD_APN);
    const random = seededRandom(2);
    const capturing = () => g.legalMoves().filter((m) => g.position.stepCaptures(m) > 0);
    while (g.position.turn !== 0 || capturing().length === 0) {
      const moves = g.legalMoves();
      g.play(moves[Math.floor(random() * moves.length)]!);
      expect(g.outcome).toBeUndefined();
    }
    const texts = capturing().map(makeMoveText);
    expect(texts.length).toBeLessThan(g.legalMoves().length);
    for (let seed = 0; seed < 10; seed++) {
      const novice = new BuiltInMover('novice', seed);
      await novice.newGame(seed);
      expect(texts).toContain(await novice.move(g));
    }
  });

  it('otherwise steps a piece inward, never sideways or back', async () => {
    const start = game(STANDARD_APN);
    const novice = new BuiltInMover('novice', 5);
    for (let seed = 0; seed < 10; seed++) {
      await novice.newGame(seed);
      const text = await novice.move(start);
      const [from, to] = text.split('-').map(parseCell);
      expect(ring[to!]).toBeLessThan(ring[from!]!);
    }
  });
});

describe('the novice as captor (R16)', () => {
  it('never lets the owner close the ring, and sends the queen to the outer ring', async () => {
    // Black owes her queen's relocation and White, the captor, chooses: on g6 she would block
    // White's throne ring; on the outer ring she is as far from the throne as she can be.
    const start = parseApn('6/7/8/3q*5/4GG4/4GQG3g/4G4g/4G3g/7g/6g/5g b');
    if (!start.ok) throw new Error(start.error.message);
    const r16 = new Game(start.value, { captorPlacesQueen: true });
    const novice = new BuiltInMover('novice', 1);
    for (let seed = 0; seed < 20; seed++) {
      await novice.newGame(seed);
      const [from, to] = (await novice.move(r16)).split('@');
      expect(from).toBe('d4');
      expect(ring[parseCell(to!)]).toBe(5);
    }
  });
});
