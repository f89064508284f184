// The relay (relay.ts) between server processes that share a Redis (AGON_REDIS_URL): committed
// events, presence, the keepers of running clocks, the creation count per address and the
// whiles of folding (docs/online.md, "Scaling"). The only module that loads the Redis client.
// Redis is never needed to accept a move: publishing is fire and forget, and while Redis cannot
// answer this process counts creations and keeps its clocks alone, as `LocalRelay` does, and
// shows the presence it last read. Every process subscribes to one pattern, `agon:game:*`, and
// keeps the events of the games it holds in memory; ioredis reconnects and subscribes again by
// itself after Redis restarts. Until then the relay is `deaf`, and the hub reads its games from
// the store instead.
//
// Presence: each process writes its own connections to a game as one field of the hash
// `agon:presence:<id>` (field: the process, value: "white,black,watchers") and tells the
// others on the game's channel that it changed. Each process keeps a key `agon:alive:<process>`
// that expires unless renewed every second, so the fields of a process killed with SIGKILL
// stop counting a few seconds later: whoever reads the hash skips (and deletes) them. Other
// records kept per process can be tagged with `origin` and skipped the same way once
// `aliveKey(origin)` is gone.
//
// Keepers: a game with a running clock needs one process to hold it even when nobody is
// connected, so that its flag falls on time. The holders claim `agon:keeper:<id>` for 10 s,
// renewed every 2 s; one that finds another live keeper lets the game go unless it has clients
// of it, and every process now and then adopts the running games nobody keeps (the keeper
// was killed), so each such game ends up held by about one process, never by none for long.
//
// Folds (a player's turns told as one digest, push/digest.ts): each key's while is the hash
// `agon:fold:<key>`, fields `until` (the end, by the opener's clock), `items` (the items in the
// order they came, one a line), `v:<item>` (each item's latest value), `held`, and once taken
// `taken`. One script folds a value in and says whether it opened the while; one takes an ended
// while, so that exactly one process tells it. A taken while stays as a mark until its key
// expires, so a process that held values in it tells that they were sent, not lost.

import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Rate } from '../common/rate-limit.ts';
import {
  type Attendance,
  type Folding,
  type Listener,
  LocalRelay,
  type Relay,
  type Unfolded,
} from './relay.ts';
import type { GameEvent } from './store.ts';

const CHANNEL = 'agon:game:';
const PRESENCE = 'agon:presence:';
const KEEPER = 'agon:keeper:';
/**
 * How long a claim to keep a game's clock lasts unless renewed (keepers.ts renews it every
 * 2 s): a killed keeper's games are free for another process to adopt this long after.
 */
const KEEP_MS = 10_000;
/** Games claimed in one script, so that Redis is never blocked long by one call. */
const KEEP_BATCH = 500;

/**
 * For each key of KEYS (agon:keeper:<id>): claims it for ARGV[1] for ARGV[2] ms if it is free or
 * already this process's; answers the 1-based indexes of the keys another process holds.
 */
const KEEP = `
local taken = {}
for i, key in ipairs(KEYS) do
  local keeper = redis.call('GET', key)
  if not keeper or keeper == ARGV[1] then
    redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
  else
    taken[#taken + 1] = i
  end
end
return taken
`;

/**
 * Of the keys of KEYS (agon:keeper:<id>), the 1-based indexes of those no live process holds:
 * unclaimed, or claimed by a process whose key of life (ARGV[1]..process) lapsed.
 */
const UNKEPT = `
local free = {}
for i, key in ipairs(KEYS) do
  local keeper = redis.call('GET', key)
  if not keeper or redis.call('EXISTS', ARGV[1] .. keeper) == 0 then free[#free + 1] = i end
end
return free
`;

/**
 * Takes or renews the lease KEYS[1] for process ARGV[1] for ARGV[2] ms, unless another process
 * holds it (with ARGV[3] = 'renew', only renews one ARGV[1] holds): 1 if ARGV[1] holds it now.
 * Its length is counted by Redis's clock.
 */
