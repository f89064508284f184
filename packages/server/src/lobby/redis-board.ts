// The lobby board of a cluster, in the Redis every process shares (AGON_REDIS_URL), so players
// on different processes meet. Each change is one Lua script, so it is atomic: a pair or an
// accepted challenge happens exactly once, whichever processes race for it (docs/lobby.md).
//
// Keys, under `agon:lobby:`: `seeks:<pool>` (player → seek, in each pool of its range),
// `seeking` (player → their pools, by commas), `sought` (player → when they last sought),
// `challenges` (id → challenge), `challenge-of` (player → id of their open challenge),
// `direct-of:<player>` (addressee → id of the player's challenge to them), `kept:<id>` (a kept
// challenge, with its expiry), `claim:<key>` (board.claim's, with an expiry), `busy:<player>`
// (the game, with an expiry), `playing` (game → listing) and `playing-until` (game → when its
// listing lapses), `online` (process → players with the lobby open), `lead:<pool>` (the process
// pairing the pool, with an expiry). Every expiry and lapse is counted by Redis's clock (PX, and TIME in
// the scripts), from durations the processes give: the processes' clocks never meet there.
// Seeks and challenges carry the process they came through: when that process's key of life
// (`agon:alive:<process>`, renewed every second by the relay) lapses, readers drop them, so a
// killed process's entries are gone a few seconds later. Nothing else would change the list
// then, so each process also looks every second for processes whose key lapsed and, finding
// one, tells every process to list the lobby again.

import type { LobbyServerMessage, PoolId } from '@agon/protocol';
import { isCorrespondence, MAX_DIRECT, POOLS } from '@agon/protocol';
import type { Redis } from 'ioredis';
import { ALIVE, connectRedis, LEASE, ready, received, UNKEEP } from '../game/redis-relay.ts';
import {
  type BoardListener,
  type Challenge,
  isKept,
  KEPT_MS,
  LEAD_MS,
  type LobbyBoard,
  type Offered,
  type Playing,
  poolsOf,
  type Seek,
  type Snapshot,
  SOUGHT_MS,
} from './board.ts';

const P = 'agon:lobby:';
const NEWS = `${P}news`;

/** Lua helpers every script starts with: taking a player out of the pools and challenges. */
const COMMON = `
local P = '${P}'
-- A player's pools, as 'seeking' keeps them: the seek's own first, then its range, by commas.
local function pools(player)
  local found = {}
  local list = redis.call('HGET', P .. 'seeking', player)
  if list then for pool in string.gmatch(list, '[^,]+') do found[#found + 1] = pool end end
  return found
end
local function waits(player, pool)
  for _, p in ipairs(pools(player)) do if p == pool then return true end end
  return false
end
local function unseek(player)
  local list = pools(player)
  if #list == 0 then return 0 end
  for _, pool in ipairs(list) do redis.call('HDEL', P .. 'seeks:' .. pool, player) end
  redis.call('HDEL', P .. 'seeking', player)
  return 1
end
local function close(id)
  local text = redis.call('HGET', P .. 'challenges', id)
  if not text then return 0 end
  local c = cjson.decode(text)
  redis.call('HDEL', P .. 'challenges', id)
  redis.call('DEL', P .. 'kept:' .. id)
  if c.to then redis.call('HDEL', P .. 'direct-of:' .. c.by.id, c.to.id)
  else redis.call('HDEL', P .. 'challenge-of', c.by.id) end
  return 1
end
local function kept(c)
  return c.to ~= nil and c.terms.clock.days ~= nil
end
-- Closes the player's open challenge and their addressed ones but the kept, those made through
-- process 'origin' if given; answers how many it closed.
local function unchallenge(player, origin)
  local closed = 0
  local ids = redis.call('HVALS', P .. 'direct-of:' .. player)
  local open = redis.call('HGET', P .. 'challenge-of', player)
  if open then ids[#ids + 1] = open end
  for _, id in ipairs(ids) do
    local text = redis.call('HGET', P .. 'challenges', id)
    if text then
      local c = cjson.decode(text)
      if not kept(c) and (origin == nil or c.o == origin) then closed = closed + close(id) end
    end
  end
  return closed
end
local function busy(player)
  return redis.call('EXISTS', P .. 'busy:' .. player) == 1
end
local function clock()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
-- The players a game keeps busy: a bot (the listing's brief says so) plays any number at once.
local function people(listing)
  local l = cjson.decode(listing)
  local found = {}
  for _, side in ipairs({l.white, l.black}) do
    if side.bot ~= true then found[#found + 1] = side.id end
  end
  return found
end
local function list(game, ttl, listing)
  for _, player in ipairs(people(listing)) do
    redis.call('SET', P .. 'busy:' .. player, game, 'PX', ttl)
  end
  redis.call('HSET', P .. 'playing', game, listing)
  redis.call('ZADD', P .. 'playing-until', clock() + tonumber(ttl), game)
end
local function start(game, ttl, listing)
  for _, player in ipairs(people(listing)) do
    unseek(player)
    unchallenge(player)
  end
  list(game, ttl, listing)
end
`;

