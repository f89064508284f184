// Where players' vacation is kept (docs/lobby.md, "Vacation"): what is left of it, the
// vacation under way, and one booked ahead. A booked vacation begins by being read at or after
// its start (`heldAt`), on whichever process reads it first, with no timer to fire. The store is
// the truth on every process: each change reads the row under its lock and writes it back in
// one transaction, so two processes covering deadlines of the same player at once spend the day
// once.

import {
  type BookedVacation,
  DAY_MS,
  VACATION_CAP_DAYS,
  VACATION_DAYS_A_YEAR,
  type VacationView,
} from '@agon/protocol';
import type { Migration, Num, Sql } from '../common/sql.ts';
import type { Away, Vacations } from '../game/vacations.ts';

/** How much vacation players get: days earned a year (and held by a new identity), and the cap. */
export interface VacationPlan {
  readonly yearly: number;
  readonly cap: number;
}

export const VACATION_PLAN: VacationPlan = {
  yearly: VACATION_DAYS_A_YEAR,
  cap: VACATION_CAP_DAYS,
};

/**
 * The plan AGON_VACATION_DAYS sets: the days earned a year and held by a new identity, a whole
 * number from 0 (no vacation) to the cap; VACATION_PLAN without it. Throws naming a bad value.
 */
export function vacationFromEnv(env: NodeJS.ProcessEnv): VacationPlan {
  const text = env.AGON_VACATION_DAYS;
  if (text === undefined || text === '') return VACATION_PLAN;
  const yearly = Number(text);
  if (!Number.isInteger(yearly) || yearly < 0 || yearly > VACATION_CAP_DAYS) {
    throw new Error(`AGON_VACATION_DAYS must be a whole number from 0 to ${VACATION_CAP_DAYS}`);
  }
  return { yearly, cap: VACATION_CAP_DAYS };
}

/** Why a vacation by hand is refused. */
export type VacationRefusal =
  | 'on-vacation'
  | 'too-few-days'
  | 'booked-already'
  | 'overlaps-vacation';

/** Where vacation is kept. */
export interface VacationStore {
  /** A player's vacation at `now`. */
  vacation(player: string, now: number, plan: VacationPlan): Promise<VacationView>;
  /** When each of `players` who is on vacation at `now` comes back, by id. */
  awayUntil(players: readonly string[], now: number): Promise<Readonly<Record<string, number>>>;
  /**
   * Takes `days` of vacation by hand from `now`, or books them from `from` when that is later,
   * paid at once either way; or says why not.
   */
  takeVacation(
    player: string,
    days: number,
    from: number | undefined,
    now: number,
    plan: VacationPlan,
  ): Promise<VacationView | VacationRefusal>;
  /** Cancels the vacation booked ahead that has not begun by `now`: all its days come back. */
  cancelBooking(player: string, now: number, plan: VacationPlan): Promise<VacationView>;
  /**
   * Ends the player's vacation at `now` (by hand or by a move): the time not yet reached is
   * given back, unless a deadline was moved by it (the move counted all of it).
   */
  endVacation(player: string, now: number, plan: VacationPlan): Promise<VacationView>;
  /**
   * The vacation that covers a deadline of `player` that passed at `deadline`, seen at `now`:
   * the one under way if it lasts past `now`, else one begun at the deadline (or continuing the
   * last) in whole days from what is left; undefined if what is left cannot reach past `now`.
   * Either way the vacation counts as used (no time of it is given back).
   */
  coverDeadline(
    player: string,
    deadline: number,
    now: number,
    plan: VacationPlan,
  ): Promise<Away | undefined>;
}

/**
 * Schema 13, vacation: per player, the time left as of `accrued_at` (ms), and the vacation under
 * way or last taken (`until` 0: none yet), whether by hand and whether a deadline was moved by
 * it. A player who never used vacation has no row: they hold the plan's yearly days.
 */
export const vacationSchema: Migration = (sql) =>
  sql.exec(`
CREATE TABLE vacations (
  player_id TEXT PRIMARY KEY REFERENCES players (id),
  left_ms ${sql.types.int} NOT NULL,
  accrued_at ${sql.types.int} NOT NULL,
  from_at ${sql.types.int} NOT NULL,
  until_at ${sql.types.int} NOT NULL,
  by_hand ${sql.types.bool} NOT NULL,
  used ${sql.types.bool} NOT NULL
);
CREATE INDEX vacations_until ON vacations (until_at);
`);

