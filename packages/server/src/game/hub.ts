// The games in memory: each a `Room` (room.ts) that orders its commands, commits each event to
// the store before anyone hears of it and tells its members. The hub creates games, loads a
// game on first use (and every game with a running clock at start), hands it the events other
// processes relay (those that arrive while it loads included), and notes every second that the
// server is alive. Different games never wait for each other except on the store's shared
// commits. The sockets are sockets.ts's, the keeping of running clocks keepers.ts's.

import type { Colour } from '@agon/engine';
import type { Checked, Created, CreateRequest } from '@agon/protocol';
import { DEFAULT_LIMITS, type Limits } from '../common/limits.ts';
import { type Notifier, SILENT } from '../common/notices.ts';
import { Problems } from '../common/problems.ts';
import { hashToken, newGameId, newToken } from '../common/secret.ts';
import { type ConditionalStore, NO_CONDITIONALS } from './conditionals.ts';
import { Keepers } from './keepers.ts';
import { LocalRelay, type Relay } from './relay.ts';
import { NO_SEATING, Room, type RoomContext, type Seated, type Seating } from './room.ts';
import {
  type GameEvent,
  type GameSetup,
  type GameStore,
  type StoredGame,
  VersionConflict,
} from './store.ts';
import { type Downtime, outcomeOf, restoreTable } from './table.ts';
import { NO_VACATIONS, type Vacations } from './vacations.ts';

/** A game as just made: as stored, and its seats' players. */
export interface Made {
  readonly stored: StoredGame;
  readonly players: Seated;
}

/** How often the server notes in the store that it is alive (the precision of a restart's charge). */
const ALIVE_MS = 1000;
/**
 * How often, while the relay cannot hear the other processes, the games with members read the
 * store for what the others committed meanwhile.
 */
const POLL_MS = 500;

/**
 * The wall clock at start, less the monotonic time then: read from Date.now rather than taken
 * as performance.timeOrigin, which Node reads apart from its monotonic origin during its own
 * start-up and which, on a busy machine, was seen up to 1.7 s ahead of the wall clock for the
 * life of the process: processes then disagreed by as much, charging a move across two of them
 * (or across a restart) with the difference.
 */
const START = Date.now() - performance.now();

/**
 * The server's clock, in ms: the wall clock at start plus monotonic time since, so durations
 * never jump when the wall clock is stepped, and times stored still read as dates (whole ms,
 * as the stores keep them).
 */
export const serverClock = (): number => Math.round(START + performance.now());

/** What a hub is built with; each one missing is the default of a hub alone. */
interface HubOptions {
  readonly limits?: Limits;
  /** The clock (`serverClock` unless a test fakes it). */
  readonly now?: () => number;
  /** The link to the other server processes (alone without one). */
  readonly relay?: Relay;
  /** The lobby's part in the games it made (lobby/settlement.ts). */
  readonly seating?: Seating;
  /** Where failures are told, shared with the rest of the server. */
  readonly problems?: Problems;
  /** Where the games' notices to players who are away go (none without one). */
  readonly notifier?: Notifier;
  /** Told of every opening of a game: the house bots take their seats in it. */
  readonly opened?: (room: Room) => void;
  /** The players' vacation, which moves deadlines in games of days (none without one). */
  readonly vacations?: Vacations;
  /** Where the players' conditional moves are kept (none without one). */
  readonly conditionals?: ConditionalStore;
}

/** Online play's games in memory. */
export class Hub {
  private readonly rooms = new Map<string, Room>();
  private readonly loading = new Map<string, Promise<Room | undefined>>();
  /** Events relayed for games while they were being loaded. */
  private readonly early = new Map<string, { version: number; event?: GameEvent }[]>();
  private readonly aliveTimer: NodeJS.Timeout;
  private readonly pollTimer: NodeJS.Timeout;
  private readonly keepers: Keepers;
  private readonly context: RoomContext;
  /** Failures logged once per burst, shared with the routes and the sockets. */
  readonly problems: Problems;
  private readonly limits: Limits;
  private readonly now: () => number;
  private readonly relay: Relay;
  private readonly opened: (room: Room) => void;
  private closing = false;

