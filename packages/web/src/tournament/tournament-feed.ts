// One tournament as a page follows it: on the tournament's socket, which sends it at once and again
// whenever it changes (a result, a pairing), or, while the socket is down, read every few
// seconds while the page is in sight (its `version` says whether anything changed); the
// server's clock for the countdowns, this player's actions on it, and their next game: once
// paired, a short countdown, then its page.

import type {
  TournamentAction,
  TournamentClientMessage,
  TournamentServerMessage,
  TournamentView,
} from '@agon/protocol';
import { signal } from '@preact/signals';
import { gamePath } from '../online/address.ts';
import { Connection, type LineState, tagged } from '../online/connection.ts';
import { ApiFailure } from '../online/players.ts';
import { keepSeatToken } from '../online/seats.ts';
import { pollWhileVisible } from './poll.ts';
import { tournamentRefusal } from './tournament-text.ts';
import { actOnTournament, fetchTournament } from './tournaments-api.ts';

/** The seconds counted down before a new game of this player's opens. */
export const COUNTDOWN_S = 3;

/**
 * How recently a game found when the page opens may have been paired for the page to go to it:
 * one paired while the page loaded is this player's next game; an older one they left to come
 * here, and it is only linked.
 */
const FRESH_MS = 10_000;

/** Where a page goes when this player's next game comes. */
interface Following {
  /** The game the page shows, if any (the game page's): never gone to again. */
  readonly from?: string;
  /** Opens a path of the online screen. */
  readonly go: (path: string) => void;
}

/** A countdown to this player's new game. */
export interface NextGame {
  readonly game: string;
  /** Seconds left. */
  readonly left: number;
}

/** What went wrong, in the player's words: an ApiFailure is in them already. */
function problemOf(e: unknown): string {
  if (e instanceof ApiFailure && e.refusal) return tournamentRefusal(e.refusal.code) ?? e.message;
  return e instanceof Error ? e.message : String(e);
}

/** Tournament `id` as seen by the player whose token is `token` (a watcher without one). */
export class TournamentFeed {
  /** The tournament as last read. */
  readonly view = signal<TournamentView | undefined>(undefined);
  /** Why the last read failed, until one succeeds. */
  readonly problem = signal<string | undefined>(undefined);
  /** Why this player's last action was refused. */
  readonly refused = signal<string | undefined>(undefined);
  /** The server knows no such tournament. */
  readonly missing = signal(false);
  /** The server's clock less this browser's (ms), for countdowns. */
  readonly offset = signal(0);
  /** The page of the standings shown. */
  readonly page = signal(1);
  /** This player's new game, counted down before it opens. */
  readonly next = signal<NextGame | undefined>(undefined);
  /** An action sent and not yet answered. */
  readonly acting = signal(false);

  /** The games not to go to: the page's own, those gone to, one already going on when it opened. */
  private readonly seen = new Set<string>();
  private read = 0;
  private countdown: ReturnType<typeof setInterval> | undefined;
  private readonly line: Connection<TournamentServerMessage, TournamentClientMessage>;
  /** The page the socket was last asked for. */
  private asked = 1;
  /** Stops the reads that stand in for the socket while it is down. */
  private stopPolling: (() => void) | undefined;

  /**
   * Follows the tournament on its socket, read every `everyMs` while the socket is down; with
   * `follow`, goes to this player's new games.
   */
  constructor(
    readonly id: string,
    private readonly token: string | undefined,
    private readonly everyMs: number,
    private readonly follow?: Following,
  ) {
    if (follow?.from !== undefined) this.seen.add(follow.from);
    this.line = new Connection<TournamentServerMessage, TournamentClientMessage>(
      {
        path: `/api/tournaments/${id}/socket`,
        hello: () => {
          this.asked = this.page.value;
          return { t: 'hello', page: this.asked, ...(token !== undefined && { token }) };
        },
        parse: tagged,
      },
      { message: (m) => this.receive(m), state: (s) => this.lineIs(s) },
    );
  }