/**
 * Schema 16, vacation booked ahead: its start and end (0: none booked). Its days are taken from
 * `left_ms` when it is booked.
 */
export const bookedVacationSchema: Migration = (sql) =>
  sql.exec(`
ALTER TABLE vacations ADD COLUMN booked_from ${sql.types.int} NOT NULL DEFAULT 0;
ALTER TABLE vacations ADD COLUMN booked_until ${sql.types.int} NOT NULL DEFAULT 0;
`);

const COLUMNS =
  'player_id, left_ms, accrued_at, from_at, until_at, by_hand, used, booked_from, booked_until';
const ADD = `INSERT INTO vacations (${COLUMNS}) VALUES ($1, $2, $3, 0, 0, FALSE, FALSE, 0, 0)
  ON CONFLICT (player_id) DO NOTHING`;
const SELECT = `SELECT ${COLUMNS} FROM vacations WHERE player_id = $1`;
const UPDATE = `UPDATE vacations SET left_ms = $2, accrued_at = $3, from_at = $4, until_at = $5,
  by_hand = $6, used = $7, booked_from = $8, booked_until = $9 WHERE player_id = $1`;

/** A row of SELECT. */
interface Row {
  readonly player_id: string;
  readonly left_ms: Num;
  readonly accrued_at: Num;
  readonly from_at: Num;
  readonly until_at: Num;
  readonly by_hand: boolean | number;
  readonly used: boolean | number;
  readonly booked_from: Num;
  readonly booked_until: Num;
}

/** A player's vacation as kept. */
interface Held {
  readonly left: number;
  readonly from: number;
  readonly until: number;
  readonly byHand: boolean;
  readonly used: boolean;
  readonly booked: BookedVacation | null;
}

/** The vacation booked in a row, begun or not. */
const bookedIn = (row: Pick<Row, 'booked_from' | 'booked_until'>): BookedVacation | null =>
  Number(row.booked_from) > 0
    ? { from: Number(row.booked_from), until: Number(row.booked_until) }
    : null;

/** The vacation booked in a row if its start has come by `now`: then it is the one under way. */
const begunIn = (row: Row, now: number): BookedVacation | null => {
  const booked = bookedIn(row);
  return booked && booked.from <= now ? booked : null;
};

/**
 * The vacation of a row at `now`: what was left then plus what accrued since, up to the cap
 * (the days booked count toward it); a booked vacation whose start has come is the one under
 * way, by hand and not yet used, exactly as if taken by hand at its start.
 */
function heldAt(row: Row | undefined, now: number, plan: VacationPlan): Held {
  if (!row) {
    return {
      left: plan.yearly * DAY_MS,
      from: 0,
      until: 0,
      byHand: false,
      used: false,
      booked: null,
    };
  }
  const accrued = Math.floor((Math.max(0, now - Number(row.accrued_at)) * plan.yearly) / 365);
  const booked = bookedIn(row);
  const reserved = booked ? booked.until - booked.from : 0;
  const held: Held = {
    left: Math.min(plan.cap * DAY_MS - reserved, Number(row.left_ms) + accrued),
    from: Number(row.from_at),
    until: Number(row.until_at),
    byHand: Boolean(row.by_hand),
    used: Boolean(row.used),
    booked,
  };
  const begun = begunIn(row, now);
  return begun ? { ...held, ...begun, byHand: true, used: false, booked: null } : held;
}

/** When the vacation of a row under way at `now` ends, or 0 if none is. */
function awayAt(row: Row, now: number): number {
  const until = begunIn(row, now)?.until ?? Number(row.until_at);
  return until > now ? until : 0;
}

const viewOf = (h: Held, now: number): VacationView => ({
  left: h.left,
  from: h.until > now ? h.from : null,
  until: h.until > now ? h.until : null,
  byHand: h.until > now && h.byHand,
  booked: h.booked,
});

export class VacationRepository implements VacationStore {
  static readonly reads: ReadonlySet<keyof VacationStore> = new Set(['vacation', 'awayUntil']);

  constructor(private readonly db: Sql) {}

  async vacation(player: string, now: number, plan: VacationPlan): Promise<VacationView> {
    return viewOf(heldAt(await this.db.get<Row>(SELECT, [player]), now, plan), now);
  }

