// An event's page is one moment of it, though results land while the page waits for its
// players' names: the director changes the event's state in place, so a page read partly before
// and partly after that wait once showed a finished event without its podium, or a score beside
// a sheet that did not add up to it. The director's summary for the listing is one moment too.

import type { Colour } from '@agon/engine';
import type { TournamentKind, TournamentView } from '@agon/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Player, PlayerStore } from '../src/player/players.ts';
import type { TournamentEvent, TournamentSetup } from '../src/tournament/log.ts';
import { EventState } from '../src/tournament/standings.ts';
import { summaryOf, viewOf } from '../src/tournament/view.ts';

const STARTS_AT = 1_000_000;
/** While the event runs: before an arena's end. */
const NOW = STARTS_AT + 60_000;

const setupOf = (kind: TournamentKind): TournamentSetup => ({
  terms: {
    kind,
    name: 'Busy event',
    clock: { initial: 180_000, increment: 2_000 },
    variant: 'standard',
    touchMove: false,
    captorPlacesQueen: false,
    rated: true,
    startsAt: STARTS_AT,
    berserk: kind === 'arena',
    ...(kind === 'arena' ? { minutes: 30 } : { rounds: 5 }),
  },
  by: 'p0',
});

const playerOf = (id: string): Player => ({
  id,
  name: `Name ${id}`,
  createdAt: 0,
  ratings: {},
});

/** A lookup of players that answers at once. */
const instant: Pick<PlayerStore, 'players'> = {
  players: async (ids) => ids.map(playerOf),
};

/**
 * What happens next: a change to the event, a page or the listing's summary asked for, or the
 * names one of them waits for arriving.
 */
