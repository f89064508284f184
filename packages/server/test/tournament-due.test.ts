// The director's beat looks only at the events due: running, or with their reminder or start
// near. An event made weeks ahead is looked at now and then (for its listing's count of
// players), not twice a second, so a thousand of them cost an idle server nothing.

import { describe, expect, it } from 'vitest';
import { arenaTerms } from '../scripts/tournament-client.ts';
import { SILENT } from '../src/common/notices.ts';
import { Problems } from '../src/common/problems.ts';
import { MemoryBoard } from '../src/lobby/board.ts';
import { Starter } from '../src/lobby/starter.ts';
import { Director, REMIND_MS } from '../src/tournament/director.ts';
import type { TournamentSetup } from '../src/tournament/log.ts';
import { Tournaments } from '../src/tournament/tournaments.ts';
import { sqliteFor } from './sqlite-store.ts';

const setup = (startsAt: number): TournamentSetup => ({
  terms: arenaTerms({ name: 'Due Arena', startsAt, minutes: 30 }),
});

describe("the director's beat", () => {
  const store = sqliteFor();

  it('reads only the events due each beat, and the others now and then', async () => {
    let now = Date.now();
    const summary = { status: 'upcoming' as const, players: 0, endsAt: null };
    await store.createTournament('farahead', now, setup(now + 20 * 86_400_000), summary);
    await store.createTournament('comingup', now, setup(now + REMIND_MS - 60_000), summary);
    const reads: string[] = [];
    const counted = new Proxy(store, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (key === 'loadTournament') reads.push(args[0] as string);
          return value.apply(target, args);
        };
      },
    });
    const clock = () => now;
    const board = new MemoryBoard(clock);
    const problems = new Problems(clock);
    const director = new Director({
      store: counted,
      tournaments: new Tournaments(counted, clock),
      relay: { lease: async () => true },
      board,
      players: counted,
      games: counted,
      starter: new Starter({
        board,
        players: counted,
        problems,
        now: clock,
        hold: async () => undefined,
        notifier: SILENT,
      }),
      notifier: SILENT,
      problems,
      now: clock,
    });
    const beat = async (): Promise<string[]> => {
      reads.length = 0;
      await director.beat();
      return [...new Set(reads)].sort();
    };
    try {
      // The first beat looks at every event; the next ones, for half a minute, at the due one.
      expect(await beat()).toEqual(['comingup', 'farahead']);
      for (let i = 0; i < 10; i++) {
        now += 1000;
        expect(await beat()).toEqual(['comingup']);
      }
      now += 30_000;
      expect(await beat()).toEqual(['comingup', 'farahead']);
    } finally {
      await director.stop();
    }
  });
});