/** ARGV: player, pools (the seek's own first, by commas), seek, how long a seek counts as sought. */
const SEEK = `${COMMON}
if busy(ARGV[1]) then return 0 end
unseek(ARGV[1])
for pool in string.gmatch(ARGV[2], '[^,]+') do
  redis.call('HSET', P .. 'seeks:' .. pool, ARGV[1], ARGV[3])
end
redis.call('HSET', P .. 'seeking', ARGV[1], ARGV[2])
local now = clock()
redis.call('ZADD', P .. 'sought', now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', P .. 'sought', '-inf', now - tonumber(ARGV[4]))
return 1
`;

/** ARGV: player. */
const UNSEEK = `${COMMON}
return unseek(ARGV[1])
`;

/**
 * ARGV: player, id, challenge, whether it is for a live game ('1', refused while the player is
 * busy; '' for a correspondence game), then for one addressed to a player: the addressee, the most the
 * player may have open, and how long it is kept ('' if it goes with the player). Answers 1 if
 * placed, 0 if the player is busy, 2 if they have the most addressed ones open.
 */
const OFFER = `${COMMON}
if ARGV[4] == '1' and busy(ARGV[1]) then return 0 end
if #ARGV == 4 then
  local before = redis.call('HGET', P .. 'challenge-of', ARGV[1])
  if before then close(before) end
  redis.call('HSET', P .. 'challenge-of', ARGV[1], ARGV[2])
else
  local mine = P .. 'direct-of:' .. ARGV[1]
  local before = redis.call('HGET', mine, ARGV[5])
  if before then close(before)
  elseif redis.call('HLEN', mine) >= tonumber(ARGV[6]) then return 2 end
  redis.call('HSET', mine, ARGV[5], ARGV[2])
  if ARGV[7] ~= '' then redis.call('SET', P .. 'kept:' .. ARGV[2], 1, 'PX', ARGV[7]) end
end
redis.call('HSET', P .. 'challenges', ARGV[2], ARGV[3])
return 1
`;

/** ARGV: player, id. */
const WITHDRAW = `${COMMON}
local text = redis.call('HGET', P .. 'challenges', ARGV[2])
if not text or cjson.decode(text).by.id ~= ARGV[1] then return 0 end
return close(ARGV[2])
`;

/** ARGV: player, id: closes the challenge if addressed to the player, and answers it. */
const DECLINE = `${COMMON}
local text = redis.call('HGET', P .. 'challenges', ARGV[2])
if not text then return false end
local to = cjson.decode(text).to
if not to or to.id ~= ARGV[1] then return false end
close(ARGV[2])
return text
`;

/** KEYS: the claim; ARGV: its length in ms. 1 if this call claimed it. */
const CLAIM = `
if redis.call('SET', KEYS[1], 1, 'NX', 'PX', ARGV[1]) then return 1 end
return 0
`;

/** ARGV: white, black, pool, game, ttl, listing. */
const PAIR = `${COMMON}
local white, black, pool = ARGV[1], ARGV[2], ARGV[3]
if white == black then return 0 end
if not waits(white, pool) or not waits(black, pool) then return 0 end
if busy(white) or busy(black) then return 0 end
start(ARGV[4], ARGV[5], ARGV[6])
return 1
`;

/** ARGV: player, pool, game, ttl, listing (the other player a bot, never busy). */
const PAIR_BOT = `${COMMON}
if not waits(ARGV[1], ARGV[2]) or busy(ARGV[1]) then return 0 end
start(ARGV[3], ARGV[4], ARGV[5])
return 1
`;

