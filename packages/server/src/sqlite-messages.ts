// What the main thread and the SQLite worker say to each other: requests tagged with a
// reference number, answered once each, in any order.

import type { Puzzle } from '@agon/engine';
import type { LobbySettings, PlayedTournament, PoolId, PuzzleStanding } from '@agon/protocol';
import type { Outcome, Player, PlayerGame, Settlement, StartedGame } from './players.ts';
import type { AttemptResult, NewAttempt, PuzzlePlayer, ScanState } from './puzzles/store.ts';
import type { Subscription } from './subscriptions.ts';
import type { StoredTournament, TournamentEvent, TournamentSetup } from './tournament/log.ts';
import type { FinalLine, ListedTournament, TournamentSummary } from './tournament/store.ts';

/** What each request about players answers, by its `op`. */
export interface PlayerAnswers {
  readonly 'create-player': undefined;
  readonly rename: boolean;
  readonly 'add-token': boolean;
  readonly 'save-transfer': undefined;
  readonly 'purge-transfers': number;
  readonly 'take-transfer': string | undefined;
  readonly 'record-game': undefined;
  readonly 'start-games': undefined;
  readonly settle: Settlement | undefined;
  readonly player: Player | undefined;
  readonly 'player-by-token': Player | undefined;
  readonly players: readonly Player[];
  readonly 'recent-games': readonly PlayerGame[];
  readonly 'colour-balance': number;
  readonly unsettled: readonly string[];
  readonly secret: string;
  readonly subscribe: boolean;
  readonly unsubscribe: boolean;
  readonly forget: undefined;
  readonly subscriptions: readonly Subscription[];
  readonly settings: LobbySettings;
  readonly 'save-settings': undefined;
  readonly 'have-played': boolean;
  readonly subscribers: readonly string[];
  readonly 'create-tournament': boolean;
  readonly 'append-tournament': undefined;
  readonly 'load-tournament': StoredTournament | undefined;
  readonly summarise: undefined;
  readonly 'list-tournaments': readonly ListedTournament[];
  readonly finalise: undefined;
  readonly 'played-tournaments': readonly PlayedTournament[];
  readonly 'attempt-puzzle': AttemptResult;
  readonly 'puzzle-player': PuzzlePlayer;
  readonly 'puzzle-ratings': readonly PuzzleStanding[];
  readonly 'found-puzzles': readonly Puzzle[];
  readonly 'queue-scan': undefined;
  readonly 'claim-scan': string | undefined;
  readonly 'finish-scan': number;
  readonly 'release-scan': undefined;
  readonly 'scan-state': ScanState | undefined;
}

