// One game in memory and the connections to it: the game's lifecycle. Commands run one at a
// time in arrival order; each event is committed to the store before anyone hears of it; the
// clock's alarm and the idle timer live here, presence beside it (presence.ts). It reaches its
// connections only through `Member` (send, refuse, close), so the tests run it in-process
// under a fake clock, and the other server processes only through the relay (relay.ts), the
// same kind of seam (docs/online.md, "Scaling").

import { type Colour, makeMoveText, opposite } from '@agon/engine';
import type {
  ClientMessage,
  GameView,
  NoticeResult,
  OutcomeView,
  Refusal,
  ServerMessage,
} from '@agon/protocol';
import type { RoomLimits } from '../common/limits.ts';
import type { Notifier } from '../common/notices.ts';
import type { Problems } from '../common/problems.ts';
import { hashToken, newGameId, newToken } from '../common/secret.ts';
import type { Member } from '../common/sockets.ts';
import { type ConditionalStore, followLines, NO_CONDITIONALS } from './conditionals.ts';
import { Presence } from './presence.ts';
import { type Command, decide } from './referee.ts';
import type { RoomRelay } from './relay.ts';
import { type GameEvent, type GameSetup, type GameStore, VersionConflict } from './store.ts';
import {
  alarmAt,
  applyEvent,
  clockView,
  deadlineOf,
  outcomeOf,
  publicEvent,
  type Table,
  touchedCell,
  vacationDeadline,
  vacationLatest,
  watched,
} from './table.ts';
import { NO_VACATIONS, type Vacations } from './vacations.ts';

/** What a member may ask of a game once it is in. */
type Action = Exclude<ClientMessage, { t: 'hello' | 'sync' | 'ping' }>;

/** Who sits at a lobby game's seats. */
export type Seated = GameView['players'];

/** Nobody known at either seat: a game made by link. */
const UNSEATED: Seated = { white: null, black: null };

/** What was played in a finished game, beyond its outcome: what an arena scores by. */
export interface Played {
  /** The moves made. */
  readonly plies: number;
  /** Which seats berserked. */
  readonly berserk: { readonly white: boolean; readonly black: boolean };
  /** The seat the game was called off for (no first move in time), if it was. */
  readonly absent?: Colour;
}

/** What a game made in the lobby needs from the lobby (lobby/settlement.ts). */
export interface Seating {
  /** The names and ratings of the players of a game set up as `setup`. */
  seated(setup: GameSetup): Promise<Seated>;
  /** The seat of a game set up as `setup` that the identity with `tokenHash` holds, if any. */
  seatOf(setup: GameSetup, tokenHash: string): Promise<Colour | null>;
  /**
   * The lobby game `id` ended as `outcome` after `played`: rate it (once, whoever asks) and
   * free its players; answers the players with what the game did to their ratings.
   */
  finished(id: string, setup: GameSetup, outcome: OutcomeView, played: Played): Promise<Seated>;
  /** The lobby games whose result is not yet recorded: in play, or ended and not yet rated. */
  unsettled(): Promise<readonly string[]>;
}

/** The seating of a server without a lobby (the tests of one game). */
export const NO_SEATING: Seating = {
  seated: async () => UNSEATED,
  seatOf: async () => null,
  finished: async () => UNSEATED,
  unsettled: async () => [],
};

/** What a game needs from the server around it. */
export interface RoomContext {
  readonly store: GameStore;
  /** The server's clock in ms: monotonic, so a step of the wall clock moves no flag. */
  readonly now: () => number;
  readonly limits: RoomLimits;
  readonly problems: Problems;
  /** Told once, when the game leaves memory. */
  readonly gone: (room: Room) => void;
  /**
   * The other server processes: told of every committed event and of this process's
   * connections to the game, and asked for theirs.
   */
  readonly relay: RoomRelay;
  /** The lobby, for the games it made. */
  readonly seating: Seating;
  /** Tells a lobby game's players who are away whose turn it is and how it ended. */
  readonly notifier: Notifier;
  /** The players' vacation: a lobby game of days moves a deadline for it (none without one). */
  readonly vacations?: Vacations;
  /** The players' conditional moves in games of days, played here as their turn comes. */
  readonly conditionals?: ConditionalStore;
}

