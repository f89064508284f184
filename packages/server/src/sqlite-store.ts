// The game and player store on SQLite (better-sqlite3, WAL): one database file in the data
// folder, its tables made by migrations (sqlite-schema.ts). The writing happens in a worker
// thread (sqlite-writer.ts); this side hands it requests and turns its answers back into
// promises.

import { existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Puzzle } from '@agon/engine';
import type { LobbySettings, PlayedTournament, PoolId, PuzzleStanding } from '@agon/protocol';
import { nameKey } from '@agon/protocol/name-key';
import {
  NameTaken,
  type NewLobbyGame,
  type NewPlayer,
  type Outcome,
  type Player,
  type PlayerGame,
  type PlayerStore,
  type Settlement,
  type StartedGame,
} from './players.ts';
import type {
  AttemptResult,
  NewAttempt,
  PuzzlePlayer,
  PuzzleStore,
  ScanState,
} from './puzzles/store.ts';
import type { Job, PlayerAnswers, PlayerJob, Reply, Request } from './sqlite-messages.ts';
import {
  type GameEvent,
  type GameSetup,
  type GameStore,
  type StoredGame,
  VersionConflict,
} from './store.ts';
import type { Subscription, SubscriptionStore } from './subscriptions.ts';
import type { StoredTournament, TournamentEvent, TournamentSetup } from './tournament/log.ts';
import type {
  FinalLine,
  ListedTournament,
  TournamentStore,
  TournamentSummary,
} from './tournament/store.ts';

/** The database file's name inside the data folder. */
export const DATABASE_FILE = 'agon.sqlite';

type Pending = { resolve: (reply: Reply) => void; reject: (e: Error) => void };

/** Starts the writer as TypeScript: the worker loads tsx first, as `npm start` does. */
function startWriter(file: string): Worker {
  // Resolved through tsx's package.json: import.meta.resolve is missing under test runners.
  const require = createRequire(import.meta.url);
  const tsxPackage = require.resolve('tsx/package.json');
  const api = (require(tsxPackage) as { exports: Record<string, { import: { default: string } }> })
    .exports['./esm/api']!.import.default;
  const tsx = pathToFileURL(join(dirname(tsxPackage), api)).href;
  const writer = new URL('./sqlite-writer.ts', import.meta.url).href;
  const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(writer)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), {
    workerData: { file },
  });
}

/** The message of an error, with its code when it has one (ENOENT, SQLITE_CORRUPT...). */
function cause(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const code = 'code' in e && typeof e.code === 'string' ? e.code : undefined;
  return code && !e.message.includes(code) ? `${code}: ${e.message}` : e.message;
}

