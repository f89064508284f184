// Where tournaments are kept: each one's setup and the log of its events (log.ts), appended at
// versions like a game's, so that two processes writing at once cannot both succeed; beside
// them a listing of each (its status and a summary) that the tournaments page reads without
// replaying logs, and each player's events for their page.

import type { PlayedTournament, TournamentStatus } from '@agon/protocol';
import type { StoredTournament, TournamentEvent, TournamentSetup } from './log.ts';

/** What the tournaments page shows of an event beyond its setup, kept up by its director. */
export interface TournamentSummary {
  readonly status: TournamentStatus;
  readonly players: number;
  readonly endsAt: number | null;
  readonly leader?: { readonly id: string; readonly name: string; readonly score: number };
  readonly by?: { readonly id: string; readonly name: string };
}

/** An event as listed: its setup and its summary. */
export interface ListedTournament {
  readonly id: string;
  readonly createdAt: number;
  readonly setup: TournamentSetup;
  readonly summary: TournamentSummary;
}

/** A player's final line in an event, for their page. */
export interface FinalLine {
  readonly player: string;
  readonly rank: number;
  readonly score: number;
}

/** The storage of tournaments. Every promise settles once the change is durable. */
export interface TournamentStore {
  /**
   * Stores a new event with no events in its log; false (and nothing stored) if the schedule
   * made one of the same `setup.scheduled` already.
   */
  createTournament(
    id: string,
    createdAt: number,
    setup: TournamentSetup,
    summary: TournamentSummary,
  ): Promise<boolean>;
  /**
   * Appends `events` as versions `version`, `version + 1`…, all or none; rejects with
   * VersionConflict if `version` is taken. A join also lists the event on the player's page.
   */
  appendTournament(id: string, version: number, events: readonly TournamentEvent[]): Promise<void>;
  /** The event with the events of its log from version `from` (all by default), or undefined. */
  loadTournament(id: string, from?: number): Promise<StoredTournament | undefined>;
  /** Sets the summary the tournaments page lists. */
  summarise(id: string, summary: TournamentSummary): Promise<void>;
  /**
   * The events not finished that start by `startsBy` (all by default), the soonest first, and up
   * to `finished` of the latest finished.
   */
  listTournaments(finished: number, startsBy?: number): Promise<readonly ListedTournament[]>;
  /** Records the final ranks and scores of a finished event's players. */
  finalise(id: string, lines: readonly FinalLine[]): Promise<void>;
  /** The events `player` joined, the latest first, at most `limit`. */
  playedTournaments(player: string, limit: number): Promise<readonly PlayedTournament[]>;
}
