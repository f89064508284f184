// The list every lobby page shows, kept apart from the lobby's requests: a newcomer is welcomed
// with the list last sent (at most a second old), and the members are sent what changed at most
// once a second, since reading the whole board for each arrival or each change would cost a
// crowd dearly. Each sending also hands the board's challenges on, for each player's own list.
// While the board cannot be read, the last list is sent marked as reconnecting.

import { type LobbyServerMessage, type LobbyView, lobbyChanges } from '@agon/protocol';
import type { Problems } from '../common/problems.ts';
import type { GameStore } from '../game/store.ts';
import type { LobbyBoard, Snapshot } from './board.ts';
import type { Challenges } from './challenges.ts';
import type { Members } from './members.ts';
import { EMPTY_VIEW, lobbyView, withStatus } from './view.ts';

/** How often, at most, the list's changes are sent. */
const SHOW_EVERY_MS = 1000;
/** How often the count of games in play is read from the store. */
const COUNT_EVERY_MS = 5000;

/** What the list's sending works with. */
interface BroadcastContext {
  readonly board: LobbyBoard;
  readonly games: GameStore;
  readonly problems: Problems;
  /** The lobby's sockets here, which are sent the list. */
  readonly members: Members;
  /** The challenges, which make each player's own list from the board's. */
  readonly challenges: Challenges;
}

/** The sending of the lobby's list to this process's members. */
export class Broadcast {
  private readonly showTimer: NodeJS.Timeout;
  private readonly countTimer: NodeJS.Timeout;
  private dirty = true;
  /** The sending of changes under way, if one is. */
  private showing: Promise<void> | undefined;
  /** The count of games in play under way, if one is. */
  private counting: Promise<void> | undefined;
  private gamesInPlay = 0;
  /** The list as last sent to the members. */
  private last: LobbyView = EMPTY_VIEW;
  private closing = false;

  constructor(private readonly context: BroadcastContext) {
    const report = (e: unknown): void => context.problems.report('lobby', e);
    this.showTimer = setInterval(() => this.show().catch(report), SHOW_EVERY_MS);
    this.countTimer = setInterval(() => this.count().catch(report), COUNT_EVERY_MS);
    for (const timer of [this.showTimer, this.countTimer]) timer.unref();
    this.count().catch(report);
  }

  /** The list as last sent, which a newcomer is welcomed with. */
  get shown(): LobbyView {
    return this.last;
  }

  /** Notes that the list may have changed, for the next sending. */
  changed(): void {
    this.dirty = true;
  }

  /**
   * Reads how many games are in play (link games and correspondence games too), unless a read
   * is under way.
   */
  private count(): Promise<void> {
    this.counting ??= this.recount().finally(() => {
      this.counting = undefined;
    });
    return this.counting;
  }

  private async recount(): Promise<void> {
    try {
      const inPlay = await this.context.games.inPlay();
      if (inPlay !== this.gamesInPlay) this.dirty = true;
      this.gamesInPlay = inPlay;
    } catch (e) {
      this.context.problems.report('storage', e);
    }
  }

  /**
   * Sends every member what changed in the list, if anything did, now rather than at the next
   * beat (the sending under way, if any); while the board cannot be read, the last list marked
   * as reconnecting.
   */
  show(): Promise<void> {
    this.showing ??= this.changes().finally(() => {
      this.showing = undefined;
    });
    return this.showing;
  }

  private async changes(): Promise<void> {
    const { board, members } = this.context;
    const reachable = board.healthy;
    if (this.closing) return;
    if (!this.dirty && reachable === (this.last.status === 'ok')) return;
    this.dirty = false;
    try {
      let lobby: LobbyView;
      let snap: Snapshot | undefined;
      try {
        snap = reachable ? await board.snapshot() : undefined;
        lobby = snap ? lobbyView(snap, this.gamesInPlay) : this.last;
      } catch (e) {
        if (board.healthy) throw e;
        lobby = this.last;
      }
      lobby = withStatus(lobby, board.healthy ? 'ok' : 'reconnecting');
      const changes = lobbyChanges(this.last, lobby);
      this.last = lobby;
      if (changes && members.players > 0) {
        members.everyone(JSON.stringify({ t: 'changes', changes } satisfies LobbyServerMessage));
      }
      if (snap) this.context.challenges.listed(snap.challenges);
    } catch (e) {
      this.dirty = true;
      this.context.problems.report('lobby', e);
    }
  }

  /** Stops the timers (the server is closing) and waits for what they started. */
  async close(): Promise<void> {
    this.closing = true;
    for (const timer of [this.showTimer, this.countTimer]) clearInterval(timer);
    await Promise.all([this.showing, this.counting]);
  }
}