/** A request about players; names come with their keys, made on the main thread. */
export type PlayerJob =
  | {
      readonly op: 'create-player';
      readonly id: string;
      readonly name: string;
      readonly nameKey: string;
      readonly tokenHash: string;
      readonly createdAt: number;
      readonly createdFrom?: string;
    }
  | { readonly op: 'rename'; readonly id: string; readonly name: string; readonly nameKey: string }
  | { readonly op: 'add-token'; readonly id: string; readonly tokenHash: string }
  | {
      readonly op: 'save-transfer';
      readonly codeHash: string;
      readonly playerId: string;
      readonly expiresAt: number;
    }
  | { readonly op: 'take-transfer'; readonly codeHash: string; readonly now: number }
  | { readonly op: 'purge-transfers'; readonly now: number }
  | { readonly op: 'record-game'; readonly game: StartedGame }
  /** Each game's setup as JSON text, beside its note for the ratings. */
  | {
      readonly op: 'start-games';
      readonly games: readonly { readonly setup: string; readonly started: StartedGame }[];
    }
  | {
      readonly op: 'settle';
      readonly gameId: string;
      readonly outcome: Outcome;
      readonly at: number;
    }
  | { readonly op: 'player'; readonly id: string }
  | { readonly op: 'player-by-token'; readonly tokenHash: string }
  | { readonly op: 'players'; readonly ids: readonly string[] }
  | {
      readonly op: 'recent-games';
      readonly playerId: string;
      readonly limit: number;
      /** Only the games with no result yet. */
      readonly ongoing?: boolean;
    }
  | { readonly op: 'colour-balance'; readonly playerId: string }
  | { readonly op: 'unsettled'; readonly before: number }
  /** The secret `name`, kept as `value` unless one was kept before. */
  | { readonly op: 'secret'; readonly name: string; readonly value: string }
  | { readonly op: 'subscribe'; readonly subscription: Subscription; readonly most: number }
  | { readonly op: 'unsubscribe'; readonly player: string; readonly endpoint: string }
  | { readonly op: 'forget'; readonly endpoint: string }
  | { readonly op: 'subscriptions'; readonly player: string }
  | { readonly op: 'settings'; readonly playerId: string }
  | { readonly op: 'save-settings'; readonly playerId: string; readonly settings: LobbySettings }
  | { readonly op: 'have-played'; readonly a: string; readonly b: string }
  | {
      readonly op: 'subscribers';
      readonly pool: PoolId;
      readonly hour: number;
      readonly except: string;
      readonly limit: number;
    }
  | {
      readonly op: 'create-tournament';
      readonly id: string;
      readonly createdAt: number;
      readonly setup: TournamentSetup;
      readonly summary: TournamentSummary;
    }
  | {
      readonly op: 'append-tournament';
      readonly id: string;
      readonly version: number;
      readonly events: readonly TournamentEvent[];
    }
  | { readonly op: 'load-tournament'; readonly id: string; readonly from: number }
  | { readonly op: 'summarise'; readonly id: string; readonly summary: TournamentSummary }
  | { readonly op: 'list-tournaments'; readonly finished: number; readonly startsBy: number }
  | { readonly op: 'finalise'; readonly id: string; readonly lines: readonly FinalLine[] }
  | { readonly op: 'played-tournaments'; readonly player: string; readonly limit: number }
  | { readonly op: 'attempt-puzzle'; readonly attempt: NewAttempt }
  | { readonly op: 'puzzle-player'; readonly player: string }
  | { readonly op: 'puzzle-ratings' }
  | { readonly op: 'found-puzzles' }
  | { readonly op: 'queue-scan'; readonly game: string; readonly at: number }
  | { readonly op: 'claim-scan'; readonly now: number; readonly leaseMs: number }
  | {
      readonly op: 'finish-scan';
      readonly game: string;
      readonly puzzles: readonly Puzzle[];
      readonly at: number;
    }
  | {
      readonly op: 'release-scan';
      readonly game: string;
      readonly at: number;
      readonly tries: number;
    }
  | { readonly op: 'scan-state'; readonly game: string };

/** The requests about players that only read. */
export const PLAYER_READS: ReadonlySet<PlayerJob['op']> = new Set([
  'player',
  'player-by-token',
  'players',
  'recent-games',
  'colour-balance',
  'unsettled',
  'subscriptions',
  'settings',
  'have-played',
  'subscribers',
  'load-tournament',
  'list-tournaments',
  'played-tournaments',
  'puzzle-player',
  'puzzle-ratings',
  'found-puzzles',
  'scan-state',
]);

/** What the main thread asks the SQLite worker to do. */
export type Job =
  | {
      readonly op: 'create';
      readonly id: string;
      readonly createdAt: number;
      readonly setup: string;
    }
  | { readonly op: 'append'; readonly id: string; readonly version: number; readonly event: string }
  | { readonly op: 'mark'; readonly id: string; readonly running: boolean }
  | { readonly op: 'mark-due'; readonly id: string; readonly at: number | null }
  | { readonly op: 'due'; readonly at: number; readonly limit: number }
  | { readonly op: 'alive'; readonly at: number }
  | { readonly op: 'load'; readonly id: string }
  | { readonly op: 'running' }
  | { readonly op: 'in-play' }
  | { readonly op: 'last-alive' }
  | { readonly op: 'close' }
  | PlayerJob;

/** A job with the reference number its answer will carry. */
export type Request = { readonly ref: number } & Job;

/** The stored rows of one game, as JSON text. */
export interface GameRows {
  readonly createdAt: number;
  readonly setup: string;
  readonly events: readonly string[];
}

/**
 * The worker's answer to one request; `game`, `ids`, `at` and `count` answer the reads of games,
 * `value` the requests about players. `taken` says which key a refused write found taken.
 */
export type Reply =
  | {
      readonly ref: number;
      readonly ok: true;
      readonly game?: GameRows;
      readonly ids?: readonly string[];
      readonly at?: number;
      readonly count?: number;
      readonly value?: PlayerAnswers[keyof PlayerAnswers];
    }
  | {
      readonly ref: number;
      readonly ok: false;
      readonly taken?: 'version' | 'name';
      readonly message: string;
    };
