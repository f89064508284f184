// The leagues of one process over a store, as the benchmark and the in-process tests run them:
// the runner with the lobby's starter over a board in memory, no games held in memory (nobody
// plays them here) and no notices sent unless a notifier is given.

import { type Notifier, SILENT } from '../src/common/notices.ts';
import type { Problems } from '../src/common/problems.ts';
import { LocalRelay } from '../src/game/relay.ts';
import type { LeagueTerms } from '../src/league/leagues.ts';
import { Runner } from '../src/league/runner.ts';
import { MemoryBoard } from '../src/lobby/board.ts';
import { Starter } from '../src/lobby/starter.ts';
import type { Store } from '../src/storage/store.ts';

/** The runner of `leagues` over `store` on the clock `now`, with its starter and board. */
export function leagueProcess(
  leagues: readonly LeagueTerms[],
  store: Store,
  problems: Problems,
  now: () => number,
  notifier: Notifier = SILENT,
): { readonly board: MemoryBoard; readonly starter: Starter; readonly runner: Runner } {
  const board = new MemoryBoard(now);
  const starter = new Starter({
    board,
    players: store,
    problems,
    now,
    hold: async () => undefined,
    notifier,
  });
  const runner = new Runner({
    leagues,
    store,
    relay: new LocalRelay(),
    players: store,
    games: store,
    starter,
    problems,
    now,
  });
  return { board, starter, runner };
}