type Step =
  | { readonly op: 'pair'; readonly a: number; readonly b: number }
  | {
      readonly op: 'result';
      readonly game: number;
      readonly winner: Colour | null;
      readonly plies: number;
      readonly berserk: boolean;
    }
  | { readonly op: 'bye'; readonly player: number }
  | { readonly op: 'finish' }
  | { readonly op: 'read'; readonly you: number | null }
  | { readonly op: 'list' }
  | { readonly op: 'land'; readonly read: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('pair' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({
    op: fc.constant('result' as const),
    game: fc.nat(),
    winner: fc.constantFrom<Colour | null>('white', 'black', null),
    plies: fc.integer({ min: 0, max: 80 }),
    berserk: fc.boolean(),
  }),
  fc.record({ op: fc.constant('bye' as const), player: fc.nat() }),
  fc.record({ op: fc.constant('finish' as const) }),
  fc.record({ op: fc.constant('read' as const), you: fc.option(fc.nat()) }),
  fc.record({ op: fc.constant('list' as const) }),
  fc.record({ op: fc.constant('land' as const), read: fc.nat() }),
);

/** What a page shows must hold together, whichever moment it is. */
function expectConsistent(view: TournamentView, kind: TournamentKind): void {
  const lines = view.standings;
  expect(view.players).toBe(lines.length);
  expect(lines.map((l) => l.rank)).toEqual(lines.map((_, i) => i + 1));
  for (const [i, line] of lines.entries()) {
    if (i > 0) expect(line.score).toBeLessThanOrEqual(lines[i - 1]!.score);
  }
  if (view.status === 'finished') expect(view.podium).toEqual(lines.slice(0, 3));
  else expect(view.podium).toEqual([]);
  // A Swiss's end is when it finished.
  if (kind === 'swiss') expect(view.endsAt !== null).toBe(view.status === 'finished');
  const first = lines[0];
  expect(view.leader).toEqual(
    first && { id: first.player.id, name: first.player.name, score: first.score },
  );
  expect(view.games.map((g) => g.game).sort()).toEqual(
    lines
      .flatMap((l) => l.playing ?? [])
      .filter((g, i, all) => all.indexOf(g) === i)
      .sort(),
  );
  const you = view.you;
  if (!you?.standing) return;
  const sheet = you.sheet;
  expect(lines.find((l) => l.player.id === you.standing?.player.id)).toEqual(you.standing);
  expect(you.standing.score).toBe(sheet.reduce((sum, e) => sum + e.points, 0));
  expect(you.standing.games).toBe(sheet.filter((e) => e.result && e.result !== 'bye').length);
  expect(you.game).toBe(you.standing.playing);
  expect(sheet.filter((e) => e.result === null).map((e) => e.game)).toEqual(
    you.game ? [you.game] : [],
  );
}

describe("an event's page", () => {
  it('shows one moment of the event (the one its version names) and so does the summary, while results land', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<TournamentKind>('arena', 'swiss'),
        fc.integer({ min: 2, max: 7 }),
        fc.array(step, { maxLength: 60 }),
        async (kind, count, steps) => {
          const setup = setupOf(kind);
          const ids = Array.from({ length: count }, (_, i) => `p${i}`);
          const state = new EventState('busyevnt', 0, setup);
          const log: TournamentEvent[] = [];
          const apply = (event: TournamentEvent) => {
            state.apply(event);
            log.push(event);
          };
          for (const player of ids) apply({ kind: 'join', player, from: player, at: 10 });
          apply({ kind: 'start', at: STARTS_AT });
          if (kind === 'swiss') apply({ kind: 'round', round: 1, at: STARTS_AT });

          // Each page's names arrive only when a step says so: the event changes meanwhile.
          let answer: (() => void) | undefined;
          const held: Pick<PlayerStore, 'players'> = {
            players: (asked) =>
              new Promise((resolve) => {
                answer = () => resolve(asked.map(playerOf));
              }),
          };
          /** Reads waiting for their names, each with what to check of it once they land. */
          const waiting: { readonly answer: () => void; readonly check: () => Promise<void> }[] =
            [];
          const asked = <T>(read: Promise<T>, check: (got: T) => Promise<void>) => {
            if (!answer) throw new Error('the read asked for no names');
            waiting.push({ answer, check: async () => check(await read) });
            answer = undefined;
          };
          const land = async (i: number) => {
            const [read] = waiting.splice(i, 1);
            if (!read) return;
            read.answer();
            await read.check();
          };
          /** The event as it was at `version`. */
          const at = (version: number) =>
            EventState.replay({
              id: 'busyevnt',
              createdAt: 0,
              setup,
              events: log.slice(0, version),
            });

          let games = 0;
          for (const s of steps) {
            if (state.finished && (s.op === 'pair' || s.op === 'result' || s.op === 'bye'))
              continue;
            const free = ids.filter((id) => !state.entrant(id)?.playing);
            const inPlay = state.playing();
            switch (s.op) {
              case 'pair': {
                const white = free[s.a % free.length];
                const black = free.filter((id) => id !== white)[s.b % (free.length - 1)];
                if (!white || !black) break;
                apply({
                  kind: 'pair',
                  game: `g${++games}`,
                  white,
                  black,
                  round: state.round,
                  at: NOW,
                });
                break;
              }
              case 'result': {
                const game = inPlay[s.game % inPlay.length];
                if (!game) break;
                apply({
                  kind: 'result',
                  game: game.game,
                  white: game.white,
                  black: game.black,
                  round: game.round,
                  winner: s.winner,
                  plies: s.plies,
                  berserk: { white: s.berserk, black: false },
                  at: NOW,
                });
                break;
              }
              case 'bye':
                if (kind === 'swiss') {
                  apply({
                    kind: 'bye',
                    player: ids[s.player % count]!,
                    round: state.round,
                    at: NOW,
                  });
                }
                break;
              case 'finish':
                if (inPlay.length === 0 && !state.finished) apply({ kind: 'finish', at: NOW });
                break;
              case 'read': {
                const you = s.you === null ? undefined : ids[s.you % count];
                asked(viewOf(held, state, 1, you, NOW), async (view) => {
                  expectConsistent(view, kind);
                  expect(view).toEqual(await viewOf(instant, at(view.version), 1, you, NOW));
                });
                break;
              }
              case 'list': {
                // The director lists the event as it was when it asked.
                const version = state.version;
                asked(summaryOf(held, state, NOW), async (summary) =>
                  expect(summary).toEqual(await summaryOf(instant, at(version), NOW)),
                );
                break;
              }
              case 'land':
                await land(s.read % Math.max(1, waiting.length));
                break;
            }
          }
          while (waiting.length > 0) await land(0);
        },
      ),
    );
  });
});
