// The SQL of push subscriptions, for either database (written with $1 parameters), the rows
// turned into subscriptions, and the schema step that made their table.

import type { NameLanguage, NoticeKind } from '@agon/protocol';
import type { Migration, Num } from '../common/sql.ts';
import type { Subscription } from './subscriptions.ts';

/**
 * Schema 6, for notifications: each device's push subscription (subscriptions.ts), its kinds
 * switched off as a comma-separated list in `muted`.
 */
export const pushSchema: Migration = (sql) =>
  sql.exec(`
CREATE TABLE push_subscriptions (
  endpoint TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players (id),
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  language TEXT NOT NULL,
  muted TEXT NOT NULL,
  created_at ${sql.types.int} NOT NULL
${sql.types.table};
CREATE INDEX player_subscriptions ON push_subscriptions (player_id, created_at);
`);

/**
 * Keeps a subscription; one of the same endpoint takes the new owner, language and kinds only
 * when the keys are the same (the browser that holds it), and keeps its age. Changes no row
 * for other keys: the endpoint alone, which a push service's logs or a shared link could show,
 * does not move another player's device.
 */
export const UPSERT_SUBSCRIPTION = `
  INSERT INTO push_subscriptions (endpoint, player_id, p256dh, auth, language, muted, created_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7)
  ON CONFLICT (endpoint) DO UPDATE SET player_id = excluded.player_id,
    language = excluded.language, muted = excluded.muted
  WHERE push_subscriptions.p256dh = excluded.p256dh AND push_subscriptions.auth = excluded.auth`;
/** Drops a player's ($1) subscriptions but the newest $2. */
export const TRIM_SUBSCRIPTIONS = `
  DELETE FROM push_subscriptions WHERE player_id = $1 AND endpoint NOT IN (
    SELECT endpoint FROM push_subscriptions WHERE player_id = $1
    ORDER BY created_at DESC, endpoint DESC LIMIT $2)`;
export const DELETE_SUBSCRIPTION_OF =
  'DELETE FROM push_subscriptions WHERE player_id = $1 AND endpoint = $2';
export const DELETE_SUBSCRIPTION = 'DELETE FROM push_subscriptions WHERE endpoint = $1';
export const SELECT_SUBSCRIPTIONS = `
  SELECT endpoint, player_id, p256dh, auth, language, muted, created_at
  FROM push_subscriptions WHERE player_id = $1 ORDER BY created_at, endpoint`;

/** A row of SELECT_SUBSCRIPTIONS. */
export interface SubscriptionRow {
  readonly endpoint: string;
  readonly player_id: string;
  readonly p256dh: string;
  readonly auth: string;
  readonly language: string;
  readonly muted: string;
  readonly created_at: Num;
}

/** The parameters of UPSERT_SUBSCRIPTION. */
export function subscriptionRow(s: Subscription): unknown[] {
  return [s.endpoint, s.player, s.p256dh, s.auth, s.language, s.off.join(','), s.createdAt];
}

/** A subscription from its row (the stored values were checked on the way in). */
export function subscriptionFrom(row: SubscriptionRow): Subscription {
  return {
    endpoint: row.endpoint,
    player: row.player_id,
    p256dh: row.p256dh,
    auth: row.auth,
    language: row.language as NameLanguage,
    off: row.muted === '' ? [] : (row.muted.split(',') as NoticeKind[]),
    createdAt: Number(row.created_at),
  };
}