/** ARGV: id, taker, then white, black, game, ttl, listing; only id and taker to close it. */
const TAKE = `${COMMON}
local challenge = redis.call('HGET', P .. 'challenges', ARGV[1])
if not challenge then return 0 end
local c = cjson.decode(challenge)
local owner = c.by.id
if owner == ARGV[2] then return 0 end
if c.to and c.to.id ~= ARGV[2] then return 0 end
if #ARGV == 2 then return close(ARGV[1]) end
if (owner ~= ARGV[3] and owner ~= ARGV[4]) or (ARGV[2] ~= ARGV[3] and ARGV[2] ~= ARGV[4]) then
  return 0
end
if busy(owner) or busy(ARGV[2]) then return 0 end
close(ARGV[1])
start(ARGV[5], ARGV[6], ARGV[7])
return 1
`;

/** ARGV: five for each game: white, black, game, ttl, listing. Answers 1 or 0 for each. */
const SEAT = `${COMMON}
local seated = {}
for i = 1, #ARGV, 5 do
  local white, black = ARGV[i], ARGV[i + 1]
  if white == black or busy(white) or busy(black) then seated[#seated + 1] = 0
  else
    start(ARGV[i + 2], ARGV[i + 3], ARGV[i + 4])
    seated[#seated + 1] = 1
  end
end
return seated
`;

/** ARGV: game, then its players. */
const END = `${COMMON}
for i = 2, #ARGV do
  if redis.call('GET', P .. 'busy:' .. ARGV[i]) == ARGV[1] then
    redis.call('DEL', P .. 'busy:' .. ARGV[i])
  end
end
redis.call('ZREM', P .. 'playing-until', ARGV[1])
return redis.call('HDEL', P .. 'playing', ARGV[1])
`;

/** ARGV: five for each game: game, white, black, ttl, listing. */
const REINSTATE = `${COMMON}
for i = 1, #ARGV, 5 do list(ARGV[i], ARGV[i + 3], ARGV[i + 4]) end
return 0
`;

/**
 * ARGV: player, process: the player's seek and challenges, if made through that process (but
 * the kept ones).
 */
const DROP = `${COMMON}
local dropped = 0
local pool = pools(ARGV[1])[1]
if pool then
  local seek = redis.call('HGET', P .. 'seeks:' .. pool, ARGV[1])
  if not seek or cjson.decode(seek).o == ARGV[2] then dropped = dropped + unseek(ARGV[1]) end
end
return dropped + unchallenge(ARGV[1], ARGV[2])
`;

/**
 * ARGV: the alive prefix, how long a seek counts as sought, then the pools. Drops the seeks and
 * challenges of dead processes and answers what is left, a seek once however many pools it is
 * in: { seeks..., '|', challenges..., '|', playing..., '|', online, dropped, sought }.
 */
const SNAPSHOT = `${COMMON}
local alive = {}
local function lives(origin)
  if alive[origin] == nil then
    alive[origin] = redis.call('EXISTS', ARGV[1] .. origin) == 1
  end
  return alive[origin]
end
local out = {}
local dropped = 0
local seen = {}
for i = 3, #ARGV do
  local seeks = redis.call('HGETALL', P .. 'seeks:' .. ARGV[i])
  for j = 1, #seeks, 2 do
    if seen[seeks[j]] then
    elseif lives(cjson.decode(seeks[j + 1]).o) then
      out[#out + 1] = seeks[j + 1]
      seen[seeks[j]] = true
    else dropped = dropped + unseek(seeks[j]) end
  end
end
out[#out + 1] = '|'
local challenges = redis.call('HGETALL', P .. 'challenges')
for j = 1, #challenges, 2 do
  local c = cjson.decode(challenges[j + 1])
  local open
  if kept(c) then open = redis.call('EXISTS', P .. 'kept:' .. challenges[j]) == 1
  else open = lives(c.o) end
  if open then out[#out + 1] = challenges[j + 1]
  else dropped = dropped + close(challenges[j]) end
end
out[#out + 1] = '|'
for _, game in ipairs(redis.call('ZRANGEBYSCORE', P .. 'playing-until', '-inf', clock())) do
  redis.call('HDEL', P .. 'playing', game)
  redis.call('ZREM', P .. 'playing-until', game)
end
local playing = redis.call('HVALS', P .. 'playing')
for _, p in ipairs(playing) do out[#out + 1] = p end
out[#out + 1] = '|'
local online = 0
local counts = redis.call('HGETALL', P .. 'online')
for j = 1, #counts, 2 do
  if lives(counts[j]) then online = online + tonumber(counts[j + 1])
  else
    redis.call('HDEL', P .. 'online', counts[j])
    dropped = dropped + 1
  end
end
out[#out + 1] = tostring(online)
out[#out + 1] = tostring(dropped)
out[#out + 1] = tostring(redis.call('ZCOUNT', P .. 'sought', clock() - tonumber(ARGV[2]), '+inf'))
return out
`;