export const LEASE = `
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
if not holder and ARGV[3] == 'renew' then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;

/**
 * Counts one action of KEYS[1] in the current window of ARGV[2] ms (by Redis's clock, the same
 * for every process): 0 if the count is within ARGV[1], else the ms until the window ends.
 */
const ALLOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local span = tonumber(ARGV[2])
local window = math.floor(now / span)
local key = KEYS[1] .. ':' .. window
local count = redis.call('INCR', key)
if count == 1 then redis.call('PEXPIRE', key, span) end
if count > tonumber(ARGV[1]) then return (window + 1) * span - now end
return 0
`;

/**
 * Deletes each key of KEYS that ARGV[1] holds: a closing process gives up its claims and
 * leases, so that another takes them over at once rather than when they lapse.
 */
export const UNKEEP = `
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then redis.call('DEL', key) end
end
return 0
`;
const FOLD = 'agon:fold:';
/**
 * How long a while's hash outlives its end (by Redis's clock): the time its processes have to
 * take it, or to learn it was taken, before the mark is gone and the while counts as lost.
 */
const FOLD_MARK_MS = 15 * 60_000;

/** Lua: the values of the while in KEYS[1], each item's latest in the order the items came. */
const VALUES = `
local function values(key)
  local out = {}
  for item in string.gmatch(redis.call('HGET', key, 'items'), '[^\\n]+') do
    out[#out + 1] = redis.call('HGET', key, 'v:' .. item)
  end
  return out
end
`;

/**
 * Folds value ARGV[2] of item ARGV[1] into the while KEYS[1] if one runs at ARGV[3] (ms);
 * else opens one until ARGV[4], kept ARGV[5] ms by Redis, taking the ended one before it if
 * nobody has. Answers {opened, until, ended held or '', ended values...}.
 */
const FOLD_IN = `${VALUES}
local ends, taken = unpack(redis.call('HMGET', KEYS[1], 'until', 'taken'))
if ends and not taken and tonumber(ends) > tonumber(ARGV[3]) then
  if redis.call('HEXISTS', KEYS[1], 'v:' .. ARGV[1]) == 0 then
    redis.call('HSET', KEYS[1], 'items', redis.call('HGET', KEYS[1], 'items') .. '\\n' .. ARGV[1])
  end
  redis.call('HSET', KEYS[1], 'v:' .. ARGV[1], ARGV[2], 'held', '1')
  return {'0', ends, ''}
end
local answer = {'1', ARGV[4], ''}
if ends and not taken then
  answer[3] = redis.call('HGET', KEYS[1], 'held')
  for _, value in ipairs(values(KEYS[1])) do answer[#answer + 1] = value end
end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'until', ARGV[4], 'items', ARGV[1], 'v:' .. ARGV[1], ARGV[2], 'held', '0')
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return answer
`;

/**
 * Takes the while KEYS[1] that ends at ARGV[1], leaving the mark that it was: answers
 * {'taken', held, values...}, {'sent'} if taken already or replaced, {'lost'} if it is gone.
 */
const FOLD_OUT = `${VALUES}
local ends, taken = unpack(redis.call('HMGET', KEYS[1], 'until', 'taken'))
if not ends then return {'lost'} end
if taken or ends ~= ARGV[1] then return {'sent'} end
local answer = {'taken', redis.call('HGET', KEYS[1], 'held')}
for _, value in ipairs(values(KEYS[1])) do answer[#answer + 1] = value end
redis.call('HSET', KEYS[1], 'taken', '1')
return answer
`;

/** The prefix of each process's key of life, `agon:alive:<origin>`. */
export const ALIVE = 'agon:alive:';
/** The key of life of process `origin`: present while that process is alive. */
const aliveKey = (origin: string): string => `${ALIVE}${origin}`;
/** How often a process renews its key of life... */
const BEAT_MS = 1000;
/** ...and how long the key outlives the last renewal: a killed process's connections count this long. */
const ALIVE_MS = 5000;
/**
 * How long a game's presence hash outlives its last write (renewed every minute while this
 * process has connections to the game): the fields of processes nobody reads again go too.
 */
