// GET /api/stream/event for one player (docs/bot-api.md, "The API"): the challenges to and by
// them as they come and go, and their games as they start and end, as lichess's event stream
// tells them. It joins the lobby as a watcher of the player's own challenges, as another page
// of theirs does (lobby.ts `listen`), so the board's word reaches it on whichever process it is;
// and it sits in each game of theirs as a member holding their seat, so the hub's relay tells it
// of the end wherever the game is played.

import type {
  BotEvent,
  ChallengeView,
  LobbyServerMessage,
  PlayerBrief,
  ServerMessage,
} from '@agon/protocol';
import type { Problems } from '../common/problems.ts';
import type { Member } from '../common/sockets.ts';
import type { Hub } from '../game/hub.ts';
import type { Room } from '../game/room.ts';
import { outcomeOf } from '../game/table.ts';
import type { Lobby } from '../lobby/lobby.ts';
import type { LobbyMember } from '../lobby/members.ts';
import type { Player, PlayerStore } from '../player/players.ts';
import { botChallenge, botGame } from './bot-view.ts';
import { REJOIN_MS } from './game-stream.ts';
import type { NdjsonStream } from './ndjson.ts';

/** The most games in play a stream says at its start and sits in. */
const GAMES_FOLLOWED = 50;
/**
 * How long after a game starts with a player a challenge between the two that leaves the list
 * counts as accepted rather than canceled (the list follows the game's start within a second).
 */
const ACCEPTED_WITHIN_MS = 10_000;

/** What an event stream works with. */
export interface EventContext {
  readonly lobby: Lobby;
  readonly hub: Hub;
  readonly players: PlayerStore;
  readonly problems: Problems;
  readonly now: () => number;
}

/** One player's event stream. */
export class EventStream implements LobbyMember {
  /** The challenges to and by the player as last listed, by id; undefined before the first list. */
  private known: Map<string, ChallengeView> | undefined;
  /** The challenges whose declining was told. */
  private readonly declined = new Set<string>();
  /** The games the stream sits in, by id. */
  private readonly games = new Map<string, GameSeat>();
  /** When a game last started with each opponent. */
  private readonly startedWith = new Map<string, number>();
  /** The tail of the stream's work: lines go out in the order things happened. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly stream: NdjsonStream,
    private readonly player: Player,
    private readonly token: string,
    readonly address: string,
    private readonly context: EventContext,
  ) {
    stream.onEnd(() => {
      context.lobby.leave(this);
      for (const seat of this.games.values()) seat.stand();
      this.games.clear();
    });
  }

  get open(): boolean {
    return this.stream.open;
  }

  /** Says the player's games in play, then watches the lobby for their challenges. */
  start(): void {
    this.enqueue(async () => {
      const { players } = this.context;
      const ongoing = await players.recentGames(this.player.id, GAMES_FOLLOWED, true);
      for (const { game } of ongoing) await this.follow(game);
      if (this.open) this.context.lobby.listen(this, this.player);
    });
  }

  send(message: LobbyServerMessage | string): void {
    const m = (typeof message === 'string' ? JSON.parse(message) : message) as LobbyServerMessage;
    if (m.t === 'direct') this.enqueue(async () => this.listed(m.challenges));
    else if (m.t === 'paired') this.enqueue(() => this.follow(m.game));
    else if (m.t === 'season') {
      this.enqueue(async () => {
        for (const { game } of m.games) await this.follow(game);
      });
    } else if (m.t === 'declined') this.enqueue(async () => this.declinedBy(m.id, m.by, m.reason));
  }

  refuse(): void {
    // A watcher asks nothing of the lobby: a refusal answers no request of the stream's.
  }

  close(): void {
    this.stream.end();
  }