/**
 * ARGV: the alive prefix, this process, its players with the lobby open. Writes this process's
 * count (again: another may have taken it for dead during a stall) and forgets the processes
 * whose key of life lapsed; answers how many it forgot. Every process with a board has a count
 * from its connection on, so a dead one is found here even if nothing else changes.
 */
const LAPSED = `
local online = '${P}online'
redis.call('HSET', online, ARGV[2], ARGV[3])
local dead = 0
for _, origin in ipairs(redis.call('HKEYS', online)) do
  if redis.call('EXISTS', ARGV[1] .. origin) == 0 then
    redis.call('HDEL', online, origin)
    dead = dead + 1
  end
end
return dead
`;

/** How often a process looks for processes whose key of life lapsed. */
const LAPSED_EVERY_MS = 1000;

/** ARGV: the alive prefix, pool: the live seeks of one pool (dropping the dead). */
const SEEKS = `${COMMON}
local out = {}
local alive = {}
local seeks = redis.call('HGETALL', P .. 'seeks:' .. ARGV[2])
for j = 1, #seeks, 2 do
  local origin = cjson.decode(seeks[j + 1]).o
  if alive[origin] == nil then alive[origin] = redis.call('EXISTS', ARGV[1] .. origin) == 1 end
  if alive[origin] then out[#out + 1] = seeks[j + 1] else unseek(seeks[j]) end
end
return out
`;

interface News {
  readonly o: string;
  /** A message for one player's sockets... */
  readonly to?: string;
  readonly m?: LobbyServerMessage;
}

/** Tagged with the process an entry came through. */
type Tagged<T> = T & { readonly o: string };

/** The lobby board in Redis, for the process `origin` (whose key of life the relay renews). */
export class RedisBoard implements LobbyBoard {
  private readonly commands: Redis;
  private readonly subscriber: Redis;
  private listener: BoardListener = {
    deliver: () => undefined,
    changed: () => undefined,
    restored: () => undefined,
  };
  private players = 0;
  private readonly lapsedTimer: NodeJS.Timeout;

  constructor(
    url: string,
    private readonly origin: string,
    onProblem: (what: string, e: unknown) => void,
  ) {
    // As the relay's: a command fails at once while Redis is away instead of queueing.
    this.commands = connectRedis(url, onProblem, false);
    this.subscriber = connectRedis(url, onProblem, true);
    this.subscriber.on('message', (_channel: string, text: string) => {
      const news = received<News>(text);
      if (!news || news.o === this.origin) return;
      if (news.to !== undefined && news.m) this.listener.deliver(news.to, news.m);
      else this.listener.changed();
    });
    this.subscriber.subscribe(NEWS).catch((e: unknown) => onProblem('redis', e));
    // Written again whenever the link comes back, since Redis may have restarted empty; after
    // a cut (every 'ready' but the first) the lobby puts back what this process holds.
    let ready = 0;
    this.commands.on('ready', () => {
      this.writeAttendance();
      if (ready++ > 0) this.listener.restored();
    });
    this.lapsedTimer = setInterval(
      () => this.findLapsed().catch((e: unknown) => onProblem('redis', e)),
      LAPSED_EVERY_MS,
    );
    this.lapsedTimer.unref();
  }

  /** Tells every process to list the lobby again if a process's entries lapsed with it. */
  private async findLapsed(): Promise<void> {
    if (this.commands.status !== 'ready') return;
    try {
      if ((await this.run(LAPSED, ALIVE, this.origin, this.players)) > 0) this.changed();
    } catch {
      // Redis away: the next look will do.
    }
  }

