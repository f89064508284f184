// Everything the server keeps, as one store: each domain's repository (written once over
// common/sql.ts) joined here, whichever database serves them. Adding a domain adds its
// repository to DOMAINS and its interface to `Store`; the databases' code stays as it is.

import { KeyRepository, type KeyStore } from '../common/keys.ts';
import { type Sql, UniqueViolation } from '../common/sql.ts';
import type { ConditionalStore } from '../game/conditionals.ts';
import { GameRepository } from '../game/repository.ts';
import { type GameStore, VersionConflict } from '../game/store.ts';
import { LeagueRepository } from '../league/repository.ts';
import type { LeagueStore } from '../league/store.ts';
import { LobbySettingsRepository, type LobbySettingsStore } from '../lobby/settings.ts';
import { NotebookRepository } from '../notebook/repository.ts';
import type { NotebookStore } from '../notebook/store.ts';
import { NameTaken, type PlayerStore } from '../player/players.ts';
import { PlayerRepository } from '../player/repository.ts';
import { VacationRepository, type VacationStore } from '../player/vacation.ts';
import { SubscriptionRepository } from '../push/repository.ts';
import type { SubscriptionStore } from '../push/subscriptions.ts';
import { PuzzleRepository } from '../puzzles/repository.ts';
import type { PuzzleStore } from '../puzzles/store.ts';
import { TournamentRepository } from '../tournament/repository.ts';
import type { TournamentStore } from '../tournament/store.ts';

/** The storage of everything: each method's promise settles once its change is durable. */
export interface Store
  extends GameStore,
    PlayerStore,
    VacationStore,
    LobbySettingsStore,
    SubscriptionStore,
    TournamentStore,
    LeagueStore,
    PuzzleStore,
    NotebookStore,
    ConditionalStore,
    KeyStore {
  /** The error that broke the store for good, if one did. */
  readonly failure: Error | undefined;
  /** Finishes pending writes and releases the storage. */
  close(): Promise<void>;
}

/**
 * A domain's repository: made over a database, and naming its methods that only read (each
 * repository types the names by its interface, so a misspelt read is a type error, not a read
 * run as a write).
 */
interface RepositoryKind {
  new (db: Sql, side: Sql): object;
  readonly reads: ReadonlySet<string>;
}

/**
 * Each domain's repository. `side` is the few connections kept apart for the tournaments' logs
 * and waves (PostgreSQL); SQLite has one connection, given as both.
 */
const DOMAINS = {
  game: GameRepository,
  player: PlayerRepository,
  vacation: VacationRepository,
  lobby: LobbySettingsRepository,
  push: SubscriptionRepository,
  tournament: TournamentRepository,
  league: LeagueRepository,
  puzzle: PuzzleRepository,
  key: KeyRepository,
  notebook: NotebookRepository,
} satisfies Record<string, RepositoryKind>;

export type Domain = keyof typeof DOMAINS;

const domains = Object.keys(DOMAINS) as Domain[];

/** Every domain's repository over one database. */
export function repositories(db: Sql, side: Sql): Record<Domain, object> {
  const made = {} as Record<Domain, object>;
  for (const domain of domains) {
    const Kind: RepositoryKind = DOMAINS[domain];
    made[domain] = new Kind(db, side);
  }
  return made;
}

/** The domain that answers each method of `Store`, by the method's name. */
const OWNER = new Map<string, Domain>();
for (const domain of domains) {
  for (const name of Object.getOwnPropertyNames(DOMAINS[domain].prototype)) {
    if (name === 'constructor') continue;
    if (OWNER.has(name)) throw new Error(`${name} is a method of two domains`);
    OWNER.set(name, domain);
  }
}

/** Calls `method` of `domain`'s repository. */
export function call(
  made: Record<Domain, object>,
  domain: Domain,
  method: string,
  args: readonly unknown[],
): Promise<unknown> {
  const f = (made[domain] as Record<string, unknown>)[method];
  if (typeof f !== 'function' || OWNER.get(method) !== domain) {
    return Promise.reject(new Error(`${domain} has no method ${method}`));
  }
  return (f as (...a: unknown[]) => Promise<unknown>).apply(made[domain], [...args]);
}

/** Whether a method of a domain only reads. */
export const isRead = (domain: Domain, method: string): boolean =>
  (DOMAINS[domain] as RepositoryKind).reads.has(method);

/**
 * The base of a store: every domain's methods, each handing its call to `forward` by domain
 * and name (the SQLite worker, a PostgreSQL repository).
 */
abstract class Forwarder {
  abstract forward(domain: Domain, method: string, args: readonly unknown[]): Promise<unknown>;
}
for (const [name, domain] of OWNER) {
  Object.defineProperty(Forwarder.prototype, name, {
    value(this: Forwarder, ...args: unknown[]) {
      return this.forward(domain, name, args);
    },
  });
}

export const Forwarding = Forwarder as abstract new () => Forwarder &
  Omit<Store, 'failure' | 'close'>;

/** The errors a domain throws on purpose, made again by name where they cross a thread. */
const KNOWN = { NameTaken, VersionConflict } as const;

/** An error as it crosses from the SQLite worker: its kind, its message, the key it hit. */
export interface ErrorCopy {
  readonly name: string;
  readonly message: string;
  readonly constraint?: string;
}

export const copyError = (e: unknown): ErrorCopy =>
  e instanceof Error
    ? {
        name: e.name,
        message: e.message,
        ...(e instanceof UniqueViolation && { constraint: e.constraint }),
      }
    : { name: 'Error', message: String(e) };

export function errorFrom(copy: ErrorCopy): Error {
  if (copy.name === 'UniqueViolation')
    return new UniqueViolation(copy.message, copy.constraint ?? '');
  const known = KNOWN[copy.name as keyof typeof KNOWN];
  return known ? new known(copy.message) : new Error(copy.message);
}