const PRESENCE_MS = 600_000;
/** Beats between renewals of the presence hashes' expiry. */
const RENEW_BEATS = 60;

/**
 * Sums the fields of the presence hash KEYS[1] but the reader's own (ARGV[1]) whose process is
 * still alive (key ARGV[2]..process), and deletes those of dead processes. One round trip, and
 * atomic, so a process dying between the two reads cannot be half counted. (It reads keys it
 * is not given in KEYS: fine on one Redis, not on Redis Cluster.)
 */
const ELSEWHERE = `
local fields = redis.call('HGETALL', KEYS[1])
local w, b, v = 0, 0, 0
for i = 1, #fields, 2 do
  local origin = fields[i]
  if origin ~= ARGV[1] then
    if redis.call('EXISTS', ARGV[2] .. origin) == 1 then
      local cw, cb, cv = string.match(fields[i + 1], '^(%d+),(%d+),(%d+)$')
      if cw then
        w = w + tonumber(cw)
        b = b + tonumber(cb)
        v = v + tonumber(cv)
      end
    else
      redis.call('HDEL', KEYS[1], origin)
    end
  end
end
return {w, b, v}
`;

/** How soon a lost connection to Redis is tried again: soon at first, then every second. */
const retry = (times: number): number => Math.min(times * 100, 1000);

/**
 * A connection to the Redis at `url` that reconnects by itself, its errors told to `onProblem`.
 * `queue`: whether commands given while it is disconnected wait for it (a subscriber's do);
 * without, they fail at once, so nothing on the way of a move ever waits for Redis.
 */
export function connectRedis(
  url: string,
  onProblem: (what: string, e: unknown) => void,
  queue: boolean,
): Redis {
  const redis = new Redis(
    url,
    queue
      ? { retryStrategy: retry }
      : { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: retry },
  );
  redis.on('error', (e: unknown) => onProblem('redis', e));
  return redis;
}

