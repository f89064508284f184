// An event's socket (/api/tournaments/<id>/socket): a page says hello with its player's token
// (a watcher has none) and the page of the standings it shows, and is sent the event as GET
// /api/tournaments/<id> answers it, at once and again whenever it changes. A result, a pairing
// or a join may be appended by any process, so a process with sockets on an event reads the
// log's new events every WATCH_MS (one read for all of them) and pushes each socket its view
// when the event's version or status moved: a page learns of its next game and of its counted
// result within that, and a thousand pages no longer read the event every 2 s each.

import {
  parseTournamentMessage,
  type Refusal,
  type TournamentClientMessage,
  type TournamentServerMessage,
  type TournamentStatus,
} from '@agon/protocol';
import type { Problems } from '../common/problems.ts';
import { hashToken } from '../common/secret.ts';
import type { Connection, SocketHandler } from '../common/sockets.ts';
import type { PlayerStore } from '../player/players.ts';
import type { EventState } from './standings.ts';
import { statusOf } from './timing.ts';
import type { Tournaments } from './tournaments.ts';
import { recentPlayers, viewOf } from './view.ts';

/** How often an event with sockets open is read again for changes. */
const WATCH_MS = 500;

/** One socket on an event: whose, the page it shows, and what it was last sent. */
interface Watcher {
  readonly connection: Connection;
  readonly player: string | undefined;
  page: number;
  /** The version and status it was last sent (undefined: nothing yet). */
  sent?: string;
}

const NO_SUCH: Refusal = { code: 'no-such-tournament', message: 'no tournament has this id' };

/** What the event sockets work with. */
interface EventSocketContext {
  readonly tournaments: Tournaments;
  readonly players: PlayerStore;
  readonly problems: Problems;
  /** The wall clock (ms since 1970). */
  readonly now: () => number;
}

/** The event sockets of this process. */
export class EventSockets {
  private readonly watchers = new Map<string, Set<Watcher>>();
  private readonly timer: NodeJS.Timeout;
  private readonly pagePlayers: Pick<PlayerStore, 'players'>;
  private looking = false;

  constructor(private readonly context: EventSocketContext) {
    this.pagePlayers = recentPlayers(context.players, context.now);
    this.timer = setInterval(() => {
      this.look().catch((e: unknown) => context.problems.report('tournament sockets', e, true));
    }, WATCH_MS);
    this.timer.unref();
  }

  /** The handler of a socket on event `id`. */
  handler(id: string): SocketHandler<TournamentClientMessage> {
    let watcher: Watcher | undefined;
    return {
      parse: parseTournamentMessage,
      hello: async (connection, message) => {
        const player =
          message.token === undefined
            ? undefined
            : (await this.context.players.playerByToken(hashToken(message.token)))?.id;
        if (message.token !== undefined && player === undefined) {
          connection.refuse({ code: 'unknown-player', message: 'no player has this token' });
          connection.close(1008, 'unknown player');
          return;
        }
        if (!connection.open) return;
        const state = await this.context.tournaments.get(id, WATCH_MS);
        if (!state) {
          connection.refuse(NO_SUCH);
          connection.close(1008, 'no such tournament');
          return;
        }
        if (!connection.open) return;
        watcher = { connection, player, page: message.page };
        const all = this.watchers.get(id) ?? new Set<Watcher>();
        all.add(watcher);
        this.watchers.set(id, all);
        await this.send(watcher, state);
      },
      receive: async (_connection, message) => {
        if (!watcher) return;
        watcher.page = message.page;
        const state = await this.context.tournaments.get(id, WATCH_MS);
        if (state) await this.send(watcher, state);
      },
      leave: () => {
        const all = this.watchers.get(id);
        if (!watcher || !all) return;
        all.delete(watcher);
        if (all.size === 0) this.watchers.delete(id);
      },
    };
  }

  /** Reads each watched event's new events, and sends its sockets the view if it changed. */
  private async look(): Promise<void> {
    if (this.looking) return;
    this.looking = true;
    try {
      await Promise.all(
        [...this.watchers.entries()].map(async ([id, all]) => {
          const state = await this.context.tournaments.get(id, WATCH_MS);
          if (!state) return;
          const now = this.context.now();
          const mark = markOf(statusOf(state, now), state.version);
          const behind = [...all].filter((w) => w.sent !== mark);
          if (behind.length === 0) return;
          // The names are read first in a few reads for all the views: the lines of each page
          // shown (a view of it for nobody), then every watcher's own. Built at once, hundreds
          // of views would each miss them and read them, hundreds of reads for one change.
          const pages = new Set(behind.map((w) => w.page));
          await Promise.all(
            [...pages].map((page) => viewOf(this.pagePlayers, state, page, undefined, now)),
          );
          await this.pagePlayers.players(behind.flatMap((w) => (w.player ? [w.player] : [])));
          await Promise.all(behind.map((w) => this.send(w, state)));
        }),
      );
    } finally {
      this.looking = false;
    }
  }

  /** Sends `watcher` its page of `state` as it is now. */
  private async send(watcher: Watcher, state: EventState): Promise<void> {
    const now = this.context.now();
    // Marked before the names are awaited: the view is of this moment, a look meanwhile does
    // not send it twice, and a change meanwhile is sent at the next look.
    watcher.sent = markOf(statusOf(state, now), state.version);
    const view = await viewOf(this.pagePlayers, state, watcher.page, watcher.player, now);
    const message: TournamentServerMessage = { t: 'view', view };
    watcher.connection.send(message);
  }

  /** Stops looking (the server is closing; the sockets are closed with the others). */
  stop(): void {
    clearInterval(this.timer);
    this.watchers.clear();
  }
}

const markOf = (status: TournamentStatus, version: number): string => `${version} ${status}`;