/** The refusal of an action to a game that left memory meanwhile: it is loaded again on asking. */
const MOVED: Refusal = { code: 'unavailable', message: 'the game is being reloaded; try again' };

/** The close code for a watcher turned away from a full game: try again later. */
export const WATCHERS_FULL_CLOSE = 1013;
/** The longest a timer can wait (2^31 - 1 ms); a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** How long a flag that could not be stored waits before it is tried again. */
const FLAG_RETRY_MS = 1000;

/**
 * Events that neither end a game nor move its deadline: a correspondence game's deadline as
 * noted before them stays right after them (a move only pushes the deadline later).
 */
const QUIET: ReadonlySet<GameEvent['kind']> = new Set([
  'join',
  'touch',
  'draw-offer',
  'draw-decline',
  'takeback-offer',
  'takeback-decline',
  'rematch-offer',
  'rematch',
  'say',
]);

/** One game in memory with its members. */
export class Room {
  private readonly members = new Map<Member, Colour | null>();
  /** Who is connected, here and on the other processes. */
  readonly presence: Presence;
  /** The tail of this game's command queue. */
  private queue: Promise<void> = Promise.resolve();
  private alarm: NodeJS.Timeout | undefined;
  private idle: NodeJS.Timeout | undefined;
  /** Whether a read of the store is queued already. */
  private refreshing = false;
  /** What the store was last told of whether the game needs watching. */
  private noted: boolean;
  /** What the store was last told of a correspondence game's deadline (undefined: unknown). */
  private notedDue: number | null | undefined;
  private left = false;
  /** In a game of days: when each player on vacation comes back, as last read or moved. */
  private away: { white?: number; black?: number } = {};

  /**
   * A game restored into memory with its `players`; `noted` is whether the store has it as
   * needing watching (a running clock, an awaited first move).
   */
  constructor(
    readonly table: Table,
    private readonly context: RoomContext,
    noted: boolean,
    private players: Seated = UNSEATED,
  ) {
    this.presence = new Presence(
      table.id,
      context.relay,
      context.limits.presenceMs,
      (text) => {
        for (const member of this.members.keys()) member.send(text);
      },
      (e) => context.problems.report(`game ${table.id}`, e, true),
    );
    this.noted = noted;
    this.arm();
    this.enqueue(() => this.note());
    // Players of this game may be on other processes already.
    this.presence.lookAround();
    // Even a game that nobody ends up joining (a hello whose socket closed) leaves memory.
    this.rest();
    // A lobby game that ended while its process died before rating it is rated now (once).
    if (outcomeOf(table)) this.enqueue(() => this.finish());
  }

  /** The game's id. */
  get id(): string {
    return this.table.id;
  }

  /** Connections in the game. */
  get size(): number {
    return this.members.size;
  }

  /** Who sits at the seats of a lobby game, with their ratings as last read. */
  get seated(): Seated {
    return this.players;
  }