  async awayUntil(
    players: readonly string[],
    now: number,
  ): Promise<Readonly<Record<string, number>>> {
    const away: Record<string, number> = {};
    if (players.length === 0) return away;
    const marks = players.map((_, i) => `$${i + 2}`).join(', ');
    const rows = await this.db.all<Row>(
      `SELECT ${COLUMNS} FROM vacations
        WHERE (until_at > $1 OR (booked_from > 0 AND booked_from <= $1)) AND player_id IN (${marks})`,
      [now, ...players],
    );
    for (const r of rows) {
      const until = awayAt(r, now);
      if (until > 0) away[r.player_id] = until;
    }
    return away;
  }

  takeVacation(
    player: string,
    days: number,
    from: number | undefined,
    now: number,
    plan: VacationPlan,
  ): Promise<VacationView | VacationRefusal> {
    return this.change<VacationRefusal>(player, now, plan, (h) => {
      const ahead = from !== undefined && from > now;
      const start = ahead ? from : now;
      const until = start + days * DAY_MS;
      if (!ahead && h.until > now) return 'on-vacation';
      if (ahead && h.booked) return 'booked-already';
      if (start < h.until || (h.booked && until > h.booked.from)) return 'overlaps-vacation';
      if (h.left < days * DAY_MS) return 'too-few-days';
      // Paid up front, so spending cannot use the days booked: an early end gives back what
      // was not reached, and a cancelled booking all of it.
      const left = h.left - days * DAY_MS;
      return ahead
        ? { ...h, left, booked: { from: start, until } }
        : { ...h, left, from: now, until, byHand: true, used: false };
    });
  }

  cancelBooking(player: string, now: number, plan: VacationPlan): Promise<VacationView> {
    return this.change<never>(player, now, plan, (h) =>
      h.booked ? { ...h, left: h.left + h.booked.until - h.booked.from, booked: null } : h,
    );
  }

  endVacation(player: string, now: number, plan: VacationPlan): Promise<VacationView> {
    return this.change<never>(player, now, plan, (h) =>
      h.until > now
        ? { ...h, left: h.left + (h.used ? 0 : h.until - now), until: now, byHand: false }
        : h,
    );
  }

  async coverDeadline(
    player: string,
    deadline: number,
    now: number,
    plan: VacationPlan,
  ): Promise<Away | undefined> {
    let covered: Away | undefined;
    await this.change<never>(player, now, plan, (h) => {
      if (h.until > now) {
        covered = { from: h.from, until: h.until };
        return { ...h, used: true };
      }
      // A vacation that ended at or after the deadline goes on from its end; else one begins.
      const from = h.until >= deadline ? h.from : deadline;
      const start = Math.max(h.until, deadline);
      const days = Math.max(1, Math.ceil((now - start + 1) / DAY_MS));
      // Spending stops where a booked vacation begins: that one takes over from its start.
      const until = Math.min(start + Math.min(days * DAY_MS, h.left), h.booked?.from ?? Infinity);
      if (until <= now) return h;
      covered = { from, until };
      return { ...h, left: h.left - (until - start), from, until, byHand: false, used: true };
    });
    return covered;
  }

  /** Changes a player's vacation under its row's lock: `next` says to what, or why not. */
  private change<R extends string = never>(
    player: string,
    now: number,
    plan: VacationPlan,
    next: (held: Held) => Held | R,
  ): Promise<VacationView | R> {
    return this.db.transaction(async (tx): Promise<VacationView | R> => {
      await tx.run(ADD, [player, plan.yearly * DAY_MS, now]);
      const held = heldAt(await tx.get<Row>(`${SELECT}${tx.lock}`, [player]), now, plan);
      const changed = next(held);
      if (typeof changed !== 'object') return changed;
      await tx.run(UPDATE, [
        player,
        changed.left,
        now,
        changed.from,
        changed.until,
        changed.byHand,
        changed.used,
        changed.booked?.from ?? 0,
        changed.booked?.until ?? 0,
      ]);
      return viewOf(changed, now);
    });
  }
}

/** The vacation of `store`'s players under `plan`, as the games ask for it. */
export const vacationsOver = (store: VacationStore, plan: VacationPlan): Vacations => ({
  cover: (player, deadline, now) => store.coverDeadline(player, deadline, now, plan),
  back: async (player, at) => {
    // Most moves are made by players who are not away: read before the write that ends it.
    const away = await store.awayUntil([player], at);
    if (away[player] !== undefined) await store.endVacation(player, at, plan);
  },
  awayUntil: (players, now) => store.awayUntil(players, now),
});
