// Notices sent by the Web Push protocol (RFC 8030), the `Notifier` of a server that keeps
// subscriptions. Each message is encrypted to the browser's keys (RFC 8291, aes128gcm) and
// signed with the server's VAPID keys (RFC 8292) by the `web-push` package; this module sends
// it and reads the push service's answer: 404 or 410 means the browser unsubscribed, and the
// subscription is forgotten. Sending never blocks or fails a game: notices wait in a bounded
// queue, a few are sent at a time, and what goes wrong is logged once per burst.

import type { Notice, NoticeKind, PushPayload } from '@agon/protocol';
import webPush, { type RequestDetails, type Urgency } from 'web-push';
import type { Notifier } from './notices.ts';
import type { PlayerStore } from './players.ts';
import type { Problems } from './problems.ts';
import type { Subscription, SubscriptionStore } from './subscriptions.ts';

/** The server's VAPID key pair, base64url: the public half is what browsers subscribe with. */
export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

/**
 * The server's VAPID keys from `store`: made by the first process to ask and kept among the
 * server's secrets, so every process of a cluster signs alike and a restart keeps every
 * subscription working (a browser's subscription is bound to the key it was made with).
 */
export async function vapidKeys(store: PlayerStore): Promise<VapidKeys> {
  const made = webPush.generateVAPIDKeys();
  return JSON.parse(await store.secret('vapid', JSON.stringify(made))) as VapidKeys;
}

/** Players notified at once: each is a request or a few to push services, so sockets stay few. */
const SENDING = 8;
/** Notices waiting to be sent; past this a burst is dropped (and logged), not queued forever. */
const WAITING = 10_000;
/** How long a push service may take to answer one message. */
const SEND_TIMEOUT_MS = 10_000;
/** The longest a push service keeps a message for an unreachable browser (its own cap). */
const MOST_TTL_S = 28 * 24 * 3600;

/**
 * How long each kind is worth delivering to a browser that is offline, in seconds, and how
 * urgently (RFC 8030 §5.3: a phone on battery may hold back all but `high`).
 */
const DELIVERY: {
  readonly [K in NoticeKind]: { readonly ttl: number; readonly urgency: Urgency };
} = {
  // The whole of the days to move: the turn's own ttl is the deadline (below).
  turn: { ttl: MOST_TTL_S, urgency: 'normal' },
  challenge: { ttl: 24 * 3600, urgency: 'normal' },
  accepted: { ttl: 3600, urgency: 'high' },
  started: { ttl: 3600, urgency: 'high' },
  ended: { ttl: 24 * 3600, urgency: 'low' },
  // Someone seeking now is gone within minutes.
  seeking: { ttl: 120, urgency: 'high' },
  // Sent a few minutes before the start: worth nothing once the event has begun.
  tournament: { ttl: 300, urgency: 'high' },
};

/** What a web push notifier works with. */
export interface PushOptions {
  readonly store: SubscriptionStore;
  readonly keys: VapidKeys;
  /**
   * Who runs the server, a mailto: or https: address that push services may write to about
   * its messages (RFC 8292's subject).
   */
  readonly contact: string;
  readonly problems: Problems;
  readonly now: () => number;
}

/** Sends notices to every subscribed device of a player. */
export class WebPush implements Notifier {
  private readonly waiting: { player: string; notice: Notice }[] = [];
  private sending = 0;
  /** Aborts the requests under way when the server closes. */
  private readonly closing = new AbortController();

  constructor(private readonly options: PushOptions) {}

  notify(player: string, notice: Notice): void {
    if (this.closing.signal.aborted) return;
    if (this.waiting.length >= WAITING) {
      this.options.problems.report('push', 'too many notices waiting; a notice was dropped');
      return;
    }
    this.waiting.push({ player, notice });
    this.next();
  }

  /** Starts sending what waits, up to SENDING players at once. */
  private next(): void {
    while (this.sending < SENDING && this.waiting.length > 0) {
      const { player, notice } = this.waiting.shift()!;
      this.sending++;
      const done = (): void => {
        this.sending--;
        this.next();
      };
      this.deliver(player, notice).then(done, (e: unknown) => {
        this.options.problems.report('push', e, true);
        done();
      });
    }
  }

  /** Sends `notice` to each of `player`'s devices that did not switch its kind off. */
  private async deliver(player: string, notice: Notice): Promise<void> {
    let subscriptions: readonly Subscription[];
    try {
      subscriptions = await this.options.store.subscriptions(player);
    } catch (e) {
      this.options.problems.report('storage', e);
      return;
    }
    for (const s of subscriptions) {
      if (!s.off.includes(notice.kind) && !this.closing.signal.aborted) await this.send(s, notice);
    }
  }

  /** Encrypts and sends one message; a subscription its push service disowns is forgotten. */
  private async send(s: Subscription, notice: Notice): Promise<void> {
    const { keys, contact, problems, now } = this.options;
    const delivery = DELIVERY[notice.kind];
    const ttl =
      notice.kind === 'turn'
        ? Math.min(MOST_TTL_S, Math.max(60, Math.ceil((notice.deadline - now()) / 1000)))
        : delivery.ttl;
    const payload: PushPayload = { notice, language: s.language };
    let request: RequestDetails & { body: Buffer };
    try {
      request = webPush.generateRequestDetails(
        { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: contact, ...keys },
          TTL: ttl,
          urgency: delivery.urgency,
          // A newer turn of the same game replaces one not yet delivered.
          ...(notice.kind === 'turn' && { topic: notice.game }),
        },
      );
    } catch (e) {
      // A key no message can be encrypted to (not a point of the curve): never deliverable.
      problems.report('push', e);
      await this.forget(s.endpoint);
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    let status: number;
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body,
        redirect: 'error',
        signal: AbortSignal.any([this.closing.signal, AbortSignal.timeout(SEND_TIMEOUT_MS)]),
      });
      status = response.status;
      // Read to the end, so the connection goes back to the pool.
      await response.arrayBuffer();
    } catch (e) {
      if (!this.closing.signal.aborted) problems.report('push', e);
      return;
    }
    if (status === 404 || status === 410) await this.forget(s.endpoint);
    else if (status >= 300) problems.report('push', `a push service answered ${status}`);
  }

  /** Forgets the subscription at `endpoint`; a store that fails now is asked again next time. */
  private async forget(endpoint: string): Promise<void> {
    try {
      await this.options.store.forget(endpoint);
    } catch (e) {
      this.options.problems.report('storage', e);
    }
  }

  /** Stops sending: what waits is dropped and the requests under way are aborted. */
  close(): void {
    this.waiting.length = 0;
    this.closing.abort();
  }
}
