// The limits that keep one client from hurting the others, in one place: what a socket, a game,
// an address and a player may do, their defaults for a public server, and how the environment
// changes them (README, "The server's settings").

import { MAX_MESSAGE_BYTES } from '@agon/protocol';

/** The limits that keep one client's sockets from hurting the others. */
export interface SocketLimits {
  /** Socket messages per second per connection, on average... */
  readonly messagesPerSecond: number;
  /** ...with bursts up to this many. */
  readonly messageBurst: number;
  /** Refused messages after which the connection is closed (the server's own failures aside). */
  readonly maxRefusals: number;
  /** The largest socket message accepted, in bytes; a larger one closes the connection. */
  readonly maxMessageBytes: number;
  /** Open sockets at most; more are turned away. Kept below the process's file limit. */
  readonly maxConnections: number;
  /** Open sockets from one address at most; more are turned away. */
  readonly maxSocketsPerAddress: number;
  /** How long a socket may stay open without saying hello. */
  readonly helloTimeoutMs: number;
  /** Unsent bytes a client may fall behind by before it is dropped. */
  readonly maxBufferedBytes: number;
}

/** The limits a game enforces. */
export interface RoomLimits {
  /** How long a game nobody is connected to stays in memory. */
  readonly idleMs: number;
  /** Watchers of one game at most, on every process together; more are turned away. */
  readonly maxWatchers: number;
  /** How long presence changes are gathered before one message tells them all. */
  readonly presenceMs: number;
}

/** How many games one address may create, in each minute. */
interface CreationLimits {
  readonly gamesPerMinute: number;
}

/** The limits of the lobby. */
export interface LobbyLimits {
  /** Seeks, challenges and acceptances one player may make per minute (and in a burst). */
  readonly lobbyActionsPerMinute: number;
  readonly lobbyActionBurst: number;
  /** How long a quick-pairing seek waits with nobody to pair before a house bot plays it. */
  readonly botStepInMs: number;
  /** How long an open challenge that allows bots waits for a person before a bot takes it. */
  readonly botTakesChallengeMs: number;
}

/** The limits on the house bots (bot/house.ts). */
export interface BotLimits {
  /**
   * The live games the house bots of one process play at once, all together: the CPU their
   * searches may take.
   */
  readonly houseBotGames: number;
  /** The longest a house bot waits to answer a move in a game of days (a person's pace). */
  readonly botDaysPaceMs: number;
}

/**
 * The limits on players' requests over HTTP, each counted in fixed windows on every process
 * together (relay.ts `allow`).
 */
export interface PlayerLimits {
  /** New players and transfer-code attempts per address in each minute. */
  readonly playersPerMinute: number;
  /** Renames one player may make in each hour. */
  readonly renamesPerHour: number;
  /** Transfer codes one player may make in each hour. */
  readonly transfersPerHour: number;
}

/** Every limit of the server. */
export interface Limits
  extends SocketLimits,
    RoomLimits,
    CreationLimits,
    LobbyLimits,
    BotLimits,
    PlayerLimits {}

/** Limits for a public server. */
export const DEFAULT_LIMITS: Limits = {
  messagesPerSecond: 10,
  messageBurst: 40,
  maxRefusals: 100,
  gamesPerMinute: 10,
  maxMessageBytes: MAX_MESSAGE_BYTES,
  maxConnections: 20_000,
  maxSocketsPerAddress: 100,
  helloTimeoutMs: 30_000,
  maxBufferedBytes: 1 << 20,
  idleMs: 60_000,
  maxWatchers: 1000,
  presenceMs: 250,
  lobbyActionsPerMinute: 20,
  lobbyActionBurst: 8,
  // Past the rating window's widest (lobby/pairing.ts, 30 s would be anyone) for a person who
  // came to play now: a newcomer alone at a quiet hour has a game in 20 s.
  botStepInMs: 20_000,
  // A challenge names its own terms, which fewer people match than a pool: a minute for them.
  botTakesChallengeMs: 60_000,
  // Two search threads keep a move's wait within a think time at 200 games (docs/online.md,
  // "Bots").
  houseBotGames: 200,
  // A person answers a game of days when they look: between a minute and an hour.
  botDaysPaceMs: 3_600_000,
  playersPerMinute: 10,
  // A name is chosen once or twice; a few more allow for second thoughts.
  renamesPerHour: 6,
  // A code is good for ten minutes: a player moving to a new device needs one or two.
  transfersPerHour: 10,
};

/** A positive number from the environment variable `name`, or undefined when unset. */
export function setting(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

/**
 * The limits the environment sets (README): each variable a positive number (a token bucket's
 * burst the same as its rate); throws naming a variable that is not one.
 */
export function limitsFromEnv(env: NodeJS.ProcessEnv): Partial<Limits> {
  const read = (name: string): number | undefined => setting(env, name);
  // Raised by the load test (a thousand games from one address) and the tests (fast play).
  const gamesPerMinute = read('AGON_GAMES_PER_MINUTE');
  const messagesPerSecond = read('AGON_MESSAGES_PER_SECOND');
  const maxSocketsPerAddress = read('AGON_SOCKETS_PER_ADDRESS');
  const maxWatchers = read('AGON_WATCHERS_PER_GAME');
  // Lowered by the tests, to see a silent socket or an idle game go without waiting long.
  const helloTimeoutMs = read('AGON_HELLO_TIMEOUT_MS');
  const idleMs = read('AGON_IDLE_MS');
  // Raised by the lobby's load test (thousands of players from one address).
  const lobbyActionsPerMinute = read('AGON_LOBBY_ACTIONS_PER_MINUTE');
  const playersPerMinute = read('AGON_PLAYERS_PER_MINUTE');
  const renamesPerHour = read('AGON_RENAMES_PER_HOUR');
  const transfersPerHour = read('AGON_TRANSFERS_PER_HOUR');
  const botStepInMs = read('AGON_BOT_STEP_IN_MS');
  const botTakesChallengeMs = read('AGON_BOT_TAKES_CHALLENGE_MS');
  const houseBotGames = read('AGON_HOUSE_BOT_GAMES');
  const botDaysPaceMs = read('AGON_BOT_DAYS_PACE_MS');
  return {
    ...(gamesPerMinute && { gamesPerMinute }),
    ...(messagesPerSecond && { messagesPerSecond, messageBurst: messagesPerSecond }),
    ...(maxSocketsPerAddress && { maxSocketsPerAddress }),
    ...(maxWatchers && { maxWatchers }),
    ...(helloTimeoutMs && { helloTimeoutMs }),
    ...(idleMs && { idleMs }),
    ...(lobbyActionsPerMinute && {
      lobbyActionsPerMinute,
      lobbyActionBurst: lobbyActionsPerMinute,
    }),
    ...(playersPerMinute && { playersPerMinute }),
    ...(renamesPerHour && { renamesPerHour }),
    ...(transfersPerHour && { transfersPerHour }),
    ...(botStepInMs && { botStepInMs }),
    ...(botTakesChallengeMs && { botTakesChallengeMs }),
    ...(houseBotGames && { houseBotGames }),
    ...(botDaysPaceMs && { botDaysPaceMs }),
  };
}
