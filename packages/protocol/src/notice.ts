// What the server tells a player who is away from the page, by Web Push. A notice carries its
// kind and facts, never text: the service worker words it in the player's own language, and a
// click opens `notice.url`'s page.

import type { Pace } from './base.ts';
import type { PoolId } from './lobby.ts';
import type { NameLanguage } from './player.ts';
import type { EventSchedule } from './tournament.ts';

/** Every kind of notice, in the order the settings list them; each can be switched off. */
export const NOTICE_KINDS = [
  'turn',
  'challenge',
  'accepted',
  'started',
  'ended',
  'seeking',
  'tournament',
] as const;
/** A kind of notice. */
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The end of a game from the reader's side. */
export type NoticeResult = 'win' | 'loss' | 'draw' | 'aborted';

/** A notice: `url` is the app's page a click opens (a game, the lobby). */
export type Notice = NoticeFacts & { readonly url: string };

/** What each kind of notice tells. */
type NoticeFacts =
  /** A correspondence game waits for the reader's move until `deadline` (ms since 1970). */
  | {
      readonly kind: 'turn';
      readonly game: string;
      readonly opponent: string;
      readonly deadline: number;
    }
  /**
   * Several correspondence games wait for the reader's move: the turns that came close
   * together, folded into one notice (docs/online.md, "The turn digest"); `deadline` is the
   * nearest of theirs, and a device replaces the games' own notices with this one.
   */
  | {
      readonly kind: 'turn';
      readonly games: readonly string[];
      readonly deadline: number;
    }
  /** A challenge addressed to the reader. */
  | {
      readonly kind: 'challenge';
      readonly challenge: string;
      readonly from: string;
      readonly pace: Pace;
    }
  /** The reader's challenge was accepted: the game is on. */
  | { readonly kind: 'accepted'; readonly game: string; readonly by: string }
  /** A lobby game of the reader's started while no page of theirs showed it. */
  | { readonly kind: 'started'; readonly game: string; readonly opponent: string }
  /**
   * A league season began with `games`, the reader's games of it, all at once: told once for
   * the season rather than once a game (docs/leagues.md).
   */
  | {
      readonly kind: 'started';
      readonly league: { readonly name: string; readonly season: number };
      readonly games: readonly string[];
    }
  /** A game of the reader's ended while no page of theirs showed it. */
  | {
      readonly kind: 'ended';
      readonly game: string;
      readonly opponent: string;
      readonly result: NoticeResult;
    }
  /** Someone seeks a game in a pool the reader asked to hear of (a waiting-list ping). */
  | { readonly kind: 'seeking'; readonly pool: PoolId; readonly seeker: string }
  /** A tournament the reader joined starts at `startsAt` (ms since 1970). */
  | {
      readonly kind: 'tournament';
      readonly tournament: string;
      readonly name: string;
      readonly schedule?: EventSchedule;
      readonly startsAt: number;
    };

/** What a push message carries: the notice, and the language the device asked to be told in. */
export interface PushPayload {
  readonly notice: Notice;
  readonly language: NameLanguage;
}

/**
 * The body of POST /api/me/push: the browser's `PushSubscription` as its `toJSON()` gives it,
 * with the language to word notices in and the kinds switched off on that device.
 */
export interface PushRequest {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
  readonly language: NameLanguage;
  readonly off: readonly NoticeKind[];
}

/** The longest push endpoint taken: the push services' own are well under 600 characters. */
export const MAX_ENDPOINT = 1000;
/** The most devices a player may have notified; a new one past this replaces the oldest. */
export const MAX_PUSH_DEVICES = 10;
/** The largest body of a push request. */
export const MAX_PUSH_BYTES = 2048;