/** A GameStore and PlayerStore in `<dataDir>/agon.sqlite`, created if missing. */
export class SqliteStore
  implements GameStore, PlayerStore, SubscriptionStore, TournamentStore, PuzzleStore
{
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextRef = 1;
  private failed: Error | undefined;
  private closing = false;

  /**
   * Opens (or creates) the database in `dataDir`. Throws, naming the file and the cause, when
   * the folder cannot be made or the file is empty; a failure to open it at all rejects the
   * first request the same way.
   */
  constructor(dataDir: string) {
    const file = join(dataDir, DATABASE_FILE);
    const refuse = (why: string): Error =>
      new Error(`the games database ${file} cannot be opened: ${why}`);
    try {
      mkdirSync(dataDir, { recursive: true });
    } catch (e) {
      throw refuse(`its folder cannot be made (${cause(e)})`);
    }
    // SQLite takes an empty file for a new database: after a truncation that would silently
    // start over with no games. A file this server did not just create must have a header.
    if (existsSync(file) && statSync(file).size === 0) {
      throw refuse('the file is empty (0 bytes); restore it, or remove it to start afresh');
    }
    this.worker = startWriter(file);
    this.worker.on('message', (reply: Reply) => {
      const p = this.pending.get(reply.ref);
      this.pending.delete(reply.ref);
      p?.resolve(reply);
    });
    // An error from the worker thread arrives as a copy that may have lost its message.
    this.worker.on('error', (e: Error & { code?: string }) =>
      this.fail(refuse(e.message || e.code || String(e))),
    );
    this.worker.on('exit', () => this.fail(refuse('the storage worker stopped')));
  }

  /** Set once the store has failed for good: every request fails, and /healthz says so. */
  get failure(): Error | undefined {
    return this.closing ? undefined : this.failed;
  }

  private fail(e: Error): void {
    if (this.failed === undefined && !this.closing) console.error(e.message);
    this.failed ??= e;
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  private ask(job: Job): Promise<Reply> {
    if (this.failed) return Promise.reject(this.failed);
    const ref = this.nextRef++;
    return new Promise((resolve, reject) => {
      this.pending.set(ref, { resolve, reject });
      this.worker.postMessage({ ...job, ref } satisfies Request);
    });
  }

  private static check(reply: Reply): Reply & { ok: true } {
    if (reply.ok) return reply;
    if (reply.taken === 'name') throw new NameTaken(reply.message);
    throw reply.taken ? new VersionConflict(reply.message) : new Error(reply.message);
  }

  /** Asks the worker about players: the answer is of the type its `op` names. */
  private async about<K extends PlayerJob['op']>(
    job: PlayerJob & { op: K },
  ): Promise<PlayerAnswers[K]> {
    return SqliteStore.check(await this.ask(job)).value as PlayerAnswers[K];
  }

  async create(id: string, createdAt: number, setup: GameSetup): Promise<void> {
    SqliteStore.check(
      await this.ask({ op: 'create', id, createdAt, setup: JSON.stringify(setup) }),
    );
  }

  async append(id: string, version: number, event: GameEvent): Promise<void> {
    SqliteStore.check(await this.ask({ op: 'append', id, version, event: JSON.stringify(event) }));
  }

  async load(id: string): Promise<StoredGame | undefined> {
    const rows = SqliteStore.check(await this.ask({ op: 'load', id })).game;
    if (!rows) return undefined;
    return {
      id,
      createdAt: rows.createdAt,
      setup: JSON.parse(rows.setup) as GameSetup,
      events: rows.events.map((e) => JSON.parse(e) as GameEvent),
    };
  }

  async markRunning(id: string, running: boolean): Promise<void> {
    SqliteStore.check(await this.ask({ op: 'mark', id, running }));
  }

  async running(): Promise<readonly string[]> {
    return SqliteStore.check(await this.ask({ op: 'running' })).ids ?? [];
  }

  async inPlay(): Promise<number> {
    return SqliteStore.check(await this.ask({ op: 'in-play' })).count ?? 0;
  }

  async markDue(id: string, at: number | null): Promise<void> {
    SqliteStore.check(await this.ask({ op: 'mark-due', id, at }));
  }

  async due(at: number, limit: number): Promise<readonly string[]> {
    return SqliteStore.check(await this.ask({ op: 'due', at, limit })).ids ?? [];
  }

  async alive(at: number): Promise<void> {
    SqliteStore.check(await this.ask({ op: 'alive', at }));
  }

  async lastAlive(): Promise<number | undefined> {
    return SqliteStore.check(await this.ask({ op: 'last-alive' })).at;
  }

  async createPlayer(player: NewPlayer): Promise<void> {
    await this.about({ op: 'create-player', ...player, nameKey: nameKey(player.name) });
  }

  playerByToken(tokenHash: string): Promise<Player | undefined> {
    return this.about({ op: 'player-by-token', tokenHash });
  }

  player(id: string): Promise<Player | undefined> {
    return this.about({ op: 'player', id });
  }

  players(ids: readonly string[]): Promise<readonly Player[]> {
    return this.about({ op: 'players', ids });
  }

  rename(id: string, name: string): Promise<boolean> {
    return this.about({ op: 'rename', id, name, nameKey: nameKey(name) });
  }

  addToken(id: string, tokenHash: string): Promise<boolean> {
    return this.about({ op: 'add-token', id, tokenHash });
  }

  async saveTransfer(codeHash: string, playerId: string, expiresAt: number): Promise<void> {
    await this.about({ op: 'save-transfer', codeHash, playerId, expiresAt });
  }

  purgeTransfers(now: number): Promise<number> {
    return this.about({ op: 'purge-transfers', now });
  }

  takeTransfer(codeHash: string, now: number): Promise<string | undefined> {
    return this.about({ op: 'take-transfer', codeHash, now });
  }

  async recordGame(game: StartedGame): Promise<void> {
    await this.about({ op: 'record-game', game });
  }

  async startGames(games: readonly NewLobbyGame[]): Promise<void> {
    if (games.length === 0) return;
    const rows = games.map((g) => ({ setup: JSON.stringify(g.setup), started: g.started }));
    await this.about({ op: 'start-games', games: rows });
  }

  settle(gameId: string, outcome: Outcome, at: number): Promise<Settlement | undefined> {
    return this.about({ op: 'settle', gameId, outcome, at });
  }

  recentGames(playerId: string, limit: number, ongoing = false): Promise<readonly PlayerGame[]> {
    return this.about({ op: 'recent-games', playerId, limit, ongoing });
  }

  colourBalance(playerId: string): Promise<number> {
    return this.about({ op: 'colour-balance', playerId });
  }

  secret(name: string, made: string): Promise<string> {
    return this.about({ op: 'secret', name, value: made });
  }

  unsettled(before: number): Promise<readonly string[]> {
    return this.about({ op: 'unsettled', before });
  }

  subscribe(subscription: Subscription, most: number): Promise<boolean> {
    return this.about({ op: 'subscribe', subscription, most });
  }

  unsubscribe(player: string, endpoint: string): Promise<boolean> {
    return this.about({ op: 'unsubscribe', player, endpoint });
  }

  async forget(endpoint: string): Promise<void> {
    await this.about({ op: 'forget', endpoint });
  }

  subscriptions(player: string): Promise<readonly Subscription[]> {
    return this.about({ op: 'subscriptions', player });
  }

  settings(playerId: string): Promise<LobbySettings> {
    return this.about({ op: 'settings', playerId });
  }

  async saveSettings(playerId: string, settings: LobbySettings): Promise<void> {
    await this.about({ op: 'save-settings', playerId, settings });
  }

  havePlayed(a: string, b: string): Promise<boolean> {
    return this.about({ op: 'have-played', a, b });
  }

  subscribers(
    pool: PoolId,
    hour: number,
    except: string,
    limit: number,
  ): Promise<readonly string[]> {
    return this.about({ op: 'subscribers', pool, hour, except, limit });
  }

  async createTournament(
    id: string,
    createdAt: number,
    setup: TournamentSetup,
    summary: TournamentSummary,
  ): Promise<boolean> {
    return this.about({ op: 'create-tournament', id, createdAt, setup, summary });
  }

  async appendTournament(
    id: string,
    version: number,
    events: readonly TournamentEvent[],
  ): Promise<void> {
    await this.about({ op: 'append-tournament', id, version, events });
  }

  loadTournament(id: string, from = 0): Promise<StoredTournament | undefined> {
    return this.about({ op: 'load-tournament', id, from });
  }

  async summarise(id: string, summary: TournamentSummary): Promise<void> {
    await this.about({ op: 'summarise', id, summary });
  }

  listTournaments(
    finished: number,
    startsBy = Number.MAX_SAFE_INTEGER,
  ): Promise<readonly ListedTournament[]> {
    return this.about({ op: 'list-tournaments', finished, startsBy });
  }

  async finalise(id: string, lines: readonly FinalLine[]): Promise<void> {
    await this.about({ op: 'finalise', id, lines });
  }

  playedTournaments(player: string, limit: number): Promise<readonly PlayedTournament[]> {
    return this.about({ op: 'played-tournaments', player, limit });
  }

  attemptPuzzle(attempt: NewAttempt): Promise<AttemptResult> {
    return this.about({ op: 'attempt-puzzle', attempt });
  }

  puzzlePlayer(player: string): Promise<PuzzlePlayer> {
    return this.about({ op: 'puzzle-player', player });
  }

  puzzleRatings(): Promise<readonly PuzzleStanding[]> {
    return this.about({ op: 'puzzle-ratings' });
  }

  foundPuzzles(): Promise<readonly Puzzle[]> {
    return this.about({ op: 'found-puzzles' });
  }

  async queueScan(game: string, at: number): Promise<void> {
    await this.about({ op: 'queue-scan', game, at });
  }

  claimScan(now: number, leaseMs: number): Promise<string | undefined> {
    return this.about({ op: 'claim-scan', now, leaseMs });
  }

  finishScan(game: string, puzzles: readonly Puzzle[], at: number): Promise<number> {
    return this.about({ op: 'finish-scan', game, puzzles, at });
  }

  async releaseScan(game: string, at: number, tries: number): Promise<void> {
    await this.about({ op: 'release-scan', game, at, tries });
  }

  scanState(game: string): Promise<ScanState | undefined> {
    return this.about({ op: 'scan-state', game });
  }

  async close(): Promise<void> {
    if (this.failed) return;
    this.closing = true;
    await this.ask({ op: 'close' });
    await this.worker.terminate();
  }
}