  /** Waits up to `ms` for both connections; false if Redis did not answer in time. */
  ready(ms: number): Promise<boolean> {
    return ready([this.commands, this.subscriber], ms);
  }

  listen(listener: BoardListener): void {
    this.listener = listener;
  }

  get healthy(): boolean {
    return this.commands.status === 'ready';
  }

  private async run(script: string, ...args: (string | number)[]): Promise<number> {
    return Number(await this.commands.eval(script, 0, ...args));
  }

  /** Tells every process (this one at once) that the lists changed. */
  private changed(): void {
    this.listener.changed();
    this.publish({ o: this.origin });
  }

  private publish(news: News): void {
    this.commands.publish(NEWS, JSON.stringify(news)).catch(() => undefined);
  }

  private tag<T extends object>(entry: T): string {
    return JSON.stringify({ ...entry, o: this.origin } satisfies Tagged<T>);
  }

  async seek(seek: Seek): Promise<boolean> {
    const pools = poolsOf(seek).join(',');
    const done = (await this.run(SEEK, seek.player, pools, this.tag(seek), SOUGHT_MS)) === 1;
    if (done) this.changed();
    return done;
  }

  async unseek(player: string): Promise<void> {
    if ((await this.run(UNSEEK, player)) === 1) this.changed();
  }

  async offer(challenge: Challenge): Promise<Offered> {
    const addressed = challenge.to
      ? [challenge.to.id, MAX_DIRECT, isKept(challenge) ? KEPT_MS : '']
      : [];
    const answer = await this.run(
      OFFER,
      challenge.by.id,
      challenge.id,
      this.tag(challenge),
      isCorrespondence(challenge.terms.clock) ? '' : '1',
      ...addressed,
    );
    if (answer === 1) this.changed();
    return answer === 1 ? 'placed' : answer === 2 ? 'full' : 'busy';
  }

  async decline(player: string, id: string): Promise<Challenge | undefined> {
    const text = (await this.commands.eval(DECLINE, 0, player, id)) as string | null;
    if (text === null) return undefined;
    this.changed();
    return JSON.parse(text) as Challenge;
  }

  async claim(key: string, ms: number): Promise<boolean> {
    return Number(await this.commands.eval(CLAIM, 1, `${P}claim:${key}`, ms)) === 1;
  }

  async withdraw(player: string, id: string): Promise<boolean> {
    const done = (await this.run(WITHDRAW, player, id)) === 1;
    if (done) this.changed();
    return done;
  }

  async challenge(id: string): Promise<Challenge | undefined> {
    const [[, text], [, kept]] = (await this.commands
      .multi()
      .hget(`${P}challenges`, id)
      .exists(`${P}kept:${id}`)
      .exec()) as [[unknown, string | null], [unknown, number]];
    if (text === null) return undefined;
    const challenge = JSON.parse(text) as Challenge;
    // A kept challenge whose time is up, not yet closed by a snapshot.
    return isKept(challenge) && kept === 0 ? undefined : challenge;
  }

  async seeks(pool: PoolId): Promise<readonly Seek[]> {
    const rows = (await this.commands.eval(SEEKS, 0, ALIVE, pool)) as string[];
    return rows.map((row) => JSON.parse(row) as Seek);
  }

  async pair(white: string, black: string, playing: Playing): Promise<boolean> {
    const made =
      (await this.run(
        PAIR,
        white,
        black,
        playing.pool ?? '',
        playing.game,
        playing.lasts,
        JSON.stringify(playing),
      )) === 1;
    if (made) this.changed();
    return made;
  }

  async pairBot(player: string, playing: Playing): Promise<boolean> {
    const { pool, game, lasts } = playing;
    const made =
      (await this.run(PAIR_BOT, player, pool ?? '', game, lasts, JSON.stringify(playing))) === 1;
    if (made) this.changed();
    return made;
  }

  async take(id: string, taker: string, playing: Playing | null): Promise<boolean> {
    const listed = playing
      ? [playing.white.id, playing.black.id, playing.game, playing.lasts, JSON.stringify(playing)]
      : [];
    const made = (await this.run(TAKE, id, taker, ...listed)) === 1;
    if (made) this.changed();
    return made;
  }