  /** A hub over `store`; `downtime` is the time no server held the games, charged to no one. */
  private constructor(
    private readonly store: GameStore,
    private readonly downtime: Downtime,
    options: Required<HubOptions>,
  ) {
    const { limits, now, relay, seating, problems, notifier, opened, conditionals } = options;
    this.opened = opened;
    this.limits = limits;
    this.now = now;
    this.relay = relay;
    this.problems = problems;
    this.context = {
      store,
      now,
      limits,
      problems: this.problems,
      gone: (room) => {
        if (this.rooms.get(room.id) === room) this.rooms.delete(room.id);
      },
      relay,
      seating,
      notifier,
      conditionals,
      vacations: options.vacations,
    };
    // Events other processes commit for games this one also holds (their clients are split).
    relay.listen({
      event: (id, version, event) => {
        const room = this.rooms.get(id);
        if (room) room.relayed(version, event);
        // Being loaded: kept until the game is in memory, then applied if newer than the load.
        else if (this.loading.has(id)) this.early.get(id)?.push({ version, event });
      },
      reconnected: (announce) => {
        // Redis came back: what was relayed meanwhile is lost. Each game in memory reads what
        // it missed from the store, and tells the others how far it is; who is connected
        // elsewhere is read again too.
        for (const room of this.rooms.values()) {
          if (announce) relay.announce(room.id, room.table.version);
          else {
            room.refresh();
            room.presence.lookAround();
          }
        }
      },
      attendance: (id) => this.rooms.get(id)?.presence.lookAround(),
    });
    this.aliveTimer = setInterval(() => {
      this.store.alive(this.now()).catch((e: unknown) => this.problems.report('storage', e));
      // Connections held by another process end without a word when it is killed: where some
      // are known, they are read again, so those of a dead process age out.
      for (const room of this.rooms.values()) {
        if (room.presence.seesOthers) room.presence.lookAround();
      }
    }, ALIVE_MS);
    this.aliveTimer.unref();
    // Deaf to the others (Redis away), a game's members would not see the moves made on
    // another process until Redis came back: meanwhile the store tells them.
    this.pollTimer = setInterval(() => {
      if (!this.relay.deaf) return;
      for (const room of this.rooms.values()) if (room.size > 0) room.refresh();
    }, POLL_MS);
    this.pollTimer.unref();
    this.keepers = new Keepers(
      relay,
      store,
      seating,
      this.problems,
      {
        rooms: () => this.rooms.values(),
        holds: (id) => this.rooms.has(id) || this.loading.has(id),
        adopt: (id) => this.open(id, true),
      },
      now,
    );
  }

  /**
   * Starts the hub: notes the start in the store and loads every game whose clock was running,
   * every lobby game left unsettled and every correspondence game past its deadline
   * (keepers.ts), so each flag falls on time and each end is rated even if nobody comes back.
   */
  static async start(store: GameStore, options: HubOptions = {}): Promise<Hub> {
    const now = options.now ?? serverClock;
    const previous = await store.lastAlive();
    const started = now();
    await store.alive(started);
    // With no note of life (a new database) nothing is known of the downtime: charge none.
    const downtime = { from: previous ?? 0, to: started };
    const hub = new Hub(store, downtime, {
      limits: options.limits ?? DEFAULT_LIMITS,
      now,
      relay: options.relay ?? new LocalRelay(),
      seating: options.seating ?? NO_SEATING,
      problems: options.problems ?? new Problems(now),
      notifier: options.notifier ?? SILENT,
      opened: options.opened ?? (() => undefined),
      conditionals: options.conditionals ?? NO_CONDITIONALS,
      vacations: options.vacations ?? NO_VACATIONS,
    });
    // Not fatal: a game the scan misses is found by the next one, or when someone opens it.
    await hub.keepers.adopt(true);
    await hub.keepers.due(true);
    return hub;
  }

