// Many writers at once on one event in one process (a thousand players joining as it opens):
// each append waits its turn rather than racing the others for every version, so none runs out
// of attempts and every join is logged once.

import { afterAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../src/sqlite-store.ts';
import type { TournamentSetup } from '../src/tournament/log.ts';
import { Tournaments } from '../src/tournament/tournaments.ts';
import { dataFolder, remove } from './harness.ts';

const SETUP: TournamentSetup = {
  terms: {
    kind: 'arena',
    name: 'Crowded Arena',
    clock: { initial: 60_000, increment: 0 },
    variant: 'standard',
    touchMove: false,
    captorPlacesQueen: false,
    rated: true,
    startsAt: Date.now() + 60_000,
    minutes: 5,
    berserk: false,
  },
};

describe('writers of one event in one process', () => {
  const data = dataFolder();
  const store = new SqliteStore(data);
  afterAll(async () => {
    await store.close();
    remove(data);
  });

  it('logs two hundred joins made at once, each once', async () => {
    const at = Date.now();
    await store.createTournament('crowded1', at, SETUP, {
      status: 'upcoming',
      players: 0,
      endsAt: null,
    });
    const tournaments = new Tournaments(store, Date.now);
    const players = Array.from({ length: 200 }, (_, i) => `player${i}`);
    for (const [i, id] of players.entries()) {
      await store.createPlayer({ id, name: `Crowd ${i}`, tokenHash: `hash${i}`, createdAt: at });
    }
    const done = await Promise.allSettled(
      players.map((player) =>
        tournaments.act('crowded1', (s) =>
          s.entrant(player) ? [] : [{ kind: 'join', player, from: player, at }],
        ),
      ),
    );
    expect(done.filter((d) => d.status === 'rejected')).toEqual([]);
    const stored = await store.loadTournament('crowded1');
    expect(stored!.events.map((e) => (e.kind === 'join' ? e.player : e.kind)).sort()).toEqual(
      [...players].sort(),
    );
  });
});