  async seat(games: readonly Playing[]): Promise<readonly boolean[]> {
    if (games.length === 0) return [];
    const args = games.flatMap((p) => [p.white.id, p.black.id, p.game, p.lasts, JSON.stringify(p)]);
    const seated = ((await this.commands.eval(SEAT, 0, ...args)) as number[]).map((n) => n === 1);
    // One word to the other processes for the whole wave.
    if (seated.includes(true)) this.changed();
    return seated;
  }

  async busy(player: string): Promise<string | undefined> {
    return (await this.commands.get(`${P}busy:${player}`)) ?? undefined;
  }

  async busyAmong(players: readonly string[]): Promise<ReadonlySet<string>> {
    if (players.length === 0) return new Set();
    const games = await this.commands.mget(players.map((p) => `${P}busy:${p}`));
    return new Set(players.filter((_, i) => games[i] !== null));
  }

  async end(game: string, players: readonly string[]): Promise<void> {
    // Only a game that was listed changes the list (as in memory): ending one twice, or one a
    // reload of its finished game settles again, costs no process a new list.
    if ((await this.run(END, game, ...players)) > 0) this.changed();
  }

  async drop(player: string): Promise<void> {
    if ((await this.run(DROP, player, this.origin)) > 0) this.changed();
  }

  async reinstate(playing: readonly Playing[]): Promise<void> {
    if (playing.length === 0) return;
    const args = playing.flatMap((p) => [
      p.game,
      p.white.id,
      p.black.id,
      p.lasts,
      JSON.stringify(p),
    ]);
    await this.run(REINSTATE, ...args);
    this.changed();
  }

  async lead(pool: PoolId, take: boolean): Promise<boolean> {
    const key = `${P}lead:${pool}`;
    const led = await this.commands.eval(LEASE, 1, key, this.origin, LEAD_MS, take ? '' : 'renew');
    return Number(led) === 1;
  }

  async release(pool: PoolId): Promise<void> {
    await this.commands.eval(UNKEEP, 1, `${P}lead:${pool}`, this.origin);
  }

  /** The processes with a count of lobby players: every live one (LAPSED forgets the dead). */
  async processes(): Promise<number> {
    return Math.max(1, await this.commands.hlen(`${P}online`));
  }

  attend(players: number): void {
    if (players === this.players) return;
    this.players = players;
    this.writeAttendance();
    this.changed();
  }

  private writeAttendance(): void {
    if (this.commands.status !== 'ready') return;
    this.commands.hset(`${P}online`, this.origin, this.players).catch(() => undefined);
  }

  async snapshot(): Promise<Snapshot> {
    const rows = (await this.commands.eval(
      SNAPSHOT,
      0,
      ALIVE,
      SOUGHT_MS,
      ...POOLS.map((p) => p.id),
    )) as string[];
    const parts: string[][] = [[]];
    for (const row of rows) {
      if (row === '|') parts.push([]);
      else parts[parts.length - 1]!.push(row);
    }
    const [seeks = [], challenges = [], playing = [], [online, dropped, sought] = []] = parts;
    // The other processes' lists may still show what this read dropped.
    if (Number(dropped) > 0) this.publish({ o: this.origin });
    return {
      seeks: seeks.map((row) => JSON.parse(row) as Seek),
      challenges: challenges.map((row) => JSON.parse(row) as Challenge),
      playing: playing.map((row) => JSON.parse(row) as Playing),
      online: Number(online ?? 0),
      sought: Number(sought ?? 0),
    };
  }

  notify(player: string, message: LobbyServerMessage): void {
    this.listener.deliver(player, message);
    this.publish({ o: this.origin, to: player, m: message });
  }

  async close(): Promise<void> {
    clearInterval(this.lapsedTimer);
    // The pools this process paired go to another at its next wave, not when the leases lapse.
    const leads = POOLS.map((p) => `${P}lead:${p.id}`);
    await this.commands
      .eval(UNKEEP, leads.length, ...leads, this.origin)
      .catch(() => 0)
      .then(() => this.commands.hdel(`${P}online`, this.origin))
      .catch(() => 0)
      .then(() => this.commands.quit().catch(() => undefined));
    await this.subscriber.quit().catch(() => undefined);
  }
}