/** Waits up to `ms` for every one of `connections` to be ready; false if one was not in time. */
export async function ready(connections: readonly Redis[], ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (connections.some((c) => c.status !== 'ready')) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

/** A message of the others as JSON, or undefined for one that is not (it is dropped). */
export function received<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

interface Wire {
  /** The publishing process. */
  readonly o: string;
  /** The version made (an event or an announcement). */
  readonly v?: number;
  readonly e?: GameEvent;
  /** Set when the message says only that the publisher's connections to the game changed. */
  readonly p?: 1;
}

/** The relay through the Redis at `url`. */
export class RedisRelay implements Relay {
  /** This process, as the others know it: it skips its own events, and its key of life. */
  readonly origin = randomBytes(8).toString('hex');
  private readonly commands: Redis;
  private readonly subscriber: Redis;
  private listener: Listener = {
    event: () => undefined,
    reconnected: () => undefined,
    attendance: () => undefined,
  };
  /** This process's connections to each game it has any to, as written in Redis. */
  private readonly mine = new Map<string, string>();
  private readonly beat: NodeJS.Timeout;
  private beats = 0;
  /** The games this process claimed as keeper at its last claim. */
  private kept: readonly string[] = [];
  /** What this process does while Redis cannot answer: what it would do alone. */
  private readonly alone = new LocalRelay();

  constructor(url: string, onProblem: (what: string, e: unknown) => void) {
    this.commands = connectRedis(url, onProblem, false);
    this.subscriber = connectRedis(url, onProblem, true);
    this.subscriber.on('pmessage', (_pattern: string, channel: string, text: string) => {
      const wire = received<Wire>(text);
      if (!wire || wire.o === this.origin) return;
      const id = channel.slice(CHANNEL.length);
      if (wire.p) this.listener.attendance(id);
      else if (typeof wire.v === 'number') this.listener.event(id, wire.v, wire.e);
    });
    this.subscriber.psubscribe(`${CHANNEL}*`).catch((e: unknown) => onProblem('redis', e));
    // After a cut (Redis restarted, say) events published meanwhile are lost: the first
    // 'ready' is the start, every later one a reconnection.
    let heard = 0;
    this.subscriber.on('ready', () => {
      if (heard++ > 0) this.listener.reconnected(false);
    });
    let spoke = 0;
    this.commands.on('ready', () => {
      this.alive();
      if (spoke++ > 0) this.listener.reconnected(true);
    });
    this.beat = setInterval(() => this.alive(), BEAT_MS);
    this.beat.unref();
  }

  /**
   * Renews this process's key of life. If it had lapsed (Redis restarted and lost it, or this
   * process was cut off or stalled for longer than ALIVE_MS), the others have dropped this
   * process's connections: they are written again.
   */
  private alive(): void {
    if (this.commands.status !== 'ready') return;
    const renew = ++this.beats % RENEW_BEATS === 0;
    this.commands
      .set(aliveKey(this.origin), '1', 'PX', ALIVE_MS, 'GET')
      .then((was) => {
        if (was === null) this.writeAll(true);
        else if (renew) this.writeAll(false);
      })
      .catch(() => undefined);
  }

  /** Writes every game's connections of this process again (`tell`: and tells the others). */
  private writeAll(tell: boolean): void {
    if (this.mine.size === 0) return;
    const batch = this.commands.multi();
    for (const [id, value] of this.mine) {
      const key = `${PRESENCE}${id}`;
      batch.hset(key, this.origin, value).pexpire(key, PRESENCE_MS);
      if (tell) batch.publish(`${CHANNEL}${id}`, JSON.stringify({ o: this.origin, p: 1 }));
    }
    batch.exec().catch(() => undefined);
  }

  /**
   * Waits up to `ms` for both connections to Redis (a server starts counting and relaying at
   * once rather than on its own for the first moments); false if Redis did not answer in time.
   */
  ready(ms: number): Promise<boolean> {
    return ready([this.commands, this.subscriber], ms);
  }

  get deaf(): boolean {
    return this.subscriber.status !== 'ready';
  }

  listen(listener: Listener): void {
    this.listener = listener;
  }

  attend(id: string, here: Attendance): void {
    const some = here.white + here.black + here.watchers > 0;
    const value = `${here.white},${here.black},${here.watchers}`;
    if (some) this.mine.set(id, value);
    else this.mine.delete(id);
    // While Redis is away the others keep what they last read; written again when it is back.
    if (this.commands.status !== 'ready') return;
    const key = `${PRESENCE}${id}`;
    const batch = this.commands.multi();
    if (some) batch.hset(key, this.origin, value).pexpire(key, PRESENCE_MS);
    else batch.hdel(key, this.origin);
    const wire: Wire = { o: this.origin, p: 1 };
    batch.publish(`${CHANNEL}${id}`, JSON.stringify(wire));
    batch.exec().catch(() => undefined);
  }

  async elsewhere(id: string): Promise<Attendance | undefined> {
    if (this.commands.status !== 'ready') return undefined;
    try {
      const sums = (await this.commands.eval(
        ELSEWHERE,
        1,
        `${PRESENCE}${id}`,
        this.origin,
        ALIVE,
      )) as number[];
      const [white = 0, black = 0, watchers = 0] = sums;
      return { white, black, watchers };
    } catch {
      return undefined;
    }
  }

  announce(id: string, version: number): void {
    if (this.commands.status !== 'ready') return;
    const wire: Wire = { o: this.origin, v: version };
    this.commands.publish(`${CHANNEL}${id}`, JSON.stringify(wire)).catch(() => undefined);
  }

  publish(id: string, version: number, event: GameEvent): void {
    if (this.commands.status !== 'ready') return;
    const wire: Wire = { o: this.origin, v: version, e: event };
    // Lost when Redis is down: a process that misses an event sees the gap at the next one
    // and reloads the game from the store.
    this.commands.publish(`${CHANNEL}${id}`, JSON.stringify(wire)).catch(() => undefined);
  }

  async allow(key: string, rate: Rate, now: number): Promise<number> {
    if (this.commands.status === 'ready') {
      try {
        const wait = await this.commands.eval(
          ALLOW,
          1,
          `agon:rate:${key}`,
          rate.count,
          rate.windowMs,
        );
        return Number(wait);
      } catch {
        // counted here alone, below
      }
    }
    return this.alone.allow(key, rate, now);
  }

  async keep(ids: readonly string[]): Promise<ReadonlySet<string>> {
    // Unreadable: this process keeps every clock it holds, as it would alone.
    if (this.commands.status !== 'ready') return this.alone.keep();
    const others = new Set<string>();
    const kept: string[] = [];
    try {
      for (let i = 0; i < ids.length; i += KEEP_BATCH) {
        const batch = ids.slice(i, i + KEEP_BATCH);
        const keys = batch.map((id) => `${KEEPER}${id}`);
        const taken = (await this.commands.eval(
          KEEP,
          keys.length,
          ...keys,
          this.origin,
          KEEP_MS,
        )) as number[];
        for (const index of taken) others.add(batch[index - 1]!);
        for (const id of batch) if (!others.has(id)) kept.push(id);
      }
      this.kept = kept;
      return others;
    } catch {
      return this.alone.keep();
    }
  }

  async unkept(ids: readonly string[]): Promise<readonly string[]> {
    // Unreadable: nothing is adopted, since a keeper may be alive.
    if (this.commands.status !== 'ready') return [];
    const free: string[] = [];
    try {
      for (let i = 0; i < ids.length; i += KEEP_BATCH) {
        const batch = ids.slice(i, i + KEEP_BATCH);
        const keys = batch.map((id) => `${KEEPER}${id}`);
        const indexes = (await this.commands.eval(UNKEPT, keys.length, ...keys, ALIVE)) as number[];
        for (const index of indexes) free.push(batch[index - 1]!);
      }
      return free;
    } catch {
      return [];
    }
  }

  async lease(name: string, ms: number): Promise<boolean> {
    // Unreadable: this process does the work as it would alone (work under a lease is safe to
    // do twice).
    if (this.commands.status !== 'ready') return true;
    try {
      return (
        Number(await this.commands.eval(LEASE, 1, `agon:lease:${name}`, this.origin, ms)) === 1
      );
    } catch {
      return true;
    }
  }

  async fold(
    key: string,
    item: string,
    value: string,
    now: number,
    ms: number,
  ): Promise<Folding | undefined> {
    if (this.commands.status !== 'ready') return undefined;
    const [opened, until, held, ...values] = (await this.commands.eval(
      FOLD_IN,
      1,
      `${FOLD}${key}`,
      item,
      value,
      now,
      now + ms,
      ms + FOLD_MARK_MS,
    )) as string[];
    return {
      until: Number(until),
      opened: opened === '1',
      ...(held ? { ended: { values, held: held === '1' } } : {}),
    };
  }

  async unfold(key: string, until: number): Promise<Unfolded | undefined> {
    if (this.commands.status !== 'ready') return undefined;
    const [answer, held, ...values] = (await this.commands.eval(
      FOLD_OUT,
      1,
      `${FOLD}${key}`,
      until,
    )) as string[];
    if (answer === 'taken') return { values, held: held === '1' };
    return answer === 'lost' ? 'lost' : 'sent';
  }

  async close(): Promise<void> {
    clearInterval(this.beat);
    // Gone at once for the others, rather than when the key of life and the claims lapse: the
    // games it kept are adopted at the others' next look.
    if (this.commands.status === 'ready') {
      await this.commands.del(aliveKey(this.origin)).catch(() => undefined);
      for (let i = 0; i < this.kept.length; i += KEEP_BATCH) {
        const keys = this.kept.slice(i, i + KEEP_BATCH).map((id) => `${KEEPER}${id}`);
        await this.commands.eval(UNKEEP, keys.length, ...keys, this.origin).catch(() => undefined);
      }
      await this.commands.eval(UNKEEP, 1, 'agon:lease:scan', this.origin).catch(() => undefined);
    }
    this.subscriber.disconnect();
    this.commands.disconnect();
  }
}