  /**
   * Runs `work` after everything already queued for this game. Storage failures are caught
   * where they happen: anything thrown here is a bug, logged with its stack, and the queue goes
   * on.
   */
  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((e: unknown) => {
      this.context.problems.report(`game ${this.id}`, e, true);
    });
  }

  /**
   * Lets `member` in after the commands before it: to the seat `token` proves, else the free
   * seat, else to watch. Resolves true once it is in and has the game.
   */
  admit(member: Member, token: string | undefined): Promise<boolean> {
    return new Promise((resolve) => {
      let admitted = false;
      this.enqueue(async () => {
        try {
          admitted = await this.seat(member, token);
        } finally {
          resolve(admitted);
        }
      });
    });
  }

  /** What `admit` does in its turn: true once `member` is in and has the game. */
  private async seat(member: Member, token: string | undefined): Promise<boolean> {
    const t = this.table;
    const hash = token === undefined ? undefined : hashToken(token);
    let seat: Colour | null;
    try {
      seat =
        hash === undefined
          ? null
          : t.seats.white === hash
            ? 'white'
            : t.seats.black === hash
              ? 'black'
              : await this.context.seating.seatOf(t.setup, hash);
    } catch (e) {
      // An identity that cannot be looked up now (the store away): try again shortly.
      this.context.problems.report('storage', e);
      member.refuse({ code: 'server-error', message: 'the game could not be opened now' });
      member.close(1011, 'the game could not be opened now');
      return false;
    }
    let given: string | undefined;
    if (seat === null && member.open && !this.left) {
      // Whoever opens the link first takes the free seat; later visitors watch.
      const fresh = newToken();
      const ruling = decide(t, { t: 'join', token: hashToken(fresh) }, this.context.now());
      if (ruling.ok && (await this.commit(ruling.event, member))) {
        seat = ruling.event.kind === 'join' ? ruling.event.seat : null;
        given = fresh;
      }
    }
    // Checked after the commit too: the socket may have closed while it was stored.
    if (!member.open || this.left) {
      if (this.left) member.close(1012, 'reload the game');
      this.rest();
      return false;
    }
    if (seat === null && this.presence.watchers >= this.context.limits.maxWatchers) {
      member.refuse({
        code: 'too-many-watchers',
        message: 'this game has all the watchers it can take',
      });
      member.close(WATCHERS_FULL_CLOSE, 'too many watchers');
      this.rest();
      return false;
    }
    await this.readAway();
    this.members.set(member, seat);
    this.presence.join(seat);
    if (this.idle) clearTimeout(this.idle);
    this.idle = undefined;
    member.send(this.state(seat, given));
    return true;
  }

  /** Sends `member` the whole game again. */
  sync(member: Member): void {
    member.send(this.state(this.members.get(member) ?? null));
  }

  /** Queues a member's action. */
  act(member: Member, action: Action): void {
    this.enqueue(() => this.command(member, action));
  }

  /**
   * Runs the action `make` gives for the table as it is when its turn comes, for the holder of
   * `seat` as the caller proved it (the Bot API's bearer token), with no connection to the game:
   * answers the refusal, if any, once the action is judged and its event stored.
   */
  perform(seat: Colour, make: (table: Table) => Action): Promise<Refusal | undefined> {
    return new Promise((resolve) => {
      let refused: Refusal | undefined;
      const caller: Member = {
        open: true,
        send: () => undefined,
        refuse: (error) => {
          refused ??= error;
        },
        close: () => undefined,
      };
      this.enqueue(async () => {
        try {
          if (this.left) caller.refuse(MOVED);
          else await this.command(caller, make(this.table), seat);
          if (this.left) caller.refuse(MOVED);
        } finally {
          resolve(refused);
        }
      });
    });
  }

  /** Takes a closed connection out of the game. */
  leave(member: Member): void {
    if (!this.members.has(member)) return;
    const seat = this.members.get(member)!;
    this.members.delete(member);
    this.presence.leave(seat);
    this.rest();
  }

  /** Rules on `action` of `member`, who holds `seat` if given, else the seat it was let in to. */
  private async command(member: Member, action: Action, seat?: Colour): Promise<void> {
    // A clock that ran out ends the game before anything after it is looked at.
    await this.flag();
    if (action.t === 'move' && action.version > this.table.version) {
      // The client has seen a version this copy has not: another process committed it and
      // its relay has not reached us. Read what is missing; the referee then judges as usual
      // (alone, the version is nonsense, and stays stale after the read).
      await this.catchUp();
      if (this.left) return;
    }
    const by = seat ?? this.members.get(member) ?? null;
    const command: Command =
      action.t === 'rematch' ? { ...action, by, next: newGameId() } : { ...action, by };
    const ruling = decide(this.table, command, this.context.now());
    if (!ruling.ok) {
      member.refuse(ruling.error);
      return;
    }
    if (ruling.event.kind === 'rematch') {
      const t = this.table;
      // A lobby game's rematch keeps the names but is casual: ratings move by the lobby's games.
      const players = t.setup.players;
      const setup: GameSetup = {
        variant: t.setup.variant,
        clock: t.setup.clock,
        ...(t.setup.days && { days: t.setup.days }),
        seats: { white: t.seats.black, black: t.seats.white },
        previous: t.id,
        ...(players && { players: { white: players.black, black: players.white }, rated: false }),
        ...(t.setup.touchMove && { touchMove: true }),
        ...(t.setup.captorPlacesQueen && { captorPlacesQueen: true }),
      };
      try {
        await this.context.store.create(ruling.event.next, ruling.event.at, setup);
      } catch (e) {
        this.context.problems.report('storage', e);
        member.refuse({ code: 'server-error', message: 'the rematch could not be stored' });
        return;
      }
    }
    await this.commit(ruling.event, member);
  }

  /** Stores the event, then applies it and tells every member; false if storing failed. */
  private async commit(event: GameEvent, cause?: Member): Promise<boolean> {
    const table = this.table;
    // A correspondence game is due at once until its new deadline is noted after an event that
    // can end it or bring its deadline nearer: a process dying in between leaves it for the
    // deadlines' scan, never forgotten for days. The rest leave the noted deadline right.
    if (table.setup.days && !QUIET.has(event.kind) && !(await this.noteDue(event.at))) {
      cause?.refuse({ code: 'server-error', message: 'the server could not store that' });
      return false;
    }
    try {
      await this.context.store.append(table.id, table.version + 1, event);
    } catch (e) {
      this.context.problems.report('storage', e);
      cause?.refuse({ code: 'server-error', message: 'the server could not store that' });
      if (e instanceof VersionConflict) this.evict(1012);
      return false;
    }
    const over = outcomeOf(table) !== undefined;
    applyEvent(table, event);
    this.awayAfter(event, true);
    this.context.relay.publish(table.id, table.version, event);
    // Durable before anyone hears of the move that starts the clock, so a crash cannot lose it.
    await this.note();
    const ended = !over && outcomeOf(table) !== undefined;
    // The conditional answer is looked up before anyone hears of the move, so that the turn's
    // notice, when there is no answer, goes out with the move rather than a read later.
    const next = ended ? undefined : await this.conditionalNext(event);
    this.tell(event);
    // Told here, by the one process whose append took the version: once, whoever holds the game.
    // A turn answered at once by a conditional move is not the player's to be told of.
    if (next === undefined || !(await this.playConditional(next))) this.noticeOf(event, over);
    if (ended) await this.finish();
    return true;
  }

  /**
   * The conditional move of the player who chooses next in a game of days, if the turns so far
   * lead along one of their lines (conditionals.ts); drops the lines the game left.
   */
  private async conditionalNext(event: GameEvent): Promise<string | undefined> {
    const t = this.table;
    const ids = t.setup.players;
    const seat = t.game.chooser;
    const turned = event.kind === 'move' || event.kind === 'takeback-accept';
    if (!t.setup.days || !ids || !seat || !turned) return undefined;
    const { conditionals = NO_CONDITIONALS, problems } = this.context;
    try {
      const lines = await conditionals.conditionalLines(t.id, ids[seat]);
      if (!lines) return undefined;
      const followed = followLines(lines, t.game.moves.map(makeMoveText));
      if (followed.kept?.lines.length !== lines.lines.length) {
        await conditionals.saveConditionalLines(t.id, ids[seat], followed.kept);
      }
      return followed.next;
    } catch (e) {
      problems.report('storage', e);
      return undefined;
    }
  }

  /** Plays `next`, a conditional move, as the turn of the player who chooses now; true if played. */
  private async playConditional(next: string): Promise<boolean> {
    const t = this.table;
    const seat = t.game.chooser;
    if (!seat) return false;
    const move = { t: 'move', by: seat, seat, move: next, version: t.version } as const;
    const ruling = decide(t, move, this.context.now());
    return ruling.ok && this.commit(ruling.event);
  }

  /**
   * Notices a lobby game's players are sent after `event` (`over`: the game had ended before
   * it). A correspondence game's turn goes to the player to move, who is rarely on the page
   * (their page, if visible, keeps it quiet: sw.ts). An end goes to each player who did not
   * end it, in a correspondence game wherever they are, in a live game only to a player not
   * connected to it, since a live player's page shows the end.
   */
  private noticeOf(event: GameEvent, over: boolean): void {
    const t = this.table;
    const ids = t.setup.players;
    if (!ids || over) return;
    const url = `/g/${t.id}`;
    const name = (seat: Colour): string => this.players[seat]?.name ?? '';
    const outcome = outcomeOf(t);
    if (!outcome) {
      const next = t.game.chooser;
      const deadline = deadlineOf(t);
      const turned = event.kind === 'move' || event.kind === 'takeback-accept';
      if (!turned || !deadline || !next || next === event.seat) return;
      const notice = {
        kind: 'turn',
        game: t.id,
        opponent: name(event.seat),
        deadline,
        url,
      } as const;
      this.context.notifier.notify(ids[next], notice);
      return;
    }
    // A clock or a deadline ends a game by nobody's hand; a move, a resignation or an accepted
    // draw by the hand of a player who saw it.
    const by =
      event.kind === 'move' || event.kind === 'resign' || event.kind === 'draw-accept'
        ? event.seat
        : null;
    const online = this.presence.view().online;
    for (const seat of ['white', 'black'] as const) {
      if (seat === by || (!t.setup.days && online[seat])) continue;
      const result: NoticeResult =
        outcome.reason === 'aborted'
          ? 'aborted'
          : outcome.winner === null
            ? 'draw'
            : outcome.winner === seat
              ? 'win'
              : 'loss';
      const notice = {
        kind: 'ended',
        game: t.id,
        opponent: name(opposite(seat)),
        result,
        url,
      } as const;
      this.context.notifier.notify(ids[seat], notice);
    }
  }

  /**
   * Rates a finished lobby game and frees its players, then shows everyone the new ratings
   * and what the game did to them. Every process holding the game does it when it sees the end
   * (the one that committed it may die before it can), and settling twice changes nothing.
   */
  private async finish(): Promise<void> {
    const t = this.table;
    const outcome = outcomeOf(t);
    if (!outcome || !t.setup.players) return;
    try {
      const played = {
        plies: t.game.moves.length,
        berserk: { ...t.berserk },
        ...(t.aborted && { absent: t.aborted }),
      };
      this.players = await this.context.seating.finished(t.id, t.setup, outcome, played);
    } catch (e) {
      this.context.problems.report('storage', e);
      return;
    }
    for (const [member, seat] of this.members) member.send(this.state(seat));
  }

  /**
   * An event another server process committed for this game (its clients and ours are split
   * across processes): applied if it is the next version; after a gap (an event missed while
   * Redis was away) the game is dropped and its members reconnect and load it as stored.
   */
  relayed(version: number, event: GameEvent | undefined): void {
    this.enqueue(async () => {
      if (this.left || version <= this.table.version) return;
      if (version !== this.table.version + 1 || !event) {
        await this.catchUp();
        return;
      }
      await this.apply(event);
    });
  }

  /**
   * Reads the game's log and applies what this copy misses (while and after Redis was away);
   * one read at a time is queued, however often it is asked for.
   */
  refresh(): void {
    if (this.refreshing) return;
    this.refreshing = true;
    this.enqueue(() => {
      this.refreshing = false;
      return this.catchUp();
    });
  }

  private async catchUp(): Promise<void> {
    if (this.left) return;
    let stored: Awaited<ReturnType<GameStore['load']>>;
    try {
      stored = await this.context.store.load(this.id);
    } catch (e) {
      this.context.problems.report('storage', e);
      this.evict(1012); // its members reconnect and load it when the store answers again
      return;
    }
    for (const event of stored?.events.slice(this.table.version) ?? []) await this.apply(event);
  }

  /**
   * Applies an event another process committed and tells the members. An end is settled here
   * too: the committing process may have died before it could (settling twice changes nothing).
   */
  private async apply(event: GameEvent): Promise<void> {
    const over = outcomeOf(this.table) !== undefined;
    applyEvent(this.table, event);
    this.awayAfter(event, false);
    // The committing process noted the clock in the store.
    this.noted = watched(this.table);
    this.tell(event);
    if (!over && outcomeOf(this.table)) await this.finish();
  }

  /** Tells every member of the event that made the current version, and sets the alarm. */
  private tell(event: GameEvent): void {
    const table = this.table;
    const text = JSON.stringify({
      t: 'event',
      version: table.version,
      event: publicEvent(event),
      clock: clockView(table, this.context.now()),
      outcome: outcomeOf(table) ?? null,
    } satisfies ServerMessage);
    for (const member of this.members.keys()) member.send(text);
    this.arm();
  }

  /**
   * Tells the store when the game starts or stops needing watching (a running clock, an awaited
   * first move), so a restart re-arms its alarm.
   */
  private async note(): Promise<void> {
    await this.noteDue(deadlineOf(this.table));
    const running = watched(this.table);
    if (running === this.noted) return;
    this.noted = running;
    try {
      await this.context.store.markRunning(this.id, running);
    } catch (e) {
      this.noted = !running; // told again at the next change
      this.context.problems.report('storage', e);
    }
  }

  /**
   * Tells the store when a correspondence game next needs a process, `due` (null: never; an end
   * not yet rated is found by the keepers' scan of unsettled games).
   */
  private async noteDue(due: number | null | undefined): Promise<boolean> {
    if (due === undefined || due === this.notedDue) return true;
    try {
      await this.context.store.markDue(this.id, due);
      this.notedDue = due;
      return true;
    } catch (e) {
      this.context.problems.report('storage', e);
      return false;
    }
  }

  /**
   * Sets the alarm for the running clock and for an awaited first move, so a flag falls (or a
   * lobby game is called off) even if nobody moves.
   */
  private arm(atLeast = 0): void {
    if (this.alarm) clearTimeout(this.alarm);
    this.alarm = undefined;
    if (this.left) return;
    const at = alarmAt(this.table);
    if (at === undefined) return;
    // Past the longest wait a timer takes (24.8 days): the store's deadline brings it back.
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, at - this.context.now()) + 1);
    this.alarm = setTimeout(() => this.enqueue(() => this.flag()), Math.max(atLeast, wait));
  }

  /**
   * Ends the game if the running clock is out, or calls it off if an awaited first move is
   * overdue; otherwise the alarm is set again.
   */
  private async flag(): Promise<void> {
    const now = this.context.now();
    // A side that never made its first move calls the game off rather than losing it (a
    // correspondence game's first deadline is its first move's clock as well).
    const aborted = decide(this.table, { t: 'abort' }, now);
    const ruling = aborted.ok ? aborted : decide(this.table, { t: 'flag' }, now);
    if (!ruling.ok) {
      // The alarm may fire before the clock says the time is up (timers and clocks do not
      // agree to the millisecond): set it again rather than lose it.
      this.arm();
      return;
    }
    const excused =
      ruling.event.kind === 'timeout' ? await this.excuse(ruling.event.seat, now) : undefined;
    if (excused === null) this.arm(FLAG_RETRY_MS);
    else if (await this.commit(excused ?? ruling.event)) this.rest();
    else this.arm(FLAG_RETRY_MS);
  }

  /**
   * The vacation that moves the passed deadline of `seat` in a lobby game of days instead of
   * its falling (docs/lobby.md, "Vacation"); undefined if none does, null if the vacation could
   * not be read now (tried again, rather than a loss the player had days to prevent).
   */
  private async excuse(seat: Colour, now: number): Promise<GameEvent | undefined | null> {
    const t = this.table;
    const ids = t.setup.players;
    const deadline = alarmAt(t);
    const latest = vacationLatest(t.setup) ?? Number.POSITIVE_INFINITY;
    if (!t.setup.days || !ids || deadline === undefined || latest <= now) return undefined;
    try {
      const away = await (this.context.vacations ?? NO_VACATIONS).cover(ids[seat], deadline, now);
      if (!away || vacationDeadline(t, seat, away.from, away.until) <= now) return undefined;
      return { kind: 'vacation', seat, from: away.from, until: away.until, at: now };
    } catch (e) {
      this.context.problems.report('storage', e);
      return null;
    }
  }

  /** Reads when the players of a lobby game of days on vacation come back. */
  private async readAway(): Promise<void> {
    const ids = this.table.setup.players;
    if (!this.table.setup.days || !ids) return;
    try {
      const found = await (this.context.vacations ?? NO_VACATIONS).awayUntil(
        [ids.white, ids.black],
        this.context.now(),
      );
      this.away = { white: found[ids.white], black: found[ids.black] };
    } catch (e) {
      // Only the words beside the board miss it: the deadlines read it again when they pass.
      this.context.problems.report('storage', e);
    }
  }

  /**
   * What `event` says of a player's vacation: a deadline moved for it, or the player back by
   * moving, which the process that `committed` the move tells the store.
   */
  private awayAfter(event: GameEvent, committed: boolean): void {
    const ids = this.table.setup.players;
    if (event.kind === 'vacation') this.away[event.seat] = event.until;
    if (event.kind !== 'move' || !this.table.setup.days || !ids) return;
    this.away[event.seat] = undefined;
    if (!committed) return;
    (this.context.vacations ?? NO_VACATIONS)
      .back(ids[event.seat], event.at)
      .catch((e: unknown) => this.context.problems.report('storage', e));
  }

  /**
   * Ends the game now if its time is up, as its alarm would (keepers.ts); settles once that is
   * done (never rejects: the queue reports its own failures).
   */
  remind(): Promise<void> {
    this.enqueue(() => this.flag());
    return this.queue;
  }

  /**
   * Whether the game's clock is running or a first move is awaited (so its alarm must go off
   * even if nobody is here).
   */
  get clockRuns(): boolean {
    return watched(this.table) && !this.left;
  }

  /**
   * Lets the game leave memory if nobody is connected to it here, after the commands already
   * queued (a hello among them keeps it): another process keeps its clock.
   */
  release(): void {
    this.enqueue(async () => {
      if (this.members.size === 0 && !this.left) this.evict(1001);
    });
  }

  private state(you: Colour | null, token?: string): ServerMessage {
    const t = this.table;
    const event = t.setup.tournament;
    const game: GameView = {
      id: t.id,
      variant: t.setup.variant,
      version: t.version,
      moves: t.game.moves.map(makeMoveText),
      seats: { white: t.seats.white !== undefined, black: t.seats.black !== undefined },
      clock: clockView(t, this.context.now()),
      drawOffer: t.drawOffer ?? null,
      rematchOffer: t.rematchOffer ?? null,
      takebackOffer: t.takebackOffer ?? null,
      said: t.said.map(({ seat, message, version }) => ({ seat, message, version })),
      outcome: outcomeOf(t) ?? null,
      next: t.next ?? null,
      players: this.players,
      rated: t.setup.rated ?? false,
      ...(t.setup.unrated && { unrated: t.setup.unrated }),
      touchMove: t.game.touchMove,
      touched: touchedCell(t),
      captorPlacesQueen: t.game.captorPlacesQueen,
      ...(event && {
        tournament: {
          id: event.id,
          name: event.name,
          ...(event.schedule && { schedule: event.schedule }),
          kind: event.kind,
          berserk: { ...t.berserk },
          berserkAllowed: event.berserk,
        },
      }),
      ...(t.aborted && { absent: t.aborted }),
      ...((this.away.white ?? this.away.black) !== undefined && {
        vacation: {
          ...(this.away.white !== undefined && { white: this.away.white }),
          ...(this.away.black !== undefined && { black: this.away.black }),
        },
      }),
      ...this.presence.view(),
    };
    return token === undefined ? { t: 'state', game, you } : { t: 'state', game, you, token };
  }

  /**
   * Lets a game nobody is in leave memory after a while; one whose clock runs stays, so its
   * flag still falls on time.
   */
  private rest(): void {
    if (this.members.size > 0 || watched(this.table) || this.idle || this.left) return;
    this.idle = setTimeout(() => {
      this.idle = undefined;
      if (this.members.size === 0 && !watched(this.table)) this.evict(1001);
    }, this.context.limits.idleMs);
    this.idle.unref();
  }

  /** Drops the game from memory; its members reconnect and load it afresh. */
  private evict(code: number): void {
    this.stop();
    this.context.gone(this);
    for (const member of this.members.keys()) member.close(code, 'reload the game');
    this.members.clear();
  }

  private stop(): void {
    this.left = true;
    for (const timer of [this.alarm, this.idle]) clearTimeout(timer);
    // Its connections are closed or about to be: no longer counted by the others.
    this.presence.stop();
  }

  /** Stops the game's timers and waits for the commands under way (the server is closing). */
  close(): Promise<void> {
    this.stop();
    return this.queue;
  }
}
