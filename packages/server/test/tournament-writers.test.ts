// Many writers at once on one event (a thousand players joining as it opens, their results
// coming in): in one process they are decided one after another and appended in batches, so
// none runs out of attempts and each sees what those before it decided; two processes racing
// each other decide again on what the other wrote; an append that fails leaves nothing behind.

import { describe, expect, it } from 'vitest';
import { arenaTerms } from '../scripts/tournament-client.ts';
import type { TournamentSetup } from '../src/tournament/log.ts';
import type { EventState } from '../src/tournament/standings.ts';
import type { TournamentStore } from '../src/tournament/store.ts';
import { Tournaments } from '../src/tournament/tournaments.ts';
import { sqliteFor } from './sqlite-store.ts';

const SETUP: TournamentSetup = {
  terms: arenaTerms({ name: 'Crowded Arena', startsAt: Date.now() + 60_000, minutes: 5 }),
};

describe('writers of one event in one process', () => {
  const store = sqliteFor();

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

  /** A join of `player` unless they are in already. */
  const join = (player: string, at: number) => (s: EventState) =>
    s.entrant(player) ? [] : [{ kind: 'join' as const, player, from: player, at }];

  const joined = async (id: string) =>
    ((await store.loadTournament(id))?.events ?? []).flatMap((e) =>
      e.kind === 'join' ? [e.player] : [],
    );

  async function event(id: string, players: number): Promise<string[]> {
    const at = Date.now();
    await store.createTournament(id, at, SETUP, { status: 'upcoming', players: 0, endsAt: null });
    const ids = Array.from({ length: players }, (_, i) => `${id}-p${i}`);
    for (const [i, p] of ids.entries()) {
      await store.createPlayer({ id: p, name: `${id} ${i}`, tokenHash: `${p}h`, createdAt: at });
    }
    return ids;
  }

  it('lets each writer of a batch decide on what those before it decided', async () => {
    const [player] = await event('crowded2', 1);
    const tournaments = new Tournaments(store, Date.now);
    const at = Date.now();
    const refusal = { code: 'tournament-closed', message: 'closed' } as const;
    const done = await Promise.all([
      tournaments.act('crowded2', join(player!, at)),
      tournaments.act('crowded2', join(player!, at)),
      tournaments.act('crowded2', () => refusal),
      tournaments.act('crowded2', (s) =>
        s.entrant(player!) ? [{ kind: 'pause', player: player!, at }] : refusal,
      ),
    ]);
    expect(done[2]).toEqual({ refusal });
    expect(done[3]).toHaveProperty('state');
    const stored = await store.loadTournament('crowded2');
    expect(stored!.events.map((e) => e.kind)).toEqual(['join', 'pause']);
    expect((await tournaments.get('crowded2'))!.entrant(player!)!.paused).toBe(true);
  });

  it('logs each join once when two processes write the same event at once', async () => {
    const players = await event('crowded3', 150);
    const one = new Tournaments(store, Date.now);
    const two = new Tournaments(store, Date.now);
    // Both have the event in memory, so each one's appends make the other's held state stale.
    await Promise.all([one.get('crowded3'), two.get('crowded3')]);
    const at = Date.now();
    const done = await Promise.allSettled(
      players.flatMap((p, i) =>
        i % 3 === 0
          ? [one.act('crowded3', join(p, at)), two.act('crowded3', join(p, at))]
          : [(i % 2 ? one : two).act('crowded3', join(p, at))],
      ),
    );
    expect(done.filter((d) => d.status === 'rejected')).toEqual([]);
    expect((await joined('crowded3')).sort()).toEqual([...players].sort());
    for (const t of [one, two]) {
      const state = await t.get('crowded3', 0);
      expect(players.every((p) => state!.entrant(p))).toBe(true);
      expect(state!.version).toBe(players.length);
    }
  });

  it('leaves no trace of a batch whose append fails, to a read meanwhile or the next batch', async () => {
    const [first, second] = await event('crowded4', 2);
    let fail: ((e: Error) => void) | undefined;
    const faulty: TournamentStore = Object.create(store, {
      appendTournament: {
        value: (...args: Parameters<TournamentStore['appendTournament']>) =>
          fail === undefined
            ? new Promise<void>((_, reject) => {
                fail = reject;
              })
            : store.appendTournament(...args),
      },
    });
    const tournaments = new Tournaments(faulty, Date.now);
    const at = Date.now();
    const acting = tournaments.act('crowded4', join(first!, at));
    await expect.poll(() => fail).toBeDefined();
    // A page's read while the append is under way waits for it, and sees it undone.
    const reading = tournaments.get('crowded4', 0);
    fail!(new Error('disk full'));
    await expect(acting).rejects.toThrow('disk full');
    const read = await reading;
    expect(read!.entrant(first!)).toBeUndefined();
    expect(read!.version).toBe(0);
    await tournaments.act('crowded4', join(second!, at));
    expect(await joined('crowded4')).toEqual([second]);
    expect((await tournaments.get('crowded4', 0))!.version).toBe(1);
  });
});
