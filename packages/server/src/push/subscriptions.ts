// Where the devices that asked to be told things are kept: one browser's push subscription per
// row (its endpoint, the push service's address for that browser, is unique), with the player
// it tells, the language its notices are worded in and the kinds switched off on it. Beside
// GameStore and PlayerStore, implemented by the same stores.

import type { NameLanguage, NoticeKind } from '@agon/protocol';

/** A device's push subscription as stored. */
export interface Subscription {
  readonly endpoint: string;
  /** The browser's P-256 public key, base64url: what a message is encrypted to. */
  readonly p256dh: string;
  /** The browser's 16-byte authentication secret, base64url. */
  readonly auth: string;
  readonly player: string;
  readonly language: NameLanguage;
  /** The kinds of notice this device does not want. */
  readonly off: readonly NoticeKind[];
  readonly createdAt: number;
}

/** The storage of push subscriptions. */
export interface SubscriptionStore {
  /**
   * Keeps `subscription`, then drops the player's oldest beyond `most`; true if kept. One of
   * the same endpoint passes to the new player if the keys are the same (a browser that
   * changed hands); with other keys nothing changes, and the answer is false.
   */
  subscribe(subscription: Subscription, most: number): Promise<boolean>;
  /** Forgets `player`'s subscription at `endpoint`; false if they had none there. */
  unsubscribe(player: string, endpoint: string): Promise<boolean>;
  /** Forgets the subscription at `endpoint`, whoever's: its push service says it is gone. */
  forget(endpoint: string): Promise<void>;
  /** `player`'s subscriptions, oldest first. */
  subscriptions(player: string): Promise<readonly Subscription[]>;
}
