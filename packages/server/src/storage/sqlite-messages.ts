// What the main thread and the SQLite worker say to each other: calls of a domain's repository
// by name, tagged with a reference number and answered once each, in any order.

import type { Domain, ErrorCopy } from './store.ts';

/** What the main thread asks the SQLite worker to do. */
export type Job =
  | {
      readonly op: 'call';
      readonly domain: Domain;
      readonly method: string;
      readonly args: readonly unknown[];
    }
  | { readonly op: 'close' };

/** A job with the reference number its answer will carry. */
export type Request = { readonly ref: number } & Job;

/** The worker's answer to one request: the method's value, or the error it threw. */
export type Reply =
  | { readonly ref: number; readonly ok: true; readonly value?: unknown }
  | { readonly ref: number; readonly ok: false; readonly error: ErrorCopy };
