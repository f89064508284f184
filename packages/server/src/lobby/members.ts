// The lobby's sockets on this process, by player, and what each player here has put on the
// board (their seek, their challenge). A socket becomes a member only while it is open, and a
// player's last socket takes their holdings with it, so nothing is left on the board without a
// tab behind it. The holdings are also what this process puts back on the board when the board
// lost them (Redis restarted empty).

import type { LobbyServerMessage, Refusal } from '@agon/protocol';
import type { Player } from '../player/players.ts';
import type { Challenge, Seek } from './board.ts';

/** A lobby socket as the lobby sees it. */
export interface LobbyMember {
  readonly address: string;
  /** Whether it is still connected. */
  readonly open: boolean;
  send(message: LobbyServerMessage | string): void;
  refuse(error: Refusal): void;
  close(code: number, reason: string): void;
}

/** What one player has put on the board through this process. */
interface Holding {
  readonly seek?: Seek;
  readonly challenge?: Challenge;
}

/** The lobby's members on this process. */
export class Members {
  private readonly sockets = new Map<string, Set<LobbyMember>>();
  private readonly who = new Map<LobbyMember, Player>();
  private readonly held = new Map<string, Holding>();

  /** Players with a lobby socket here. */
  get players(): number {
    return this.sockets.size;
  }

  /**
   * Lets `member` in as `player` if it is still open (it may have closed while its hello was
   * answered); false if it closed.
   */
  add(member: LobbyMember, player: Player): boolean {
    if (!member.open) return false;
    this.who.set(member, player);
    const mine = this.sockets.get(player.id) ?? new Set();
    mine.add(member);
    this.sockets.set(player.id, mine);
    return true;
  }

  /**
   * Takes `member` out. Answers its player and what they held when it was their last socket
   * here (the caller takes those off the board); undefined otherwise.
   */
  remove(member: LobbyMember): { player: Player; holding: Holding } | undefined {
    const player = this.who.get(member);
    if (!player) return undefined;
    this.who.delete(member);
    const mine = this.sockets.get(player.id);
    mine?.delete(member);
    if (mine && mine.size > 0) return undefined;
    this.sockets.delete(player.id);
    const holding = this.held.get(player.id) ?? {};
    this.held.delete(player.id);
    return { player, holding };
  }

  /** The player `member` said hello as, if it is a member. */
  player(member: LobbyMember): Player | undefined {
    return this.who.get(member);
  }

  /** The players with a lobby socket here. */
  ids(): IterableIterator<string> {
    return this.sockets.keys();
  }

  /** Whether `player` has a lobby socket here. */
  has(player: string): boolean {
    return this.sockets.has(player);
  }

  /** Sends `message` to `player`'s sockets here. */
  tell(player: string, message: LobbyServerMessage | string): void {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    for (const member of this.sockets.get(player) ?? []) member.send(text);
  }

  /** Sends the serialised `text` to every member. */
  everyone(text: string): void {
    for (const members of this.sockets.values()) for (const m of members) m.send(text);
  }

  /** What `player` holds on the board through this process. */
  holding(player: string): Holding {
    return this.held.get(player) ?? {};
  }

  /** Notes `player`'s seek (undefined: none); only for a player with a socket here. */
  holdSeek(player: string, seek: Seek | undefined): void {
    this.update(player, { seek });
  }

  /** Notes `player`'s challenge (undefined: none); only for a player with a socket here. */
  holdChallenge(player: string, challenge: Challenge | undefined): void {
    this.update(player, { challenge });
  }

  private update(player: string, change: Holding): void {
    if (!this.sockets.has(player)) return;
    const next = { ...this.held.get(player), ...change };
    if (next.seek === undefined && next.challenge === undefined) this.held.delete(player);
    else this.held.set(player, next);
  }

  /** Every player's holdings here. */
  holdings(): IterableIterator<[string, Holding]> {
    return this.held.entries();
  }
}