  /** A new list of the player's challenges: says those made, and those gone unanswered. */
  private listed(challenges: readonly ChallengeView[]): void {
    const me = this.player.id;
    const before = this.known;
    this.known = new Map(challenges.map((c) => [c.id, c]));
    for (const [id, c] of before ?? []) {
      if (this.known.has(id) || this.declined.delete(id)) continue;
      const other = c.by.id === me ? c.to?.id : c.by.id;
      const started = other === undefined ? undefined : this.startedWith.get(other);
      if (started !== undefined && this.context.now() - started < ACCEPTED_WITHIN_MS) continue;
      this.line({ type: 'challengeCanceled', challenge: botChallenge(c, c, 'canceled', me) });
    }
    for (const c of challenges) {
      // At the start, as lichess does, only the challenges waiting for the player's answer.
      if (before ? before.has(c.id) : c.by.id === me) continue;
      this.line({ type: 'challenge', challenge: botChallenge(c, c, 'created', me) });
    }
  }

  /** The player's challenge `id` was declined by `by`. */
  private declinedBy(id: string, by: PlayerBrief, reason: string): void {
    const c = this.known?.get(id);
    if (!c) return;
    this.declined.add(id);
    const challenge = { ...botChallenge({ ...c, to: by }, c, 'declined', this.player.id) };
    this.line({ type: 'challengeDeclined', challenge: { ...challenge, declineReason: reason } });
  }

  /** Says game `id` started, and sits in it to hear its end. */
  private async follow(id: string): Promise<void> {
    if (!this.open || this.games.has(id)) return;
    const room = await this.context.hub.open(id);
    const game = room && botGame(room, this.player.id);
    if (!room || !game || outcomeOf(room.table) || !this.open) return;
    this.startedWith.set(game.opponent.id, this.context.now());
    this.line({ type: 'gameStart', game });
    this.sitIn(id, room);
  }

  private sitIn(id: string, room: Room): void {
    const seat = new GameSeat(this, room, this.token, () => this.enqueue(() => this.left(id)));
    this.games.set(id, seat);
    seat.sit();
  }

  /** The stream's seat in game `id` was given up: the game ended, or left memory. */
  private async left(id: string): Promise<void> {
    const seat = this.games.get(id);
    if (!seat || !this.open) return;
    this.games.delete(id);
    seat.stand();
    if (!this.finished(seat.room)) {
      // The game left memory while it goes on (another process took it over): sit in it again.
      setTimeout(() => this.enqueue(() => this.rejoin(id)), REJOIN_MS).unref();
    }
  }

  private async rejoin(id: string): Promise<void> {
    if (!this.open || this.games.has(id)) return;
    const room = await this.context.hub.open(id);
    if (room && this.open && !this.finished(room)) this.sitIn(id, room);
  }

  /** Says the game of `room` finished, if it has. */
  private finished(room: Room): boolean {
    if (!outcomeOf(room.table)) return false;
    const game = botGame(room, this.player.id);
    if (game) this.line({ type: 'gameFinish', game });
    return true;
  }

  private line(event: BotEvent): void {
    this.stream.line(event);
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((e: unknown) => {
      this.context.problems.report(`event stream of ${this.player.id}`, e);
    });
  }
}

/** The event stream's seat in one game: it tells the stream once the game ends or leaves. */
class GameSeat implements Member {
  private done = false;

  constructor(
    private readonly owner: { readonly open: boolean },
    readonly room: Room,
    private readonly token: string,
    private readonly over: () => void,
  ) {}

  get open(): boolean {
    return this.owner.open && !this.done;
  }

  sit(): void {
    this.room.admit(this, this.token).then(
      (admitted) => {
        if (!admitted) this.finish();
      },
      () => this.finish(),
    );
  }

  send(_message: ServerMessage | string): void {
    if (outcomeOf(this.room.table)) this.finish();
  }

  refuse(): void {}

  close(): void {
    this.finish();
  }

  /** Leaves the game, if still in it. */
  stand(): void {
    this.done = true;
    this.room.leave(this);
  }

  private finish(): void {
    if (this.done) return;
    this.done = true;
    this.room.leave(this);
    this.over();
  }
}
