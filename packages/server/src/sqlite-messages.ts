// What the main thread and the SQLite worker say to each other: requests tagged with a
// reference number, answered once each, in any order.

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
  | { readonly op: 'alive'; readonly at: number }
  | { readonly op: 'load'; readonly id: string }
  | { readonly op: 'running' }
  | { readonly op: 'last-alive' }
  | { readonly op: 'close' };

/** A job with the reference number its answer will carry. */
export type Request = { readonly ref: number } & Job;

/** The stored rows of one game, as JSON text. */
export interface GameRows {
  readonly createdAt: number;
  readonly setup: string;
  readonly events: readonly string[];
}

/** The worker's answer to one request; `game`, `ids` and `at` answer the reads. */
export type Reply =
  | {
      readonly ref: number;
      readonly ok: true;
      readonly game?: GameRows;
      readonly ids?: readonly string[];
      readonly at?: number;
    }
  | {
      readonly ref: number;
      readonly ok: false;
      readonly conflict: boolean;
      readonly message: string;
    };
