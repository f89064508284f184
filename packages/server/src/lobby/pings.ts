// The waiting lists' pings (docs/lobby.md, "Waiting lists"): a seek in a pool where nobody else
// waits tells the players on that pool's list at this hour that someone wants to play. Kept
// apart from the lobby because what matters here is the rate: a ping wakes people who are away,
// so each seeker, pool and player is held to its own limits, claimed on the board so that in a
// cluster they hold whichever process saw the seek.

import type { PoolId } from '@agon/protocol';
import type { Notifier } from '../common/notices.ts';
import type { LobbyBoard, Seek } from './board.ts';
import type { LobbySettingsStore } from './settings.ts';

/**
 * How often one seeker's seeks in one pool may ping its waiting list: someone who comes and goes
 * must not wake the same people again and again.
 */
const PING_WAVE_MS = 10 * 60_000;
/** The least time between two pings to one player: at most three an hour. */
const PING_GAP_MS = 20 * 60_000;
/** The most players one seek pings. */
const PING_AT_MOST = 30;

/** What the pings work with. */
interface PingsContext {
  readonly board: LobbyBoard;
  readonly settings: LobbySettingsStore;
  readonly now: () => number;
  readonly notifier: Notifier;
}

/** The pings of the waiting lists. */
export class Pings {
  constructor(private readonly context: PingsContext) {}

  /**
   * Pings the waiting list of `seek.pool` when nobody else waits there: the players on it at
   * this hour who are not playing and were not pinged in the last PING_GAP_MS, at most
   * PING_AT_MOST of them, and at most once in PING_WAVE_MS for one seeker and pool. The board
   * claims each, so that in a cluster a ping is sent once, whichever process saw the seek.
   */
  async ping(seek: Seek): Promise<void> {
    const { board, settings, now, notifier } = this.context;
    const pool: PoolId = seek.pool;
    if ((await board.seeks(pool)).some((s) => s.player !== seek.player)) return;
    if (!(await board.claim(`ping-wave:${pool}:${seek.player}`, PING_WAVE_MS))) return;
    const hour = new Date(now()).getUTCHours();
    for (const id of await settings.waitingPlayers(pool, hour, seek.player, PING_AT_MOST)) {
      if ((await board.busy(id)) !== undefined) continue;
      if (!(await board.claim(`pinged:${id}`, PING_GAP_MS))) continue;
      notifier.notify(id, {
        kind: 'seeking',
        pool,
        seeker: seek.name,
        url: `/lobby?seek=${encodeURIComponent(pool)}`,
      });
    }
  }
}