  /** Games in memory. */
  get games(): number {
    return this.rooms.size;
  }

  /** The lobby games in play held here (not ended): what the lobby lists of each. */
  inPlay(): { id: string; setup: GameSetup; players: Seated; since: number }[] {
    return [...this.rooms.values()]
      .filter((room) => room.table.setup.players && !outcomeOf(room.table))
      .map((room) => ({
        id: room.id,
        setup: room.table.setup,
        players: room.seated,
        since: room.table.createdAt,
      }));
  }

  /** Creates a game for the client at `address`, who takes a seat in it. */
  async create(request: CreateRequest, address: string): Promise<Checked<Created>> {
    const now = this.now();
    const rate = { count: this.limits.gamesPerMinute, windowMs: 60_000 };
    if ((await this.relay.allow(`create:${address}`, rate, now)) > 0) {
      return {
        ok: false,
        error: { code: 'rate-limited', message: 'too many games created; wait a minute' },
      };
    }
    const seat: Colour =
      request.side === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : request.side;
    const token = newToken();
    const setup: GameSetup = {
      variant: request.variant,
      clock: request.clock,
      seats: { [seat]: hashToken(token) },
      ...(request.captorPlacesQueen && { captorPlacesQueen: true }),
    };
    const id = await this.createWithFreshId(now, setup);
    return { ok: true, value: { id, seat, token } };
  }

  /** Stores a new game under an unused id (a clash of 50 random bits is all but impossible). */
  private async createWithFreshId(now: number, setup: GameSetup): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const id = newGameId();
      try {
        await this.store.create(id, now, setup);
        return id;
      } catch (e) {
        if (!(e instanceof VersionConflict) || attempt >= 3) throw e;
      }
    }
  }

  /**
   * The game in memory, loading it from the store on first use (undefined: no such game);
   * `noted`: the store has its clock as running; `made`: the game as this process just made it.
   * Each opening is told to `opened` (a house bot that stood up from a game sits down again).
   */
  async open(id: string, noted = false, made?: Made): Promise<Room | undefined> {
    const room = await this.load(id, noted, made);
    if (room) this.opened(room);
    return room;
  }

  /** The game in memory, loaded from the store (or taken as `made`) on first use. */
  private load(id: string, noted: boolean, made?: Made): Promise<Room | undefined> {
    const room = this.rooms.get(id);
    if (room) return Promise.resolve(room);
    let loading = this.loading.get(id);
    if (!loading) {
      // A game this process just made is taken as made: a wave of a tournament's games is not
      // read back from the store one by one.
      loading = (made ? Promise.resolve(made.stored) : this.store.load(id))
        .then(async (stored) => {
          if (!stored || this.closing) return undefined;
          const players = made?.players ?? (await this.context.seating.seated(stored.setup));
          if (this.closing) return undefined;
          const table = restoreTable(stored, this.now(), this.downtime);
          const room = new Room(table, this.context, noted, players);
          this.rooms.set(id, room);
          for (const { version, event } of this.early.get(id) ?? []) room.relayed(version, event);
          return room;
        })
        .finally(() => {
          this.loading.delete(id);
          this.early.delete(id);
        });
      this.early.set(id, []);
      this.loading.set(id, loading);
    }
    return loading;
  }

  /** Stops the games' timers and waits for the commands under way. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.aliveTimer);
    clearInterval(this.pollTimer);
    // A beat under way may be opening a game: the rooms are closed once it has.
    await this.keepers.stop();
    const rooms = [...this.rooms.values()];
    this.rooms.clear();
    await Promise.all([...rooms.map((r) => r.close()), ...this.loading.values()]);
  }
}