  /** Stops following and counting down. */
  stop(): void {
    this.line.stop();
    this.stopPolling?.();
    this.stopPolling = undefined;
    this.cancel();
  }

  private receive(m: TournamentServerMessage): void {
    if (m.t === 'view') this.take(m.view, this.asked);
    else if (m.t === 'error') {
      if (m.code === 'no-such-tournament') {
        this.missing.value = true;
        this.stop();
      } else this.problem.value = problemOf(new ApiFailure(m, m.message));
    }
  }

  /** The socket's state: reads stand in for it while it is down. */
  private lineIs(state: LineState): void {
    if (state === 'open') {
      this.stopPolling?.();
      this.stopPolling = undefined;
    } else if (state === 'closed' && !this.stopPolling && !this.missing.value) {
      this.stopPolling = pollWhileVisible(() => this.refresh(), this.everyMs);
    }
  }

  /** Reads the tournament's page shown now. */
  async refresh(): Promise<void> {
    const page = this.page.value;
    try {
      this.take(await fetchTournament(this.id, page, this.token), page);
    } catch (e) {
      if (e instanceof ApiFailure && e.is('no-such-tournament')) {
        this.missing.value = true;
        this.stop();
      } else {
        this.problem.value = problemOf(e);
      }
    }
  }

  /** Shows page `page` of the standings. */
  showPage(page: number): void {
    this.page.value = page;
    if (this.line.send({ t: 'page', page })) this.asked = page;
    else void this.refresh();
  }

  /** Sends this player's `action`; a pause or a withdrawal also stops a countdown. */
  async act(action: TournamentAction): Promise<void> {
    if (this.token === undefined) return;
    if (action.action === 'pause' || action.action === 'withdraw') this.cancel();
    this.refused.value = undefined;
    this.acting.value = true;
    try {
      const answer = await actOnTournament(this.id, action, this.token);
      // The answer carries the first page of the standings, maybe not the one shown.
      if (this.page.value === 1) this.take(answer, 1);
      else await this.refresh();
    } catch (e) {
      this.refused.value = problemOf(e);
    } finally {
      this.acting.value = false;
    }
  }

  /** Stops the countdown to the next game, if one runs. */
  cancel(): void {
    clearInterval(this.countdown);
    this.countdown = undefined;
    this.next.value = undefined;
  }

  /** Takes the server's answer to a read of page `asked`. */
  private take(v: TournamentView, asked: number): void {
    this.offset.value = v.now - Date.now();
    this.problem.value = undefined;
    // An answer for a page left meanwhile: the next read brings the page shown.
    if (asked !== this.page.value) return;
    // A page past the last (the standings shrank, players withdrew) is answered with the last.
    this.page.value = v.page;
    const shown = this.view.value;
    if (shown?.version !== v.version || shown.page !== v.page) this.view.value = v;
    this.watch(v, this.read++ === 0);
  }

  /** Goes to this player's game when it is a new one. */
  private watch(v: TournamentView, first: boolean): void {
    const game = v.you?.game;
    if (!game || this.token === undefined) return;
    // The seat of a tournament's game is the player's: their identity's token opens it, from the
    // countdown or from any link to it.
    keepSeatToken(game, this.token);
    if (!this.follow || this.seen.has(game)) return;
    this.seen.add(game);
    const fresh = v.now - (v.you?.pairedAt ?? 0) <= FRESH_MS;
    if (first && this.follow.from === undefined && !fresh) return;
    this.countDown(game);
  }

  private countDown(game: string): void {
    this.cancel();
    this.next.value = { game, left: COUNTDOWN_S };
    this.countdown = setInterval(() => {
      const left = (this.next.value?.left ?? 1) - 1;
      if (left > 0) {
        this.next.value = { game, left };
        return;
      }
      this.cancel();
      this.follow?.go(gamePath(game));
    }, 1000);
  }
}
